import { and, eq, gt, isNull, desc, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { favorites, listings, notifications, otpChallenges, savedSearches, sessions, users } from '../../db/schema';
import { invalidateListingCaches } from '../../lib/cache';
import { constantTimeEqual, hex, hmacSha256, randomBytes } from '../../lib/crypto';
import { AppError, afterCommit, conflict, isBindingFailure, notFound, unauthorized } from '../../lib/errors';
import { TOKEN_TTL_SECONDS, signToken, verifyToken } from '../../lib/jwt';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { BACKOFFS, LIMITS, checkBackoff, clearBackoff, enforce, enforceForAddress, networkOf, recordFailure } from '../../lib/rate-limit';
import { namesFromEmail, type User, type UserLanguage } from '../../schemas/auth';
import { render, textLanguage } from '../../schemas/notification-texts';
import { inboxOf } from '../notifications/notifications';
import { sendSms } from '../notifications/outbox';
import { isSharded, listingDatabases } from '../../db/shards';
import { accountsDbForUser, accountsSplit, newUserId } from '../../db/accounts';
import { readUsers, usersDbOf, usersWithAccounts } from '../../db/users';
import { claimIdentifiers, directoryDb, identifierHash, identifiersOf, normalised, ownerOf, releaseIdentifiers, sweepUnclaimedIdentifiers, type Identifier, type StaleCheck } from '../../db/identifiers';
import { IDENTIFIER_DIRECTORY } from '../../schemas/identifier-directory-data';
import { getDb } from '../../db/client';
import { refreshSellerCards } from '../listings/shard-writes';

type UserRow = typeof users.$inferSelect;

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_COOLDOWN_MS = 30_000;
export const OTP_MAX_ATTEMPTS = 5;

export const toUser = (u: UserRow): User => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  username: u.username,
  phone: u.phone,
  avatar: u.avatar,
  businessName: u.businessName,
  isVerified: u.isVerified,
  emailVerified: u.emailVerified,
  phoneVerified: u.phoneVerified,
  sharePhone: u.sharePhone,
  role: u.role === 'ADMIN' || u.role === 'MODERATOR' ? u.role : 'USER',
  language: textLanguage(u.language),
  createdAt: new Date(u.createdAt).toISOString(),
});

const DEACTIVATED = 'Your account has been deactivated. Please contact support.';
const BLOCKED = 'Your account has been blocked. Please contact support for assistance.';
const BANNED = 'Your account has been suspended for breaking SEL’s rules. Please contact support if you think this is a mistake.';

/** Deactivated and blocked accounts are refused everywhere with the spec's words. */
/**
 * A banned person is told why, wherever they meet the ban (sign-in 403, a live session's 401): the
 * moderators' reason travels as `banReason` and is added to the message (lib/errors, decision 024).
 */
const banned = (status: 401 | 403, u: UserRow) => new AppError(status, 'ACCOUNT_BANNED', BANNED, undefined, undefined, u.banReason ? { banReason: u.banReason } : undefined);

export const assertActive = (u: UserRow) => {
  if (u.status === 'BANNED') throw banned(403, u);
  if (u.status === 'DEACTIVATED') throw new AppError(401, 'ACCOUNT_DEACTIVATED', DEACTIVATED);
  if (u.status === 'BLOCKED') throw new AppError(401, 'ACCOUNT_BLOCKED', BLOCKED);
  if (u.status !== 'ACTIVE') throw new AppError(401, 'ACCOUNT_DELETED', 'This account no longer exists.');
};

/**
 * Issues a token and records the session it belongs to. A sign-in keeps the account's language
 * (decisions 010, 024): the language follows the account to a new device, whose app adopts it
 * unless the person has just chosen another there (then the app stores that with
 * PUT /api/auth/language). Only a sign-up takes the language of the request.
 */
const startSession = async (env: Env, db: Db, user: UserRow, userAgent?: string) => {
  const now = Date.now();
  const sid = ulid();
  // the session row lives in the user's accounts database (decision 034; with one, the request's)
  await sessionsDb(env, db, user.id).insert(sessions).values({ id: sid, userId: user.id, userAgent: userAgent?.slice(0, 200) ?? null, createdAt: now, expiresAt: now + TOKEN_TTL_SECONDS * 1000 });
  const token = await signToken(env, { sub: user.id, sid, tv: user.tokenVersion }, now);
  return { token, user: toUser(user) };
};

/**
 * Where a user's session rows live: their accounts database when the accounts are split (decision
 * 034), else the request's database. A session row is only the record "logout from all devices"
 * counts and the expiry sweep removes: no request reads it to accept a token (the token's version,
 * on the account, does that).
 */
const sessionsDb = (env: Env, db: Db, userId: string): Db => (accountsSplit(env) ? getDb(accountsDbForUser(env, userId)) : db);

