import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';

/**
 * Outgoing SMS. A real gateway when SMS_PROVIDER_URL is set (a JSON POST with a bearer token);
 * otherwise, only where DEV_OUTBOX is "true", the dev outbox (worker log + GET /api/dev/outbox).
 * With neither, sending fails loudly instead of pretending.
 */
export const sendSms = async (env: Env, to: string, body: string) => {
  if (env.SMS_PROVIDER_URL) {
    const res = await fetch(env.SMS_PROVIDER_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.SMS_PROVIDER_TOKEN ?? ''}` },
      body: JSON.stringify({ to: `+91${to}`, body }),
    });
    if (!res.ok) throw new AppError(503, 'SMS_FAILED', 'We could not send the SMS right now. Please try again shortly.');
    return;
  }
  if (env.DEV_OUTBOX !== 'true') throw new AppError(503, 'SMS_NOT_CONFIGURED', 'SMS delivery is not configured on this server.');
  console.log(`[dev outbox] SMS to ${to}: ${body}`);
  await env.DB.prepare(`INSERT INTO dev_outbox (id, channel, recipient, body, created_at) VALUES (?, 'sms', ?, ?, ?)`)
    .bind(ulid(), to, body, Date.now())
    .run();
};

/**
 * Outgoing e-mail (daily saved-search digests, e-mail verification codes). A provider when EMAIL_PROVIDER_URL is set
 * (a JSON POST with a bearer token), otherwise the dev outbox where DEV_OUTBOX is "true".
 */
export const sendEmail = async (env: Env, to: string, subject: string, body: string) => {
  if (env.EMAIL_PROVIDER_URL) {
    const res = await fetch(env.EMAIL_PROVIDER_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.EMAIL_PROVIDER_TOKEN ?? ''}` },
      body: JSON.stringify({ to, subject, text: body }),
    });
    if (!res.ok) throw new AppError(503, 'EMAIL_FAILED', 'We could not send the e-mail right now.');
    return;
  }
  if (env.DEV_OUTBOX !== 'true') throw new AppError(503, 'EMAIL_NOT_CONFIGURED', 'E-mail delivery is not configured on this server.');
  console.log(`[dev outbox] e-mail to ${to}: ${subject}`);
  await env.DB.prepare(`INSERT INTO dev_outbox (id, channel, recipient, body, created_at) VALUES (?, 'email', ?, ?, ?)`)
    .bind(ulid(), to, `${subject}\n\n${body}`, Date.now())
    .run();
};
