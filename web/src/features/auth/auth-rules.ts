/**
 * Pure rules of the sign-in and account screens (spec part 1 §5 and §8): input clean-up, validation
 * messages, registration defaults and the mapping of server errors to what the user reads.
 * No React, no fetch: everything here is unit-tested in auth-rules.test.ts.
 */
import { msg } from '../../lib/i18n';

export const PHONE_LENGTH = 10;
export const OTP_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 30;

export const PHONE_REQUIRED_MESSAGE = msg('Please enter your phone number');
export const PHONE_INVALID_MESSAGE = msg('Please enter a valid 10-digit phone number');
export const OTP_INVALID_INPUT_MESSAGE = msg('Please enter a valid 6-digit OTP');
export const EMAIL_PASSWORD_REQUIRED_MESSAGE = msg('Please enter both email and password');
// Same wording as PASSWORD_RULE in worker/schemas/auth.ts (not imported: that module pulls in full zod).
export const PASSWORD_RULE_MESSAGE = msg('Password must be 8 to 128 characters and contain at least one letter and one number');

/** Phone box: digits only. A pasted '+91 98765-43210' or '098765 43210' keeps its last ten digits. */
export function normalisePhoneInput(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > PHONE_LENGTH && digits.startsWith('91') && raw.trim().startsWith('+')) digits = digits.slice(2);
  if (digits.length === PHONE_LENGTH + 1 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === PHONE_LENGTH + 2 && digits.startsWith('91')) digits = digits.slice(2);
  return digits.slice(0, PHONE_LENGTH);
}

/** Indian mobile numbers: ten digits starting 6-9. Returns the message to show, or null when valid. */
export function validatePhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return PHONE_REQUIRED_MESSAGE;
  if (!/^[6-9]\d{9}$/.test(digits)) return PHONE_INVALID_MESSAGE;
  return null;
}

