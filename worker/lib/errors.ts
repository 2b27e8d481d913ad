import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { languageFromHeader, localiseMessage } from './messages';

/** An error a person can read. Everything else becomes a logged 500 with a generic message. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** more for the client beside the message (e.g. the packages that unlock a 402) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'VALIDATION_ERROR') => new AppError(400, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const forbidden = (message = 'You do not have permission to perform this action', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const unauthorized = (message = 'Please log in to continue', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const errorBody = (code: string, message: string, issues?: AppError['issues'], extra?: AppError['extra']) => ({
  ...extra,
  success: false as const,
  error: message,
  code,
  ...(issues ? { issues } : {}),
});

/** What an outage of D1/KV/R2 (or the Durable Object behind D1) says. */
const OUTAGE = /D1_ERROR|D1_EXEC_ERROR|D1 DB is overloaded|SQLITE_BUSY|database is locked|KV (GET|PUT|DELETE|LIST)|R2 |Network connection lost|storage operation exceeded|object to be reset|internal error; reference|Durable Object reset/i;
/** ... and what our own bugs say, even when D1 prefixes them with D1_ERROR: those stay 500. */
const BUG = /SQLITE_ERROR|SQLITE_CONSTRAINT|SQLITE_MISMATCH|SQLITE_TOOBIG|D1_TYPE_ERROR|no such (table|column|function)|syntax error/i;

/**
 * D1/KV/R2 failures surface as 503: the request was fine, a dependency was not. The cause chain
 * is read too, because drizzle wraps driver errors ("Failed query: <sql>", cause: the D1 error);
 * the wrapper's own text is skipped since it quotes our SQL.
 */
export const isBindingFailure = (err: unknown) => {
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (!e.message.startsWith('Failed query:')) messages.push(e.message);
  }
  return messages.some((m) => OUTAGE.test(m)) && !messages.some((m) => BUG.test(m));
};

/** Waits between the tries of `afterCommit`: short, the request is still open. */
const AFTER_COMMIT_RETRY_MS = [50, 200];

/**
 * For the reads that build the answer to a write already committed (decision 029): a passing
 * D1/KV/R2 failure there is tried again, a few times, rather than answered 503. A 503 would tell
 * the client the write failed when it is stored, and the client's retry would then be refused
 * (its photos now belong to the ad) or post the ad twice. Other errors are thrown at once.
 */
export const afterCommit = async <T>(read: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      const wait = AFTER_COMMIT_RETRY_MS[attempt];
      if (wait === undefined || !isBindingFailure(err)) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
};

export const handleError = (err: unknown, c: Context) => {
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    // in the reader's language (decision 010): the code stays, so clients still branch on it
    const language = languageFromHeader(c.req.header('accept-language'));
    if (language !== 'en') c.header('Vary', 'Accept-Language', { append: true });
    const issues = err.issues?.map((issue) => ({ ...issue, message: localiseMessage(issue.message, language) }));
    let message = localiseMessage(err.message, language);
    // a ban says why: the moderators' own words follow the fixed sentence (decision 024)
    if (typeof err.extra?.banReason === 'string') message = `${message} ${localiseMessage('Reason:', language)} ${err.extra.banReason}`;
    return c.json(errorBody(err.code, message, issues, err.extra), err.status);
  }
  // Hono's own HTTPExceptions (body limit, malformed JSON) carry a 4xx status we keep.
  if (err instanceof HTTPException && err.status < 500) {
    if (err.status === 413) return c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request is too large'), 413);
    return c.json(errorBody('BAD_REQUEST', err.message || 'Bad request'), err.status);
  }
  console.error('unhandled error', c.req.method, c.req.path, err);
  if (isBindingFailure(err)) {
    c.header('Retry-After', '5');
    return c.json(errorBody('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.'), 503);
  }
  return c.json(errorBody('INTERNAL_ERROR', 'Server error. Please try again later.'), 500);
};