/**
 * A new account and its first session in one batch (one transaction): if either insert fails,
 * neither is left behind, so the sign-up can simply be retried. With several accounts databases
 * the session row goes to the user's accounts database beside the account's insert (same round
 * trips): if the account is refused its session row is removed again; if only the session row
 * fails, the sign-up still stands (the token does not depend on the row; logout-all counts one
 * device fewer).
 */
const createUserWithSession = async (env: Env, db: Db, row: typeof users.$inferInsert & { id: string }, userAgent?: string) => {
  const now = Date.now();
  const sid = ulid();
  const session = { id: sid, userId: row.id, userAgent: userAgent?.slice(0, 200) ?? null, createdAt: now, expiresAt: now + TOKEN_TTL_SECONDS * 1000 };
  if (usersWithAccounts(env)) {
    // the account and its session in the user's own accounts database: one batch, as with one database
    const own = usersDbOf(env, row.id);
    await own.batch([own.insert(users).values(row), own.insert(sessions).values(session)]);
  } else if (accountsSplit(env)) {
    const own = sessionsDb(env, db, row.id);
    const [account, recorded] = await Promise.allSettled([db.insert(users).values(row).run(), own.insert(sessions).values(session).run()]);
    if (account.status === 'rejected') {
      if (recorded.status === 'fulfilled') await own.delete(sessions).where(eq(sessions.id, sid)).catch((e: unknown) => console.warn('session of a refused sign-up not removed (the expiry sweep will)', e));
      throw account.reason;
    }
    if (recorded.status === 'rejected') console.warn('sign-up without its session row', recorded.reason);
  } else {
    await db.batch([db.insert(users).values(row), db.insert(sessions).values(session)]);
  }
  // stored: the read for the answer is tried again rather than answering as if it were not (decision 029)
  const user = (await afterCommit(() => usersDbOf(env, row.id).select().from(users).where(eq(users.id, row.id)).get()))!;
  return { token: await signToken(env, { sub: user.id, sid, tv: user.tokenVersion }, now), user: toUser(user) };
};

/** A unique index refused the row (drizzle wraps the driver's error, so the causes are read too). */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e.message.includes('UNIQUE')) return true;
  return false;
};

/** The `users` column holding each kind of identifier. */
const IDENTIFIER_COLUMN = { email: users.email, phone: users.phone, google: users.googleSub } as const;
const holds = (u: UserRow, id: Identifier) => (id.kind === 'email' ? u.email === id.value : id.kind === 'phone' ? u.phone === id.value : u.googleSub === id.value);

/**
 * The account holding an e-mail, phone or Google id. With one accounts database: the same single
 * statement on `users`' unique column as before. With several (decision 034): the identifier's
 * directory row, then the account by its id (2 round trips); a claim whose account is missing or no
 * longer holds the identifier (a sign-up or a change stopped half-way) names nobody.
 *
 * Accounts made while there was one accounts database have no directory rows (the directory is
 * only written with several). While `users` itself is in the core, a miss there reads `users`' unique
 * column instead, so they still sign in (still 2 round trips); before `users` moves out of the core,
 * their rows must be written into the directory.
 */
export const userByIdentifier = async (env: Env, db: Db, id: Identifier): Promise<UserRow | undefined> => {
  const byColumn = () => db.select().from(users).where(eq(IDENTIFIER_COLUMN[id.kind], id.value)).get();
  if (!accountsSplit(env)) return byColumn();
  const owner = await ownerOf(env, id);
  // once `users` has left the core the directory is the only way to an account (its rows backfilled before the switch)
  if (!owner) return usersWithAccounts(env) ? undefined : byColumn();
  const user = await usersDbOf(env, owner).select().from(users).where(eq(users.id, owner)).get();
  return user && holds(user, id) ? user : undefined;
};

/**
 * Writes a new account with its identifiers. With several accounts databases its identifiers are
 * claimed first, side by side (`taken` is thrown when another account holds one: the same 409 as
 * the unique index gives with one database); if the account then cannot be written the claims are
 * released, so a retry finds them free. With one, `write` alone, as before.
 */
const withClaims = async <T>(env: Env, row: { id: string; email?: string | null; phone?: string | null; googleSub?: string | null }, taken: () => AppError, write: () => Promise<T>): Promise<T> => {
  if (!accountsSplit(env)) return write();
  const ids = identifiersOf(row);
  const claim = await claimIdentifiers(env, row.id, ids, Date.now(), staleClaims(env));
  if (claim.taken.length) throw taken();
  try {
    return await write();
  } catch (err) {
    await releaseIdentifiers(env, row.id, ids).catch((e: unknown) => console.warn('identifier claims not released (the sweep removes them)', e));
    throw err;
  }
};