/** '9876543210' → '+91 98765 43210' for "we sent a code to ...". */
export function formatIndianPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== PHONE_LENGTH) return `+91 ${digits}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** OTP box: non-digits stripped, at most six kept. */
export function sanitiseOtpInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteOtp(otp: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp);
}

export function validateOtp(otp: string): string | null {
  return isCompleteOtp(otp) ? null : OTP_INVALID_INPUT_MESSAGE;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPlausibleEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The server's password rule, checked before the round trip: 8+ characters with a letter and a digit. */
export function validatePassword(password: string): string | null {
  if (password.length < 8 || password.length > 128 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) return PASSWORD_RULE_MESSAGE;
  return null;
}

function capitalise(word: string): string {
  return word ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word;
}

/**
 * Registration defaults from an e-mail address (spec part 1 §3): the username is the local part
 * (or 'user'); first and last names come from the local part split on '.', capitalised, each
 * defaulting to 'User'. The username keeps only characters a handle can hold, so 'a+b@x' works.
 */
export function deriveRegistrationNames(email: string): { username: string; firstName: string; lastName: string } {
  const trimmed = email.trim();
  const at = trimmed.indexOf('@');
  const localPart = at > 0 ? trimmed.slice(0, at) : at === 0 ? '' : trimmed;

  const username = localPart.toLowerCase().replace(/[^a-z0-9._]/g, '').replace(/^[._]+|[._]+$/g, '').slice(0, 30);

  // Digits and symbols are not part of a name: 'john.smith92' → John / Smith.
  const parts = localPart
    .split('.')
    .map((part) => part.replace(/[^\p{L}]/gu, ''))
    .filter(Boolean);
  return {
    // The server accepts 3 to 30 of [A-Za-z0-9._].
    username: username.length >= 3 ? username : 'user',
    firstName: capitalise(parts[0] ?? '') || 'User',
    lastName: capitalise(parts[1] ?? '') || 'User',
  };
}

/** The shape of an API failure these rules look at (ApiError from lib/api satisfies it). */
export type ErrorLike = { status: number; code: string; message: string };

function asErrorLike(error: unknown): ErrorLike | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, code, message } = error as Record<string, unknown>;
  if (typeof status !== 'number' || typeof code !== 'string' || typeof message !== 'string') return null;
  return { status, code, message };
}

/** The LOGIN attempt of the phone flow failed because the number is new: retry as REGISTER (spec §8). */
export function isNoAccountError(error: unknown): boolean {
  const e = asErrorLike(error);
  return !!e && (e.code === 'NO_ACCOUNT' || /no account found/i.test(e.message));
}

export function isOtpCooldownError(error: unknown): boolean {
  const e = asErrorLike(error);
  return !!e && e.status === 400 && (e.code === 'OTP_COOLDOWN' || /please wait/i.test(e.message));
}

/** 'Please wait 23 seconds before…' → 23; null when the message carries no number. */
export function cooldownSecondsFrom(message: string): number | null {
  const match = /(\d+)\s*(?:second|सेकंड)/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** Send / resend OTP failures (spec part 1 §8, OTP). */
export function sendOtpErrorMessage(error: unknown): string {
  const e = asErrorLike(error);
  if (!e) return msg('Failed to send OTP');
  if (e.code === 'TIMEOUT') return msg('Request timed out. Please check your connection and try again.');
  if (e.code === 'NETWORK') return msg('Network error. Please check your connection.');
  if (isOtpCooldownError(e)) return msg('Please wait before requesting another OTP');
  if (e.status === 404 && !isNoAccountError(e)) return msg('Service temporarily unavailable. Please try again later.');
  return e.message || 'Failed to send OTP';
}

export const DEACTIVATED_MESSAGE = msg('Your account has been deactivated. Please contact support.');
export const BLOCKED_MESSAGE = msg('Your account has been blocked. Please contact support for assistance.');

/** Verify OTP failures (spec part 1 §8, OTP). */
export function verifyOtpErrorMessage(error: unknown): string {
  const e = asErrorLike(error);
  if (!e) return msg('Failed to verify OTP');
  if (e.code === 'TIMEOUT') return msg('Request timed out. Please check your connection and try again.');
  if (e.code === 'NETWORK') return msg('Network error. Please check your connection.');
  if (e.status === 400) {
    if (e.code === 'PHONE_TAKEN' || /user already exists/i.test(e.message)) {
      return msg('An account with this phone number already exists. Please try logging in instead.');
    }
    // Five wrong tries kill the code: the server's own words say to request a new one.
    if (e.code === 'OTP_ATTEMPTS_EXCEEDED') return e.message || msg('Too many incorrect attempts. Please request a new OTP.');
    if (e.code === 'OTP_INVALID' || /invalid|expired|incorrect/i.test(e.message)) {
      return msg('Invalid or expired OTP. Please try again.');
    }
    return e.message || 'Failed to verify OTP';
  }
  if (e.status === 404) return msg('User not found. Please try registering again.');
  if (e.status === 401) return accountLockMessage(e) ?? 'Authentication failed. Please try again.';
  return e.message || 'Failed to verify OTP';
}

/** Deactivated / blocked accounts get the spec's fixed wording, whatever the endpoint. */
export function accountLockMessage(error: unknown): string | null {
  const e = asErrorLike(error);
  if (!e || e.status !== 401) return null;
  if (e.code === 'ACCOUNT_DEACTIVATED' || /deactivated/i.test(e.message)) return DEACTIVATED_MESSAGE;
  if (e.code === 'ACCOUNT_BLOCKED' || /blocked/i.test(e.message)) return BLOCKED_MESSAGE;
  return null;
}

/** E-mail login / register failures: the server's words, with the fixed lock messages. */
export function emailAuthErrorMessage(error: unknown, fallback: string): string {
  const e = asErrorLike(error);
  if (!e) return fallback;
  if (e.code === 'TIMEOUT') return msg('Request timed out. Please check your connection and try again.');
  if (e.code === 'NETWORK') return msg('Network error. Please check your connection.');
  return accountLockMessage(e) ?? (e.message || fallback);
}

/** Steps that make a profile complete. Business name is optional and never counted. */
export type ProfileProgressInput = {
  phoneVerified?: boolean | null;
  emailVerified?: boolean | null;
  avatar?: string | null;
};

export type ProfileStep = 'phone' | 'email' | 'avatar';

export function missingProfileSteps(user: ProfileProgressInput): ProfileStep[] {
  const missing: ProfileStep[] = [];
  if (!user.phoneVerified) missing.push('phone');
  if (!user.emailVerified) missing.push('email');
  if (!user.avatar) missing.push('avatar');
  return missing;
}

/** '2 steps left', '1 step left', or null when nothing is missing. */
export function profileProgressLabel(user: ProfileProgressInput): string | null {
  const left = missingProfileSteps(user).length;
  if (left === 0) return null;
  return `${left} ${left === 1 ? 'step' : 'steps'} left`;
}

/** Avatar letter: first letter of the first name, else 'A' (spec part 1 §2). */
export function avatarInitial(firstName: string | null | undefined): string {
  const letter = firstName?.trim().charAt(0);
  return letter ? letter.toUpperCase() : 'A';
}

export { safeRedirectPath } from './redirect-path';

/** 'Member since': 'today', '3 days ago', '2 weeks ago', '5 months ago', '2 years ago'. */
export function memberSinceLabel(createdAt: string, now: Date = new Date()): string {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return '';
  const days = Math.max(0, Math.floor((now.getTime() - created.getTime()) / 86_400_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (days === 0) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.max(1, Math.floor(days / 30)), 'month');
  return plural(Math.floor(days / 365), 'year');
}
