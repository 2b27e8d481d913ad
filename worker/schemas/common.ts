/**
 * Shared zod schemas: imported by the worker (validation, OpenAPI) and by the web client (types,
 * form validation). Nothing here may import server-side code.
 */
import { z } from 'zod';
import { DATE_TIME_EXAMPLE, ISO_DATE_TIME, parseIsoDateTime } from './dates';

export { parseIsoDateTime } from './dates';

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  /** Listing searches: true when more than COUNT_CAP listings match and `total` is the cap ("10,000+"). */
  totalCapped: z.boolean().optional(),
});

/**
 * Listing searches count at most this many matches (so a broad query reads at most this many index
 * entries for its total, and no search reads more than ~2,000 rows at any scale) and only page
 * within them: 50 pages of 20. Decision 005.
 */
export const COUNT_CAP = 1_000;
export type Pagination = z.infer<typeof pagination>;

/** Query-string integer with bounds and a human message. Empty strings count as absent. */
export const queryInt = (name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );

/** Optional trimmed query-string text with a length cap; empty means absent. */
export const queryText = (name: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(max, `${name} must be at most ${max} characters`).optional(),
  );


/**
 * Query-string date or date-time (see parseIsoDateTime) as epoch milliseconds, between `min` and
 * now + `aheadMs` (clock skew); empty means absent. Each failure has its own message.
 */
export const queryDateTime = (name: string, { min, aheadMs, rangeText }: { min: number; aheadMs: number; rangeText: string }) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z
      .string({ error: `${name} must be a date and time like ${DATE_TIME_EXAMPLE}` })
      .max(40, `${name} must be a date and time like ${DATE_TIME_EXAMPLE}`)
      .regex(ISO_DATE_TIME, `${name} must be a date and time like ${DATE_TIME_EXAMPLE}`)
      .transform((v, ctx) => {
        const ms = parseIsoDateTime(v);
        if (ms === undefined) {
          ctx.addIssue({ code: 'custom', message: `${name} "${v}" is not a real date and time (no such day, hour or zone)` });
          return z.NEVER;
        }
        if (ms < min || ms > Date.now() + aheadMs) {
          ctx.addIssue({ code: 'custom', message: `${name} must be ${rangeText}` });
          return z.NEVER;
        }
        return ms;
      })
      .optional(),
  );
