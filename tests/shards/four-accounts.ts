import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import { createUserWithToken } from '../factories';

/**
 * The accounts files of this suite hand the worker four accounts databases on the env of each request
 * (the rest of the shards suite keeps the accounts in the core): these are their shared pieces.
 */
export const accountsDbs = [env.ACCOUNTS_0!, env.ACCOUNTS_1!, env.ACCOUNTS_2!, env.ACCOUNTS_3!];
export const fourAccounts = { ...env, ACCOUNTS_DATABASES: '4' } as Env;

/** A request through the worker with the accounts over four databases. */
export const call = async (path: string, init: RequestInit = {}) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, fourAccounts, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
export const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** A group character that lands in each accounts database with four (worker/schemas/accounts-shards-data.ts). */
export const GROUP_IN = ['3', 'c', 'k', 'w'] as const;
/** An account whose id names a group held by accounts database `database` of four. */
export const userIn = (database: number, o: Parameters<typeof createUserWithToken>[0] = {}) =>
  createUserWithToken({ id: `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`, ...o });