/**
 * A claim another account holds is stale when that account is deleted, no longer holds the
 * identifier (a change whose release was lost), or was never written and the claim is past the
 * sweep's grace (decision 034). The owners are read from where `users` lives (worker/db/users.ts),
 * one statement per database side by side: a round trip a refused sign-up pays, not one that succeeds.
 */
export const staleClaims = (env: Env): StaleCheck => async (held) => {
  const owners = await readUsers<{ id: string; status: string; email: string | null; phone: string | null; google_sub: string | null }>(
    env,
    held.map((h) => h.owner),
    ['status', 'email', 'phone', 'google_sub'],
  );
  const now = Date.now();
  return held.map(({ id, owner, createdAt }) => {
    const u = owners.get(owner);
    if (!u) return now - createdAt > IDENTIFIER_DIRECTORY.claimGraceMs;
    const value = id.kind === 'email' ? u.email : id.kind === 'phone' ? u.phone : u.google_sub;
    return u.status === 'DELETED' || value === null || normalised({ kind: id.kind, value }) !== normalised(id);
  });
};

/**
 * Where a phone's OTP challenges live: beside its directory row when the accounts are split
 * (decision 034), else the request's database, as before.
 */
const otpDbFor = async (env: Env, db: Db, phone: string): Promise<Db> => (accountsSplit(env) ? getDb(directoryDb(env, await identifierHash({ kind: 'phone', value: phone }))) : db);

/** Resolves a bearer token to its active user, or throws the right 401. */
export const authenticate = async (env: Env, token: string): Promise<{ user: UserRow; sessionId: string }> => checkAccount(env, await verifyToken(env, token));

/** The account behind a token whose signature is already checked: still there, active, not logged out everywhere. */
export const checkAccount = async (env: Env, claims: { sub: string; sid: string; tv: number }): Promise<{ user: UserRow; sessionId: string }> => {
  const user = await usersDbOf(env, claims.sub).select().from(users).where(eq(users.id, claims.sub)).get();
  if (!user) throw new AppError(401, 'TOKEN_INVALID', 'Invalid authentication token. Please log in again.');
  // a banned account's tokens die at once: 401 (the token is no good), where sign-in answers 403
  if (user.status === 'BANNED') throw banned(401, user);
  assertActive(user);
  if (user.tokenVersion !== claims.tv) throw new AppError(401, 'SESSION_REVOKED', 'You were logged out. Please log in again.');
  return { user, sessionId: claims.sid };
};

// ---------------------------------------------------------------- email and password

export const register = async (
  env: Env,
  db: Db,
  input: { email: string; password: string; username?: string; firstName?: string; lastName?: string },
  ip: string,
  userAgent?: string,
  language?: UserLanguage,
) => {
  await enforceForAddress(env, LIMITS.registerPerIp, ip);
  await limitLookups(env, ip);
  const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');
  // with several accounts databases the directory's claim (in withClaims) is the check
  if (!accountsSplit(env)) {
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
    if (existing) throw emailTaken();
  }
  const defaults = namesFromEmail(input.email);
  const now = Date.now();
  const row = {
    id: newUserId(),
    email: input.email,
    username: input.username ?? defaults.username,
    firstName: input.firstName ?? defaults.firstName,
    lastName: input.lastName ?? defaults.lastName,
    passwordHash: await hashPassword(input.password),
    language: language ?? 'en',
    createdAt: now,
    updatedAt: now,
  };
  try {
    return await withClaims(env, row, emailTaken, () => createUserWithSession(env, db, row, userAgent));
  } catch (err) {
    // two registrations racing for one e-mail: the unique index (or the directory's key) decides
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
};

/** Questions that reveal whether an account exists are counted per address and network before they are answered. */
const limitLookups = async (env: Env, ip: string) => {
  await enforceForAddress(env, LIMITS.lookupPerIp, ip);
  await enforce(env, LIMITS.lookupPerNetwork, networkOf(ip));
};

export const login = async (env: Env, db: Db, input: { email: string; password: string }, ip: string, userAgent?: string) => {
  await enforceForAddress(env, LIMITS.loginPerIp, ip);
  // wrong passwords slow down whoever guesses, per account and network; never a lock for the owner
  const here = `${input.email}|${networkOf(ip)}`;
  await checkBackoff(env, BACKOFFS.passwordPerAccountNetwork, here);
  await checkBackoff(env, BACKOFFS.passwordPerAccount, input.email);
  const user = await userByIdentifier(env, db, { kind: 'email', value: input.email });
  // verifyPassword runs the full PBKDF2 even without a user, so timing does not reveal accounts
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) {
    await Promise.all([recordFailure(env, BACKOFFS.passwordPerAccountNetwork, here), recordFailure(env, BACKOFFS.passwordPerAccount, input.email)]);
    throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');
  }
  await clearBackoff(env, BACKOFFS.passwordPerAccountNetwork, here);
  assertActive(user);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await usersDbOf(env, user.id).update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: Date.now() }).where(eq(users.id, user.id));
  }
  return startSession(env, db, user, userAgent);
};

