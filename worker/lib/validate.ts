import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { AppError } from './errors';

const pathOf = (issue: StandardSchemaV1.Issue) =>
  (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? String(p.key) : String(p))).join('.');

/**
 * zod validation that answers with our envelope: 400, the first problem as the message, all of them
 * in `issues`. Also registers the schema with the OpenAPI document.
 */
export const validate = <S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) =>
  validator(target, schema, (result) => {
    if (!result.success) {
      const issues = (result.error as readonly StandardSchemaV1.Issue[]).map((i) => ({ path: pathOf(i), message: i.message }));
      const first = issues[0];
      // schemas word their messages for people ("page must be at least 1"), so the first one is the answer
      const message = first?.message ?? 'Invalid request';
      throw new AppError(400, 'VALIDATION_ERROR', message, issues);
    }
  });
