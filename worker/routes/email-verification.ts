import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { usersDbOf } from '../db/users';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { userSchema } from '../schemas/auth';
import { emailCodeSent, sendEmailCodeBody, verifyEmailBody } from '../schemas/email-verification';
import { sendEmailCode, verifyEmailCode } from '../services/accounts/email-verification';

/** /api/auth/email: the profile's "verify your e-mail" step. */
export const emailVerificationRoutes = new Hono<AppEnv>()
  .post(
    '/send-code',
    docs({
      tags: ['Auth'],
      summary: 'E-mail a 6-digit code to verify the address (an account without one sends `email`, which becomes its address)',
      description: '5 sends per account an hour (429). 400 EMAIL_ALREADY_VERIFIED, 400 EMAIL_REQUIRED, 409 EMAIL_TAKEN.',
      data: emailCodeSent,
      errors: [400, 401, 409, 413, 429],
      auth: true,
    }),
    requireAuth,
    validate('json', sendEmailCodeBody),
    async (c) => c.json({ success: true as const, data: await sendEmailCode(c.env, usersDbOf(c.env, currentUser(c).id), currentUser(c).id, c.req.valid('json')) }),
  )
  .post(
    '/verify',
    docs({
      tags: ['Auth'],
      summary: 'Check the e-mailed code; the address becomes verified',
      description: 'Codes expire after 10 to 20 minutes; 10 tries per account an hour (429).',
      data: userSchema,
      errors: [400, 401, 413, 429],
      auth: true,
    }),
    requireAuth,
    validate('json', verifyEmailBody),
    async (c) => c.json({ success: true as const, data: await verifyEmailCode(c.env, usersDbOf(c.env, currentUser(c).id), currentUser(c).id, c.req.valid('json').code) }),
  );