// ---------------------------------------------------------------- phone OTP

const otpHash = async (env: Env, phone: string, code: string) => hex(await hmacSha256(`otp:${env.JWT_SECRET ?? ''}`, `${phone}:${code}`));

const randomOtp = () => {
  // rejection sampling keeps all 10^6 codes equally likely
  for (;;) {
    const n = new DataView(randomBytes(4).buffer).getUint32(0);
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, '0');
  }
};

const userByPhone = (env: Env, db: Db, phone: string) => userByIdentifier(env, db, { kind: 'phone', value: phone });

/** `requestLanguage`: the SMS is in the account's language when there is one, else in the app's (decision 010). */
export const sendOtp = async (env: Env, db: Db, phone: string, type: 'LOGIN' | 'REGISTER', ip: string, requestLanguage: UserLanguage = 'en') => {
  await limitLookups(env, ip);
  const otpDb = await otpDbFor(env, db, phone);
  const lastSent = () => otpDb.select({ lastSentAt: otpChallenges.lastSentAt }).from(otpChallenges).where(eq(otpChallenges.phone, phone)).orderBy(desc(otpChallenges.createdAt)).get();
  // with several accounts databases finding the account takes two round trips (decision 034): the
  // last code's time is read beside them, so sending still waits on three
  const early = accountsSplit(env) ? lastSent() : undefined;
  early?.catch(() => undefined);
  const user = await userByPhone(env, db, phone);
  if (type === 'LOGIN' && !user) throw notFound('No account found with this phone number', 'NO_ACCOUNT');
  if (type === 'REGISTER' && user) throw conflict('User already exists with this phone number', 'PHONE_TAKEN');
  if (user) assertActive(user);

  const now = Date.now();
  const last = await (early ?? lastSent());
  if (last && now - last.lastSentAt < OTP_COOLDOWN_MS) {
    const wait = Math.ceil((OTP_COOLDOWN_MS - (now - last.lastSentAt)) / 1000);
    throw new AppError(400, 'OTP_COOLDOWN', `Please wait ${wait} seconds before requesting another OTP`, undefined, { 'Retry-After': String(wait) });
  }
  // SMS costs money: cap per number and per network before sending anything
  await enforce(env, LIMITS.otpPerPhone, phone);
  await enforceForAddress(env, LIMITS.otpPerIp, ip);

  const code = randomOtp();
  // a new code replaces every earlier one for this number
  await otpDb.batch([
    otpDb.update(otpChallenges).set({ consumedAt: now }).where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt))),
    otpDb.insert(otpChallenges).values({
      id: ulid(),
      phone,
      type,
      codeHash: await otpHash(env, phone, code),
      ip,
      expiresAt: now + OTP_TTL_MS,
      lastSentAt: now,
      createdAt: now,
    }),
  ]);
  await sendSms(env, phone, render(user ? textLanguage(user.language) : requestLanguage, 'otpSms', { code }));
  return { message: 'OTP sent to your phone number', resendIn: OTP_COOLDOWN_MS / 1000, expiresIn: OTP_TTL_MS / 1000 };
};

const INVALID_OTP = 'Invalid or expired OTP. Please try again.';

