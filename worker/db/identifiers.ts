/**
 * The identifier directory (decision 034): who owns an e-mail address, a phone number or a Google
 * id, before the account is known. Only used when the accounts are spread over several databases
 * (`accountsSplit`): with one, the unique indexes on `users` answer these questions in the same
 * statement that reads the account, exactly as before, and the `identifiers` table stays empty.
 *
 * Where a row lives: the SHA-256 of `kind:normalised value` names a group (its first four bytes as
 * a number, modulo the 36 groups), and the accounts layout names the group's database, so anyone
 * holding the e-mail or phone finds its row with no other lookup. SHA-256 rather than a keyed hash:
 * the row must be found again whatever secret is rotated, and the value itself is in the account's
 * row anyway; the hash keeps the directory's key short and even across groups. A phone's OTP
 * challenges (keyed by the phone) live in the same database as its directory row.
 *
 * Claims: sign-up (and a change of e-mail, a Google id linked) inserts one row per identifier with a
 * conditional insert (the primary key refuses a second owner), side by side, before writing the
 * account; if any is taken, or the account cannot be written, the claims made are released. A claim
 * left behind by a worker stopped in between is swept after a minute (`sweepUnclaimedIdentifiers`).
 */

import { ACCOUNT_GROUPS } from '../schemas/accounts-shards-data';
import { IDENTIFIER_DIRECTORY } from '../schemas/identifier-directory-data';
import { hex, sha256 } from '../lib/crypto';
import { accountsDatabaseCount, accountsDatabases, accountsDbOfGroup, type AccountsEnv } from './accounts';

export type IdentifierKind = 'email' | 'phone' | 'google';
export type Identifier = { kind: IdentifierKind; value: string };

/** E-mail addresses are compared lower-cased (as `users.email` stores them); phones and Google ids as they are. */
export const normalised = ({ kind, value }: Identifier) => (kind === 'email' ? value.trim().toLowerCase() : value.trim());

/** The directory's key for an identifier: hex SHA-256 of `kind:value`. */
export const identifierHash = async (id: Identifier) => hex(await sha256(`${id.kind}:${normalised(id)}`));

/** The accounts group an identifier's hash falls in. */
export const groupOfIdentifierHash = (hash: string) => ACCOUNT_GROUPS[Number.parseInt(hash.slice(0, 8), 16) % ACCOUNT_GROUPS.length]!;

/** The accounts database holding an identifier's directory row (and, for a phone, its OTP challenges). With one, `DB`. */
export const directoryDb = (env: AccountsEnv, hash: string): D1Database => accountsDbOfGroup(env, groupOfIdentifierHash(hash));

/** The identifiers an account holds, from its row (`users`' columns). */
export const identifiersOf = (u: { email?: string | null; phone?: string | null; googleSub?: string | null }): Identifier[] => [
  ...(u.email ? [{ kind: 'email' as const, value: u.email }] : []),
  ...(u.phone ? [{ kind: 'phone' as const, value: u.phone }] : []),
  ...(u.googleSub ? [{ kind: 'google' as const, value: u.googleSub }] : []),
];

/** The account an identifier belongs to, by its directory row (one statement in one database). */
export const ownerOf = async (env: AccountsEnv, id: Identifier): Promise<string | undefined> => {
  const hash = await identifierHash(id);
  const row = await directoryDb(env, hash).prepare('SELECT user_id FROM identifiers WHERE kind = ? AND value_hash = ?').bind(id.kind, hash).first<{ user_id: string }>();
  return row?.user_id;
};

/** Gives identifiers up, side by side; only rows still held by this account go (a newer owner's stay). */
export const releaseIdentifiers = async (env: AccountsEnv, userId: string, ids: Identifier[]) => {
  await Promise.all(
    ids.map(async (id) => {
      const hash = await identifierHash(id);
      await directoryDb(env, hash).prepare('DELETE FROM identifiers WHERE kind = ? AND value_hash = ? AND user_id = ?').bind(id.kind, hash, userId).run();
    }),
  );
};

/** An identifier another account holds: its owner, and when the claim was made. */
export type HeldClaim = { id: Identifier; owner: string; createdAt: number };
/** Which of these claims are stale (their owner gone, deleted, or no longer holding the identifier). */
export type StaleCheck = (held: HeldClaim[]) => Promise<boolean[]>;

