/**
 * Where an account's own rows live when accounts are spread over several D1 databases (decision 034).
 *
 * The key is the user: every table that moves is read by the user it belongs to (their favourites,
 * their cart), so a request knows the database from the signed-in user's id alone, with no lookup.
 * Accounts fall into 36 **groups**, one base-36 character each; a new account's id ends in its
 * group's character (`usr_<ulid><group>`) and keeps it for life. A deployment runs N accounts
 * databases (`ACCOUNTS_DATABASES`, one of the layouts below); a layout says which groups each one
 * holds, and growing moves whole groups, never renames an account.
 *
 * Why 36 groups: the capacity model (decision 020, `npm run capacity`) needs 36 accounts databases
 * at the anchor volume after 36 months (15 before the identifier directory was counted, 18 before the
 * chat list per member was); 36 groups let 36 databases hold one each (and 18 two each, on the way
 * there). Past 36 a new id form (a second character) is needed. A group is drawn uniformly at random at sign-up (the
 * user's id says nothing about them), so groups hold equal shares of accounts (*estimate*: equal in
 * expectation; nothing about a person chooses the group).
 *
 * Accounts made before ids carried a group (plain `usr_<ulid>`, the demo seed's `usr_demo_…`) are
 * group 0: a deployment that grows from one database keeps its first database as group 0's home, or
 * moves those accounts' rows with a data move (later work).
 */

/** The groups, in order: the character an id ends in is the group's name. */
export const ACCOUNT_GROUPS = '0123456789abcdefghijklmnopqrstuvwxyz'.split('');

/** Accounts whose id names no group (made before the split) live with this group. */
export const GROUP_OF_UNTAGGED_ACCOUNTS = '0';

/** `0-8` → ['0', …, '8']: the layouts below name contiguous runs of groups. */
const run = (from: string, to: string) => ACCOUNT_GROUPS.slice(ACCOUNT_GROUPS.indexOf(from), ACCOUNT_GROUPS.indexOf(to) + 1);

/**
 * Which groups each accounts database holds, per supported number of databases. Reviewed, not
 * computed, so moving to another N is a deliberate data change. Groups are equal, so four databases
 * hold 25 % each, eighteen 1/18 each, thirty-six 1/36; fifteen hold three groups in six databases and two in nine
 * (8.3 % and 5.6 % of accounts: the largest is 1.25× the mean — the capacity model takes each
 * layout's largest share, `accountsImbalance`).
 */
export const ACCOUNTS_LAYOUTS: Readonly<Record<number, readonly (readonly string[])[]>> = {
  1: [ACCOUNT_GROUPS],
  4: [run('0', '8'), run('9', 'h'), run('i', 'q'), run('r', 'z')],
  // two groups each, so every database holds 1/18 (the design before the chat list per member was counted)
  18: Array.from({ length: 18 }, (_, i) => ACCOUNT_GROUPS.slice(2 * i, 2 * i + 2)),
  // the capacity model's design (decision 034): one group each, every database 1/36; reached from 18 by moving one group of each pair
  36: ACCOUNT_GROUPS.map((group) => [group]),
  15: [
    run('0', '2'), run('3', '5'), run('6', '8'), run('9', 'b'), run('c', 'e'), run('f', 'h'),
    run('i', 'j'), run('k', 'l'), run('m', 'n'), run('o', 'p'), run('q', 'r'), run('s', 't'), run('u', 'v'), run('w', 'x'), run('y', 'z'),
  ],
};