export const verifyOtp = async (
  env: Env,
  db: Db,
  input: { phone: string; otp: string; type: 'LOGIN' | 'REGISTER'; firstName?: string; lastName?: string },
  ip: string,
  userAgent?: string,
  language?: UserLanguage,
) => {
  await enforceForAddress(env, LIMITS.verifyPerIp, ip);
  const now = Date.now();
  const otpDb = await otpDbFor(env, db, input.phone);
  // with several accounts databases finding the account takes two round trips (decision 034): they
  // run beside the code's checks instead of after them
  const early = accountsSplit(env) ? userByPhone(env, db, input.phone) : undefined;
  early?.catch(() => undefined);
  const challenge = await otpDb
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.phone, input.phone), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, now)))
    .orderBy(desc(otpChallenges.createdAt))
    .get();
  if (!challenge) throw new AppError(400, 'OTP_INVALID', INVALID_OTP);

  // Count the attempt before comparing, atomically: parallel guesses cannot exceed the limit.
  const counted = await otpDb
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), sql`${otpChallenges.attempts} < ${OTP_MAX_ATTEMPTS}`))
    .returning({ attempts: otpChallenges.attempts })
    .get();
  if (!counted) {
    throw new AppError(400, 'OTP_ATTEMPTS_EXCEEDED', 'Too many wrong attempts. Invalid or expired OTP: please request a new one.');
  }
  const expected = new TextEncoder().encode(challenge.codeHash);
  const actual = new TextEncoder().encode(await otpHash(env, input.phone, input.otp));
  if (!constantTimeEqual(expected, actual)) {
    if (counted.attempts >= OTP_MAX_ATTEMPTS) {
      await otpDb.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
      throw new AppError(400, 'OTP_ATTEMPTS_EXCEEDED', 'Too many wrong attempts. Invalid or expired OTP: please request a new one.');
    }
    throw new AppError(400, 'OTP_INVALID', INVALID_OTP);
  }
  // single use, even when two correct submissions race
  const consumed = await otpDb
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id })
    .get();
  if (!consumed) throw new AppError(400, 'OTP_INVALID', INVALID_OTP);
  try {
    return await signInWithUsedCode();
  } catch (err) {
    // A passing database failure after the code was used up and before an account or session was
    // stored: the code is given back, so the person's retry of the 503 works rather than being
    // told the code is invalid and having to wait for a new SMS (decision 029).
    if (isBindingFailure(err)) {
      await otpDb
        .update(otpChallenges)
        .set({ consumedAt: null })
        .where(and(eq(otpChallenges.id, challenge.id), eq(otpChallenges.consumedAt, now)))
        .catch((e: unknown) => console.warn('OTP could not be given back', e));
    }
    throw err;
  }

  async function signInWithUsedCode() {
    const existing = await (early ?? userByPhone(env, db, input.phone));
    if (input.type === 'LOGIN') {
      if (!existing) throw notFound('User not found', 'NO_ACCOUNT');
      assertActive(existing);
      if (!existing.phoneVerified) {
        await usersDbOf(env, existing.id).update(users).set({ phoneVerified: true, isVerified: true, updatedAt: now }).where(eq(users.id, existing.id));
        // the verified badge on their ads
        await refreshSellerCards(env, existing.id);
      }
      const fresh = (await usersDbOf(env, existing.id).select().from(users).where(eq(users.id, existing.id)).get())!;
      return { ...(await startSession(env, db, fresh, userAgent)), isNewUser: false, message: 'Login successful!' };
    }
    if (existing) throw new AppError(400, 'PHONE_TAKEN', 'User already exists');
    let created: Awaited<ReturnType<typeof createUserWithSession>>;
    const phoneTaken = () => new AppError(400, 'PHONE_TAKEN', 'User already exists');
    const row = {
      id: newUserId(),
      phone: input.phone,
      username: `user${input.phone.slice(-4)}${hex(randomBytes(2))}`,
      firstName: input.firstName ?? 'User',
      lastName: input.lastName ?? '',
      phoneVerified: true,
      isVerified: true,
      language: language ?? 'en',
      createdAt: now,
      updatedAt: now,
    };
    try {
      created = await withClaims(env, row, phoneTaken, () => createUserWithSession(env, db, row, userAgent));
    } catch (err) {
      if (isUniqueViolation(err)) throw phoneTaken();
      throw err;
    }
    return { ...created, isNewUser: true, message: 'Registration successful!' };
  }
};

// ---------------------------------------------------------------- profile and account

export const getProfile = async (db: Db, userId: string) => {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  return toUser(user);
};

export const updateProfile = async (
  env: Env,
  db: Db,
  userId: string,
  input: { firstName?: string; lastName?: string; businessName?: string | null; avatar?: string | null; username?: string },
) => {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: Date.now() };
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.businessName !== undefined) changes.businessName = input.businessName || null;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (input.username !== undefined) changes.username = input.username;
  await db.update(users).set(changes).where(eq(users.id, userId));
  // the name and picture buyers see on the ads and in search, in every listings database
  await refreshSellerCards(env, userId);
  return getProfile(db, userId);
};

/** Account settings a user controls (for now: whether Pro buyers may see their phone number). */
export const updateSettings = async (db: Db, userId: string, input: { sharePhone: boolean }) => {
  await db.update(users).set({ sharePhone: input.sharePhone, updatedAt: Date.now() }).where(eq(users.id, userId));
  return getProfile(db, userId);
};

/** The language of what SEL writes to the user while they are away (decision 010): set when they pick one in the app. */
export const updateLanguage = async (db: Db, userId: string, language: UserLanguage) => {
  await db.update(users).set({ language, updatedAt: Date.now() }).where(eq(users.id, userId));
  return getProfile(db, userId);
};

/**
 * Ends every session: the token version moves on, so all earlier tokens fail at once. With several
 * accounts databases (decision 034) the session rows go in the user's accounts database beside the
 * core's version bump (one round trip, as before); the answer waits for both, and the bump alone is
 * what ends the tokens, so a failure of the removal leaves only rows the expiry sweep takes.
 */
