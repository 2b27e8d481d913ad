import { eq } from 'drizzle-orm';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { constantTimeEqual, hmacSha256 } from '../../lib/crypto';
import { AppError, conflict, notFound } from '../../lib/errors';
import { enforce, type Limit } from '../../lib/rate-limit';
import { assertActive, getProfile, staleClaims } from './auth';
import { sendEmail } from '../notifications/outbox';
import { accountsSplit } from '../../db/accounts';
import { claimIdentifiers, releaseIdentifiers } from '../../db/identifiers';
import { render, textLanguage } from '../../schemas/notification-texts';

/** A code lives for the window it was made in and the next one: 10 to 20 minutes. */
export const EMAIL_CODE_WINDOW_MS = 10 * 60_000;

export const EMAIL_LIMITS = {
  send: { name: 'email-code-user', limit: 5, windowMs: 60 * 60_000, message: 'Too many codes sent. Please try again in an hour.' },
  // 10 guesses an hour against 10^6 codes: guessing is hopeless
  verify: { name: 'email-verify-user', limit: 10, windowMs: 60 * 60_000, message: 'Too many wrong codes. Please try again in an hour.' },
} satisfies Record<string, Limit>;

/**
 * The code is derived, not stored (no table): HMAC of the account, the address and the time window.
 * Changing the address or waiting past the window makes old codes worthless.
 */
export async function emailCode(env: Pick<Env, 'JWT_SECRET'>, userId: string, email: string, window: number): Promise<string> {
  const mac = await hmacSha256(`email-verify:${env.JWT_SECRET ?? ''}`, `${userId}:${email}:${window}`);
  const n = new DataView(mac.buffer, mac.byteOffset, 4).getUint32(0);
  return String(n % 1_000_000).padStart(6, '0');
}

const userRow = async (db: Db, userId: string) => {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  assertActive(user);
  return user;
};

/** Sends a code to the account's address, or to `email` when the account has none yet (it becomes the address). */
export async function sendEmailCode(env: Env, db: Db, userId: string, input: { email?: string }, now = Date.now()) {
  const user = await userRow(db, userId);
  if (user.emailVerified) throw new AppError(400, 'EMAIL_ALREADY_VERIFIED', 'Your e-mail address is already verified.');
  let email = user.email;
  const split = accountsSplit(env);
  const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');
  if (input.email && input.email !== user.email) {
    // with several accounts databases the directory's claim below is the check (decision 034)
    if (!split) {
      const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      if (taken && taken.id !== userId) throw emailTaken();
    }
    email = input.email;
  }
  if (!email) throw new AppError(400, 'EMAIL_REQUIRED', 'Please enter your e-mail address');
  await enforce(env, EMAIL_LIMITS.send, userId);
  if (email !== user.email) {
    // the new address is claimed first and the old one given up after the account holds the new
    // one: in between, both name this account, never neither (a failed change releases the new)
    const claimed = [{ kind: 'email' as const, value: email }];
    if (split && (await claimIdentifiers(env, userId, claimed, now, staleClaims(env))).taken.length) throw emailTaken();
    try {
      await db.update(users).set({ email, emailVerified: false, updatedAt: now }).where(eq(users.id, userId));
    } catch {
      if (split) await releaseIdentifiers(env, userId, claimed).catch((e: unknown) => console.warn('identifier claim not released', e));
      throw emailTaken();
    }
    if (split && user.email) await releaseIdentifiers(env, userId, [{ kind: 'email', value: user.email }]);
  }
  const code = await emailCode(env, userId, email, Math.floor(now / EMAIL_CODE_WINDOW_MS));
  // in the account's language (decision 010): set by the app's language switch and at sign-in
  const language = textLanguage(user.language);
  await sendEmail(env, email, render(language, 'emailCodeSubject'), render(language, 'emailCodeBody', { code }));
  return { email, expiresIn: EMAIL_CODE_WINDOW_MS / 1000 };
}

/** Checks the code against the current and the previous window; right → the address is verified. */
export async function verifyEmailCode(env: Env, db: Db, userId: string, code: string, now = Date.now()) {
  const user = await userRow(db, userId);
  if (user.emailVerified) return getProfile(db, userId);
  if (!user.email) throw new AppError(400, 'EMAIL_REQUIRED', 'Add an e-mail address first.');
  await enforce(env, EMAIL_LIMITS.verify, userId);
  const window = Math.floor(now / EMAIL_CODE_WINDOW_MS);
  const typed = new TextEncoder().encode(code);
  let ok = false;
  for (const w of [window, window - 1]) {
    if (constantTimeEqual(new TextEncoder().encode(await emailCode(env, userId, user.email, w)), typed)) ok = true;
  }
  if (!ok) throw new AppError(400, 'EMAIL_CODE_INVALID', 'That code is wrong or has expired. Check the e-mail or ask for a new code.');
  await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
  return getProfile(db, userId);
}
