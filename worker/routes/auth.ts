import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { usersDbOf } from '../db/users';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { chosenLanguage, languageFromHeader } from '../lib/messages';
import { clientIp } from '../lib/request';
import { validate } from '../lib/validate';
import {
  authResult,
  deleteAccountBody,
  languageBody,
  loginBody,
  registerBody,
  sendOtpBody,
  settingsBody,
  updateProfileBody,
  userSchema,
  verifyOtpBody,
} from '../schemas/auth';
import { endRealtimeSessions } from '../services/chat/chat';
import { purgeArchiveOf } from '../services/listings/archive';
import { deleteAccount, getProfile, login, logoutAllDevices, register, sendOtp, updateLanguage, updateProfile, updateSettings, verifyOtp } from '../services/accounts/auth';

const otpSent = z.object({ message: z.string(), resendIn: z.number(), expiresIn: z.number() });

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/register',
    docs({ tags: ['Auth'], summary: 'Register with e-mail and password (the account\'s language is the request\'s Accept-Language, en or hi)', data: authResult, errors: [400, 409, 429] }),
    validate('json', registerBody),
    async (c) => c.json({ success: true as const, data: await register(c.env, getDb(c.env.DB), c.req.valid('json'), clientIp(c), c.req.header('User-Agent'), chosenLanguage(c.req.header('Accept-Language'))) }, 201),
  )
  .post(
    '/login',
    docs({ tags: ['Auth'], summary: 'Log in with e-mail and password', data: authResult, errors: [400, 401, 429] }),
    validate('json', loginBody),
    async (c) => c.json({ success: true as const, data: await login(c.env, getDb(c.env.DB), c.req.valid('json'), clientIp(c), c.req.header('User-Agent')) }),
  )
  .post(
    '/send-otp',
    docs({
      tags: ['Auth'],
      summary: 'Send a 6-digit code by SMS (LOGIN for an existing number, REGISTER for a new one)',
      description: '30 s cooldown per number (400 OTP_COOLDOWN "Please wait ..."), 5 sends per number per hour and a per-network cap (429 with Retry-After). LOGIN for an unknown number answers 404 NO_ACCOUNT "No account found ...".',
      data: otpSent,
      errors: [400, 401, 404, 409, 429],
    }),
    validate('json', sendOtpBody),
    async (c) => {
      const { phone, type } = c.req.valid('json');
      const data = await sendOtp(c.env, getDb(c.env.DB), phone, type, clientIp(c), languageFromHeader(c.req.header('Accept-Language')));
      return c.json({ success: true as const, message: data.message, data });
    },
  )
  .post(
    '/resend-otp',
    docs({ tags: ['Auth'], summary: 'Send a fresh code (same rules as send-otp)', data: otpSent, errors: [400, 401, 404, 409, 429] }),
    validate('json', sendOtpBody),
    async (c) => {
      const { phone, type } = c.req.valid('json');
      const data = await sendOtp(c.env, getDb(c.env.DB), phone, type, clientIp(c), languageFromHeader(c.req.header('Accept-Language')));
      return c.json({ success: true as const, message: 'OTP resent successfully', data: { ...data, message: 'OTP resent successfully' } });
    },
  )
  .post(
    '/verify-otp',
    docs({
      tags: ['Auth'],
      summary: 'Check the code; logs in or creates the account',
      description: 'Codes are single use, expire after 10 minutes and die after 5 wrong tries.',
      data: z.object({ token: z.string(), user: userSchema, isNewUser: z.boolean() }),
      errors: [400, 401, 404, 429],
    }),
    validate('json', verifyOtpBody),
    async (c) => {
      const { message, ...data } = await verifyOtp(c.env, getDb(c.env.DB), c.req.valid('json'), clientIp(c), c.req.header('User-Agent'), chosenLanguage(c.req.header('Accept-Language')));
      return c.json({ success: true as const, message, data });
    },
  )
  .get(
    '/profile',
    docs({ tags: ['Auth'], summary: 'The signed-in user', data: userSchema, errors: [401], auth: true }),
    requireAuth,
    async (c) => c.json({ success: true as const, data: await getProfile(usersDbOf(c.env, currentUser(c).id), currentUser(c).id) }),
  )
  .put(
    '/profile',
    docs({ tags: ['Auth'], summary: 'Change firstName, lastName, businessName, avatar or username (nothing else)', data: userSchema, errors: [400, 401], auth: true }),
    requireAuth,
    validate('json', updateProfileBody),
    async (c) => c.json({ success: true as const, data: await updateProfile(c.env, usersDbOf(c.env, currentUser(c).id), currentUser(c).id, c.req.valid('json')) }),
  )
  .put(
    '/settings',
    docs({ tags: ['Auth'], summary: 'Account settings: sharePhone (may Pro buyers see my phone number?)', data: userSchema, errors: [400, 401], auth: true }),
    requireAuth,
    validate('json', settingsBody),
    async (c) => c.json({ success: true as const, data: await updateSettings(usersDbOf(c.env, currentUser(c).id), currentUser(c).id, c.req.valid('json')) }),
  )
  .put(
    '/language',
    docs({
      tags: ['Auth'],
      summary: 'The language SEL writes to me in while I am away: notifications, push, e-mails, SMS (en or hi)',
      description: 'The web client calls it when a signed-in user switches language; sign-up also stores the language of the request (Accept-Language); a sign-in keeps the account\'s language, which the app adopts on a new device. Texts already written keep their language.',
      data: userSchema,
      errors: [400, 401],
      auth: true,
    }),
    requireAuth,
    validate('json', languageBody),
    async (c) => c.json({ success: true as const, data: await updateLanguage(usersDbOf(c.env, currentUser(c).id), currentUser(c).id, c.req.valid('json').language) }),
  )
  .post(
    '/logout-all-devices',
    docs({ tags: ['Auth'], summary: 'End every session of this account, this one included', data: z.object({ loggedOutDevices: z.number() }), errors: [401], auth: true }),
    requireAuth,
    async (c) => {
      const userId = currentUser(c).id;
      const data = await logoutAllDevices(c.env, usersDbOf(c.env, userId), userId);
      // open tabs stop receiving chats and notifications now, not at their next reconnect
      c.executionCtx.waitUntil(endRealtimeSessions(c.env, userId));
      // the archive of their ended ads carries contact details: it goes too (decision 021)
      c.executionCtx.waitUntil(purgeArchiveOf(c.env, userId).then(() => undefined, (e: unknown) => console.warn('archive purge failed', e)));
      return c.json({ success: true as const, data });
    },
  )
  .delete(
    '/account',
    docs({ tags: ['Auth'], summary: 'Delete the account: personal data wiped, listings taken down, tokens dead', data: z.object({ deleted: z.boolean() }), errors: [400, 401], auth: true }),
    requireAuth,
    validate('json', deleteAccountBody),
    async (c) => {
      const userId = currentUser(c).id;
      const data = await deleteAccount(c.env, getDb(c.env.DB), userId);
      c.executionCtx.waitUntil(endRealtimeSessions(c.env, userId));
      // the archive of their ended ads carries contact details: it goes too (decision 021)
      c.executionCtx.waitUntil(purgeArchiveOf(c.env, userId).then(() => undefined, (e: unknown) => console.warn('archive purge failed', e)));
      return c.json({ success: true as const, data });
    },
  );