export const logoutAllDevices = async (env: Env, db: Db, userId: string) => {
  const now = Date.now();
  if (accountsSplit(env)) {
    const own = getDb(accountsDbForUser(env, userId));
    const [ended] = await Promise.all([
      own.batch([own.delete(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now))).returning({ id: sessions.id }), own.delete(sessions).where(eq(sessions.userId, userId))]),
      db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now }).where(eq(users.id, userId)),
    ]);
    return { loggedOutDevices: ended[0].length };
  }
  const [ended] = await db.batch([
    db.delete(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now))).returning({ id: sessions.id }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now }).where(eq(users.id, userId)),
  ]);
  return { loggedOutDevices: ended.length };
};

/** The seller-card columns account deletion anonymises in each listings database. */
const CARD_NAMES = 'first_name, last_name, username, avatar, business_name, is_verified, updated_at';
type CardNames = { first_name: string; last_name: string; username: string; avatar: string | null; business_name: string | null; is_verified: number; updated_at: number };

/**
 * Account deletion with several listings databases (decision 033): the account's ads come down and
 * its seller card is anonymised in every database side by side, each in one batch that first reads
 * what it changes. Returns how to put every database back as it was; if any database failed, the
 * others are put back at once and the failure thrown, so the ads are never down in one group of
 * states and live in another. Putting back is guarded on the versions just written: a row changed
 * since then stays as it is.
 */
const takeDownAds = async (env: Env, userId: string, now: number) => {
  const outcomes = await Promise.allSettled(
    listingDatabases(env).map(async (target) => {
      const [ads, card] = await target.batch<unknown>([
        target.prepare(`SELECT id, status, updated_at FROM listings WHERE user_id = ? AND status != 'INACTIVE'`).bind(userId),
        target.prepare(`SELECT ${CARD_NAMES} FROM users WHERE id = ?`).bind(userId),
        target.prepare(`UPDATE listings SET status = 'INACTIVE', updated_at = max(?, updated_at + 1) WHERE user_id = ? AND status != 'INACTIVE'`).bind(now, userId),
        target
          .prepare(`UPDATE users SET first_name = 'Deleted', last_name = 'User', username = ?, avatar = NULL, business_name = NULL, is_verified = 0, updated_at = ? WHERE id = ?`)
          .bind(`deleted_${userId.slice(-8)}`, now, userId),
      ]);
      return { target, ads: ads!.results as { id: string; status: string; updated_at: number }[], card: card!.results[0] as CardNames | undefined };
    }),
  );
  const putBack = () =>
    Promise.all(
      outcomes.flatMap((o) => {
        if (o.status !== 'fulfilled') return [];
        const { target, ads, card } = o.value;
        return [
          target.batch([
            target
              .prepare(
                `UPDATE listings AS l SET status = j.value ->> 1, updated_at = j.value ->> 2 FROM json_each(?) AS j
                 WHERE l.id = j.value ->> 0 AND l.status = 'INACTIVE' AND l.updated_at = max(?, (j.value ->> 2) + 1)`,
              )
              .bind(JSON.stringify(ads.map((a) => [a.id, a.status, a.updated_at])), now),
            ...(card
              ? [
                  target
                    .prepare(`UPDATE users SET first_name = ?, last_name = ?, username = ?, avatar = ?, business_name = ?, is_verified = ?, updated_at = ? WHERE id = ? AND updated_at = ?`)
                    .bind(card.first_name, card.last_name, card.username, card.avatar, card.business_name, card.is_verified, card.updated_at, userId, now),
                ]
              : []),
          ]),
        ];
      }),
    );
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed) {
    await putBack();
    throw failed.reason;
  }
  return putBack;
};

/**
 * Really deletes: personal data is wiped (the row stays as an anonymous tombstone so chats keep
 * their other side), listings come down, favourites and notifications go, every token dies.
 */