/**
 * Claims identifiers for an account, side by side (one conditional insert each). An identifier
 * another account holds is taken over only when `stale` says that claim is stale (a deletion or a
 * change whose release was lost: nothing else would ever free it), with one conditional update per
 * claim that names the old owner, so of two sign-ups taking over one stale claim exactly one wins.
 * Returns the kinds still held by others; then, or when a database fails, the claims this call made
 * are released before answering, so a refused sign-up leaves nothing behind. A claim this account
 * already holds counts as claimed (a retried step).
 */
export const claimIdentifiers = async (env: AccountsEnv, userId: string, ids: Identifier[], now = Date.now(), stale?: StaleCheck): Promise<{ taken: IdentifierKind[] }> => {
  const outcomes = await Promise.allSettled(
    ids.map(async (id) => {
      const hash = await identifierHash(id);
      const row = await directoryDb(env, hash)
        .prepare(
          // the insert, or (on a conflict) the current claim: one statement either way
          `INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (kind, value_hash) DO UPDATE SET user_id = user_id
           RETURNING user_id, created_at`,
        )
        .bind(id.kind, hash, userId, now)
        .first<{ user_id: string; created_at: number }>();
      return { id, hash, owner: row!.user_id, createdAt: row!.created_at };
    }),
  );
  const claimed = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value.owner === userId ? [o.value.id] : []));
  let failed: unknown = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
  let held = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value.owner !== userId ? [o.value] : []));
  if (!failed && held.length && stale) {
    try {
      const isStale = await stale(held.map(({ id, owner, createdAt }) => ({ id, owner, createdAt })));
      const tookOver = await Promise.all(
        held.map(async (h, i) => {
          if (!isStale[i]) return false;
          const res = await directoryDb(env, h.hash)
            .prepare('UPDATE identifiers SET user_id = ?, created_at = ? WHERE kind = ? AND value_hash = ? AND user_id = ?')
            .bind(userId, now, h.id.kind, h.hash, h.owner)
            .run();
          return res.meta.changes === 1;
        }),
      );
      tookOver.forEach((took, i) => took && claimed.push(held[i]!.id));
      held = held.filter((_, i) => !tookOver[i]);
    } catch (err) {
      failed = err;
    }
  }
  if (failed || held.length) await releaseIdentifiers(env, userId, claimed);
  if (failed) throw failed;
  return { taken: held.map((h) => h.id.kind) };
};

/**
 * The every-minute sweep (worker/index.ts): claims made between `sweepWindowMs + claimGraceMs` and
 * `claimGraceMs` ago whose account is missing (a sign-up stopped after its claims) or deleted (a
 * deletion stopped before its release), in every accounts database side by side, then the
 * accounts they name read in one statement, then the orphans removed. Nothing when there is one
 * accounts database (the directory is not used). `accountOf` reads where the accounts live.
 */
export const sweepUnclaimedIdentifiers = async (
  env: AccountsEnv,
  accountsOf: (ids: string[]) => Promise<Map<string, { status: string }>>,
  now = Date.now(),
): Promise<number> => {
  if (accountsDatabaseCount(env) === 1) return 0;
  const until = now - IDENTIFIER_DIRECTORY.claimGraceMs;
  const from = until - IDENTIFIER_DIRECTORY.sweepWindowMs;
  const perDb = await Promise.all(
    accountsDatabases(env).map(async (db) => ({
      db,
      rows: (await db.prepare('SELECT kind, value_hash, user_id FROM identifiers WHERE created_at >= ? AND created_at < ?').bind(from, until).all<{ kind: string; value_hash: string; user_id: string }>()).results,
    })),
  );
  const ids = [...new Set(perDb.flatMap((d) => d.rows.map((r) => r.user_id)))];
  if (!ids.length) return 0;
  const accounts = await accountsOf(ids);
  const removed = await Promise.all(
    perDb.map(async ({ db, rows }) => {
      const orphans = rows.filter((r) => {
        const a = accounts.get(r.user_id);
        return !a || a.status === 'DELETED';
      });
      if (!orphans.length) return 0;
      const res = await db
        .prepare(`DELETE FROM identifiers WHERE (kind, value_hash, user_id) IN (SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2 FROM json_each(?) AS j)`)
        .bind(JSON.stringify(orphans.map((r) => [r.kind, r.value_hash, r.user_id])))
        .run();
      return res.meta.changes;
    }),
  );
  return removed.reduce((a, b) => a + b, 0);
};
