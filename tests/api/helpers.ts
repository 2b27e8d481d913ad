import { exports } from 'cloudflare:workers';

export const BASE = 'http://sel.test';

/** An answer's status, its body as JSON (its text when it is not JSON) and its headers. */
export const answerOf = async (res: Response) => {
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
};

/** A real fetch into the worker under test, inside workerd. */
export const call = async (path: string, init?: RequestInit) =>
  answerOf(await (exports as unknown as { default: Fetcher }).default.fetch(new Request(`${BASE}${path}`, init)));