export const deleteAccount = async (env: Env, db: Db, userId: string) => {
  const now = Date.now();
  const sharded = isSharded(env);
  // With several listings databases (decision 033) the ads come down there first, side by side,
  // with the seller card anonymised as the core row will be. If a database or then the core's batch
  // fails, every database that changed is put back (takeDownAds): the account, its ads and its cards
  // stay as one database leaves them. A worker stopped before the core's batch leaves an account
  // whose ads are down, which can simply be deleted again; after it, nothing remains.
  // With several accounts databases (decision 034) the favourites live in the user's own one: they go
  // after the core's batch, once the account is gone, so a failure anywhere before leaves the account
  // whole (its favourites too) and simply deletable again. A failure of that last step leaves
  // favourites no one can see (the account is a tombstone, its tokens dead): the consistency checker
  // removes rows whose account is deleted.
  const accountsApart = accountsSplit(env);
  // With `users` moved to the accounts databases (worker/db/users.ts) the account's row lives beside its
  // favourites, searches, sessions and fallback notifications: it becomes a tombstone in ONE batch with
  // their removal there, so the account and its rows go together or not at all. The ads come down
  // first, as with several listings databases (with one, that is the core, the card its row there),
  // and are put back if that batch fails.
  const moved = usersWithAccounts(env);
  // The notifications D1 still holds for the inbox (its fallback) live there too, with the account's
  // sessions: all three go after the core's batch (below). The identifiers are read beside the ads
  // coming down, to be released from the directory once the core's batch has wiped them.
  const [putBack, row] = await Promise.all([
    sharded || moved ? takeDownAds(env, userId, now) : undefined,
    accountsApart ? usersDbOf(env, userId).select({ email: users.email, phone: users.phone, googleSub: users.googleSub }).from(users).where(eq(users.id, userId)).get() : undefined,
  ]);
  const held: Identifier[] = row ? identifiersOf(row) : [];
  const tombstone = {
    email: null,
    phone: null,
    passwordHash: null,
    googleSub: null,
    avatar: null,
    businessName: null,
    firstName: 'Deleted',
    lastName: 'User',
    username: `deleted_${userId.slice(-8)}`,
    isVerified: false,
    emailVerified: false,
    phoneVerified: false,
    status: 'DELETED' as const,
    tokenVersion: sql`${users.tokenVersion} + 1`,
    updatedAt: now,
  };
  if (moved) return deleteMovedAccount(env, db, userId, { tombstone, held, putBack });
  await db.batch([
    // before the phone number is wiped below
    db.delete(otpChallenges).where(sql`${otpChallenges.phone} IN (SELECT phone FROM users WHERE id = ${userId})`),
    db.update(users).set(tombstone).where(eq(users.id, userId)),
    ...(sharded ? [] : [db.update(listings).set({ status: 'INACTIVE', updatedAt: now }).where(eq(listings.userId, userId))]),
    ...(accountsApart ? [] : [db.delete(favorites).where(eq(favorites.userId, userId))]),
    ...(accountsApart ? [] : [db.delete(notifications).where(eq(notifications.userId, userId))]),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    // a deleted account keeps no searches and gets no alerts (the queries' matches are shared); with
    // several accounts databases they go from the user's own below
    ...(accountsApart ? [] : [db.delete(savedSearches).where(eq(savedSearches.userId, userId))]),
  ]).catch(async (error: unknown) => {
    await putBack?.();
    throw error;
  });
  // The account is wiped: its e-mail, phone and Google id are free for a new account (decision 034),
  // and the phone's OTP challenges beside its directory row go. Released after the core's batch, so
  // a failure before it leaves an account that still signs in; a failure here leaves claims of a
  // deleted account, which the next sign-up with those identifiers takes over (staleClaims).
  // Beside them, the user's rows in their accounts database; a failure there leaves rows no one can
  // see (the account is a tombstone and the version bump killed its tokens): favourites and saved
  // searches the consistency checker removes (the alerts and the digest tell no deleted account
  // meanwhile), sessions the expiry sweep removes, fallback notifications of no one.
  const phone = held.find((i) => i.kind === 'phone');
  const own = accountsApart ? accountsDbForUser(env, userId) : undefined;
  await Promise.all([
    ...(held.length ? [releaseIdentifiers(env, userId, held)] : []),
    ...(phone ? [otpDbFor(env, db, phone.value).then((o) => o.delete(otpChallenges).where(eq(otpChallenges.phone, phone.value)))] : []),
    ...(own
      ? [
          own
            .batch([
              own.prepare('DELETE FROM favorites WHERE user_id = ?').bind(userId),
              own.prepare('DELETE FROM notifications WHERE user_id = ?').bind(userId),
              own.prepare('DELETE FROM sessions WHERE user_id = ?').bind(userId),
              own.prepare('DELETE FROM saved_searches WHERE user_id = ?').bind(userId),
            ])
            .catch((error: unknown) => console.warn("account deleted; its rows in its accounts database are left to the checker and the sweeps", userId, error)),
        ]
      : []),
    // the notifications the inbox keeps (decision 032) go too; D1's rows above are those not moved yet
    inboxOf(env, userId).deleteNotifications(),
  ]);
  await invalidateListingCaches(env);
  return { deleted: true };
};

/**
 * The end of a deletion with `users` in the accounts databases (decision 034, the switch on): the
 * account's own batch first — its row a tombstone (every token dies with the version), its favourites,
 * fallback notifications, sessions and saved searches gone, all in its accounts database at once; if it
 * fails, the ads and cards taken down before are put back and nothing has changed. Then, side by side:
 * the identifiers released, the phone's challenges, the inbox, and the core's copy of the row (kept
 * until the copies are retired) wiped the same way, so no copy keeps the person's e-mail or phone or
 * looks like a live account. A failure there leaves the account deleted (its own row says so, and
 * every reader asks that row): a lost release is taken over by the next sign-up, and a copy that was
 * not wiped is logged for a person.
 */
