import { exports } from 'cloudflare:workers';

export const BASE = 'http://sel.test';

/** A real fetch into the worker under test, inside workerd. */
export const call = async (path: string, init?: RequestInit) => {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(new Request(`${BASE}${path}`, init));
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
};
