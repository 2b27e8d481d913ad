import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { envelope, errorEnvelope } from '../schemas/common';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: resolver(schema) } });

/** describeRoute with our envelope: the success data schema plus the error statuses the route can answer. */
export const docs = (opts: {
  tags: string[];
  summary: string;
  description?: string;
  data?: z.ZodType;
  errors?: number[];
  auth?: boolean;
}) =>
  describeRoute({
    tags: opts.tags,
    summary: opts.summary,
    ...(opts.description ? { description: opts.description } : {}),
    ...(opts.auth ? { security: [{ bearerAuth: [] }] } : {}),
    responses: {
      200: { description: 'OK', ...(opts.data ? { content: json(envelope(opts.data)) } : {}) },
      ...Object.fromEntries((opts.errors ?? [400]).map((s) => [s, { description: ERROR_TEXT[s] ?? 'Error', content: json(errorEnvelope) }])),
    },
  });

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in or token invalid',
  402: 'Payment required (a paid package unlocks it)',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone for good: an ad moved to the archive (decision 021), a banned or deleted seller (decision 026)',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Too many requests (see Retry-After)',
};
