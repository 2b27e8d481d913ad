import type { Env } from '../env';
import { tooManyRequests } from './errors';

export interface Limit {
  /** what is limited, for the key: 'login-ip', 'otp-phone', ... */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

export const LIMITS = {
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * 60_000, message: 'Too many login attempts. Please try again later.' },
  loginPerEmail: { name: 'login-email', limit: 10, windowMs: 15 * 60_000, message: 'Too many login attempts for this account. Please try again later.' },
  registerPerIp: { name: 'register-ip', limit: 10, windowMs: 60 * 60_000, message: 'Too many sign-ups from this network. Please try again later.' },
  otpPerPhone: { name: 'otp-phone', limit: 5, windowMs: 60 * 60_000, message: 'Too many OTP requests for this number. Please try again later.' },
  otpPerIp: { name: 'otp-ip', limit: 20, windowMs: 60 * 60_000, message: 'Too many OTP requests from this network. Please try again later.' },
  postPerUser: { name: 'post-user', limit: 30, windowMs: 60 * 60_000, message: 'You are posting too fast. Please wait a while before posting another ad.' },
  uploadPerUser: { name: 'upload-user', limit: 200, windowMs: 60 * 60_000, message: 'Too many photo uploads. Please wait a while and try again.' },
  messagesPerUser: { name: 'messages-user', limit: 120, windowMs: 60_000, message: 'You are sending messages too fast. Please wait a moment.' },
  verifyPerIp: { name: 'verify-ip', limit: 60, windowMs: 15 * 60_000, message: 'Too many attempts. Please try again later.' },
} satisfies Record<string, Limit>;

/** Counts one hit against `limit` for `subject`; throws a 429 with Retry-After when over. */
export const enforce = async (env: Env, limit: Limit, subject: string) => {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${limit.name}:${subject}`));
  const result = await stub.consume(limit.limit, limit.windowMs);
  if (!result.allowed) throw tooManyRequests(limit.message, result.retryAfterMs / 1000);
};