const deleteMovedAccount = async (
  env: Env,
  db: Db,
  userId: string,
  o: { tombstone: SQLiteUpdateSetSource<typeof users>; held: Identifier[]; putBack: (() => Promise<unknown>) | undefined },
) => {
  const own = getDb(accountsDbForUser(env, userId));
  await own
    .batch([
      own.update(users).set(o.tombstone).where(eq(users.id, userId)),
      own.delete(favorites).where(eq(favorites.userId, userId)),
      own.delete(notifications).where(eq(notifications.userId, userId)),
      own.delete(sessions).where(eq(sessions.userId, userId)),
      own.delete(savedSearches).where(eq(savedSearches.userId, userId)),
    ])
    .catch(async (error: unknown) => {
      await o.putBack?.();
      throw error;
    });
  const phone = o.held.find((i) => i.kind === 'phone');
  await Promise.all([
    ...(o.held.length ? [releaseIdentifiers(env, userId, o.held)] : []),
    ...(phone ? [otpDbFor(env, db, phone.value).then((d) => d.delete(otpChallenges).where(eq(otpChallenges.phone, phone.value)))] : []),
    db
      .update(users)
      .set(o.tombstone)
      .where(eq(users.id, userId))
      .catch((error: unknown) => console.error("account deleted; the core's copy of its row was not wiped", userId, error)),
    inboxOf(env, userId).deleteNotifications(),
  ]);
  await invalidateListingCaches(env);
  return { deleted: true };
};

// ---------------------------------------------------------------- third-party sign-in

/** Finds the user for a verified Google identity: by Google id, else by verified e-mail, else a new user. */
export const signInWithGoogle = async (
  env: Env,
  db: Db,
  profile: { sub: string; email: string; emailVerified: boolean; givenName?: string; familyName?: string; picture?: string },
  userAgent?: string,
) => {
  if (!profile.emailVerified) throw new AppError(400, 'OAUTH_EMAIL_UNVERIFIED', 'Your Google e-mail address is not verified.');
  const email = profile.email.toLowerCase();
  const now = Date.now();
  const google = { kind: 'google', value: profile.sub } as const;
  let user = (await userByIdentifier(env, db, google)) ?? (await userByIdentifier(env, db, { kind: 'email', value: email }));
  if (user) {
    assertActive(user);
    if (!user.googleSub || !user.emailVerified) {
      const linked = user;
      const googleTaken = () => conflict('This Google account is already linked to another SEL account.', 'GOOGLE_TAKEN');
      // with several accounts databases the Google id is claimed for the account before it is linked,
      // and an earlier Google id it replaces is given up after
      const replaced = linked.googleSub && linked.googleSub !== profile.sub ? linked.googleSub : null;
      await withClaims(env, { id: linked.id, googleSub: linked.googleSub === profile.sub ? null : profile.sub }, googleTaken, () =>
        usersDbOf(env, linked.id).update(users).set({ googleSub: profile.sub, emailVerified: true, updatedAt: now }).where(eq(users.id, linked.id)),
      );
      if (replaced && accountsSplit(env)) await releaseIdentifiers(env, linked.id, [{ kind: 'google', value: replaced }]);
      user = (await usersDbOf(env, user.id).select().from(users).where(eq(users.id, user.id)).get())!;
    }
  } else {
    const defaults = namesFromEmail(email);
    const row = {
      id: newUserId(),
      email,
      googleSub: profile.sub,
      emailVerified: true,
      username: defaults.username,
      firstName: profile.givenName?.slice(0, 50) || defaults.firstName,
      lastName: profile.familyName?.slice(0, 50) || defaults.lastName,
      avatar: profile.picture?.startsWith('https://') ? profile.picture.slice(0, 500) : null,
      createdAt: now,
      updatedAt: now,
    };
    return withClaims(env, row, () => conflict('An account with this email already exists', 'EMAIL_TAKEN'), () => createUserWithSession(env, db, row, userAgent));
  }
  return startSession(env, db, user, userAgent);
};

/**
 * The every-minute sweep of identifier claims whose account never arrived (decision 034): only with
 * several accounts databases. The accounts are read from where `users` lives (worker/db/users.ts),
 * all of the run's in one statement per database.
 */
export const sweepIdentifierClaims = (env: Env, now = Date.now()) =>
  sweepUnclaimedIdentifiers(
    env,
    async (ids) => readUsers<{ id: string; status: string }>(env, ids, ['status']),
    now,
  );
