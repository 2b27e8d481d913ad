import { z } from 'zod';

/**
 * Verifying an e-mail address from the profile's "verify your e-mail" step. A 6-digit code goes
 * to the address; typing it back marks it verified.
 * An account without an address (signed up by phone) sends one here, and it becomes its address.
 */
export const sendEmailCodeBody = z
  .object({
    email: z
      .string({ error: 'Please enter your e-mail address' })
      .trim()
      .min(1, 'Please enter your e-mail address')
      .max(254, 'Email is too long')
      .pipe(z.email('Please enter a valid email address'))
      .transform((e) => e.toLowerCase())
      .optional(),
  })
  .strict();

export const verifyEmailBody = z
  .object({ code: z.string({ error: 'Please enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Please enter the 6-digit code from the e-mail') })
  .strict();

export const emailCodeSent = z.object({ email: z.string(), expiresIn: z.number() });
