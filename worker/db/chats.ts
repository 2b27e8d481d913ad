/**
 * Where a conversation's directory row (`chats`: its ad, its two members, counters, read marks, stars,
 * the first reply time) lives: the ONE place that says so (decision 034). Until the switch is on it is
 * the core (`DB`) for every conversation, with the same SQL and round trips as before.
 *
 * With `CHATS_WITH_ACCOUNTS = "1"` (together with `CHAT_LIST_WITH_ACCOUNTS` and several accounts
 * databases) the row lives in its BUYER's accounts database: the (ad, buyer) uniqueness that keeps one
 * conversation per ad and buyer is then one unique index in one database, and the buyer's own
 * `chat_members` row sits beside it, so the room's group commit writes both in one batch.
 *
 * How a conversation's database is found:
 * - a conversation made since ids carry it (`cht_<ulid><group>`, the buyer's group character, as user
 *   ids do) names it: no look-up;
 * - an older one (`cht_<ulid>`, no group) is found from its buyer, which the asking member's own
 *   `chat_members` row names (its role and `other_id`); the chat room remembers its buyer in its own
 *   storage once it has read its members, so neither a member nor a room ever asks the core.
 */

import { ulid } from '../lib/ulid';
import { accountsDbForUser, accountsDbOfGroup, accountsSplit, groupOfUserId, type AccountsEnv } from './accounts';

export type ChatsEnv = AccountsEnv & { CHAT_LIST_WITH_ACCOUNTS?: string; CHATS_WITH_ACCOUNTS?: string };

/**
 * Has `chats` moved to the buyers' accounts databases? Only together with the chat list per member:
 * an older conversation is found through its members' rows, which must exist first.
 */
export const chatsWithAccounts = (env: ChatsEnv): boolean =>
  env.CHATS_WITH_ACCOUNTS === '1' && env.CHAT_LIST_WITH_ACCOUNTS === '1' && accountsSplit(env);

/** `cht_` + a lower-case ULID (26) + the buyer's group character. */
const TAGGED_CHAT_ID = /^cht_[0-9a-hjkmnp-tv-z]{26}([0-9a-z])$/;

/** The accounts group a conversation id names (its buyer's), or null for an id from before the tag. */
export const groupOfChatId = (chatId: string): string | null => TAGGED_CHAT_ID.exec(chatId)?.[1] ?? null;

/**
 * A new conversation's id: its ULID and its buyer's group. Tagged with the switch off too, so the
 * conversations made until the switch is turned on need no look-up afterwards (an id cannot change:
 * it names the room, the archive's marker and the links members keep).
 */
export const newChatId = (buyerId: string): string => `cht_${ulid().toLowerCase()}${groupOfUserId(buyerId)}`;

/**
 * The database holding this conversation's row: `DB` with the switch off; with it on, the database of
 * the group its id names, else the buyer's (when the caller knows the buyer), else undefined — an
 * older conversation whose buyer is not known yet (`locateChat` finds it).
 */
export const chatDbFor = (env: ChatsEnv, chatId: string, buyerId?: string): D1Database | undefined => {
  if (!chatsWithAccounts(env)) return env.DB;
  const group = groupOfChatId(chatId);
  if (group) return accountsDbOfGroup(env, group);
  return buyerId === undefined ? undefined : accountsDbForUser(env, buyerId);
};

/**
 * The database of a conversation asked about by one of its members (`userId`): its id's group, or for
 * an older conversation the buyer the member's own `chat_members` row names (one read in the member's
 * database). Undefined when the member has no row of it: a conversation they are not in (or none).
 */
export const locateChat = async (env: ChatsEnv, chatId: string, userId: string): Promise<D1Database | undefined> => {
  const known = chatDbFor(env, chatId);
  if (known) return known;
  const own = await accountsDbForUser(env, userId)
    .prepare('SELECT role, other_id FROM chat_members WHERE user_id = ? AND chat_id = ?')
    .bind(userId, chatId)
    .first<{ role: string; other_id: string }>();
  return own ? accountsDbForUser(env, own.role === 'BUYER' ? userId : own.other_id) : undefined;
};
