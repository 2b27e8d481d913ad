import { z } from 'zod';
import { plainText } from './text';

/** Indian mobile numbers: 10 digits starting 6-9; "+91 98765 43210", "098765-43210" are accepted. */
export const normalisePhone = (raw: string): string | undefined => {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
};

export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';

export const phoneField = z
  .string({ error: 'Please enter your phone number' })
  .max(20, PHONE_MESSAGE)
  .refine((v) => v.trim().length > 0, 'Please enter your phone number')
  .transform((v, ctx) => {
    const phone = normalisePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

export const otpType = z.enum(['LOGIN', 'REGISTER'], { error: 'type must be LOGIN or REGISTER' });

export const PASSWORD_RULE = 'Password must be 8 to 128 characters and contain at least one letter and one number';
const password = z
  .string({ error: 'Please enter both email and password' })
  .min(1, 'Please enter both email and password')
  .refine((p) => p.length >= 8 && p.length <= 128 && /[A-Za-z]/.test(p) && /\d/.test(p), PASSWORD_RULE);

const email = z
  .string({ error: 'Please enter both email and password' })
  .trim()
  .min(1, 'Please enter both email and password')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

// names show in lists, chats and the moderators' audit log: one clean line (decision 008)
const personName = (label: string) =>
  plainText(label, { min: 1, max: 50, messages: { min: `${label} is required`, max: `${label} must be at most 50 characters` } }).refine(
    (v) => !/[<>{}\\]/.test(v),
    `${label} contains characters that are not allowed`,
  );

export const USERNAME_RULE = 'Username must be 3 to 30 characters: letters, numbers, dots and underscores';
const username = z.string().trim().regex(/^[A-Za-z0-9._]{3,30}$/, USERNAME_RULE);

export const registerBody = z.object({
  email,
  password,
  username: username.optional(),
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
});

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Please enter both email and password' }).min(1, 'Please enter both email and password').max(1024, 'Password is too long'),
});

export const sendOtpBody = z.object({ phone: phoneField, type: otpType.default('LOGIN'), email: z.string().max(254).optional() });

export const verifyOtpBody = z.object({
  phone: phoneField,
  otp: z
    .string({ error: 'Please enter a valid 6-digit OTP' })
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Please enter a valid 6-digit OTP')),
  type: otpType.default('LOGIN'),
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
}).superRefine((body, ctx) => {
  // A new account needs a name people can tell apart: without one every phone sign-up showed as
  // "User" in chats, on ads and in the audit log. Checked before the code is, so it is not used up.
  if (body.type === 'REGISTER' && !body.firstName) {
    ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'Please tell us your name: buyers and sellers see it in chats and on your ads' });
  }
});

const avatarUrl = z
  .string()
  .trim()
  .max(500, 'Avatar URL is too long')
  .refine((v) => /^https:\/\/[^\s]+$/.test(v) || /^\/api\/media\/[A-Za-z0-9/_.-]+$/.test(v), 'Avatar must be an https:// image URL or an uploaded photo');

/** Only these can change through PUT /auth/profile; anything else in the body is dropped. */
export const updateProfileBody = z
  .object({
    firstName: personName('First name').optional(),
    lastName: personName('Last name').optional(),
    businessName: plainText('Business name', { max: 80, messages: { max: 'Business name must be at most 80 characters' } }).nullable().optional(),
    avatar: avatarUrl.nullable().optional(),
    username: username.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update: send firstName, lastName, businessName, avatar or username');

export const settingsBody = z.object({ sharePhone: z.boolean({ error: 'sharePhone must be true or false' }) });

/** the language of notifications, push, e-mails and SMS written for the user (decision 010) */
export const USER_LANGUAGES = ['en', 'hi'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
export const languageBody = z.object({
  language: z.enum(USER_LANGUAGES, { error: 'language must be en (English) or hi (Hindi)' }),
});

export const deleteAccountBody = z.object({
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm that you want to delete your account' }),
});

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  businessName: z.string().nullable(),
  isVerified: z.boolean(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  sharePhone: z.boolean(),
  /** USER | MODERATOR | ADMIN: decides nothing on the client except whether to show the Admin link */
  role: z.enum(['USER', 'MODERATOR', 'ADMIN']),
  /** en | hi: the language of what SEL writes to the user while they are away (notifications, e-mails, SMS) */
  language: z.enum(USER_LANGUAGES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResult = z.object({ token: z.string(), user: userSchema });

/** Registration defaults from the spec: username = e-mail local part; names from "first.last". */
export const namesFromEmail = (emailAddress: string) => {
  const local = emailAddress.split('@')[0] ?? '';
  const cap = (s: string | undefined) => (s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : 'User');
  const [first, last] = local.split('.').filter(Boolean);
  const cleanedUsername = local.replace(/[^A-Za-z0-9._]/g, '').slice(0, 30);
  return { username: cleanedUsername.length >= 3 ? cleanedUsername : 'user', firstName: cap(first), lastName: cap(last) };
};
