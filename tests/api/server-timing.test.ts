import { describe, expect, it } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { createListing, createUser } from '../factories';
import { APP_SHELL, withAppShell } from '../support/app-shell';

const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

/** One request through the whole worker (sessions, the app, its middleware), as the benchmarks make it. */
const fetchWorker = async (path: string, edgeCache: string, headers: Record<string, string> = {}) => {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, ...headers } }) as Request<unknown, IncomingRequestCfProperties>, withAppShell(APP_SHELL, { EDGE_CACHE: edgeCache }) as never, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  const stages = new Map<string, number>();
  for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (m) stages.set(m[1]!, Number(m[2]));
  }
  return { res, stages };
};

describe('per-stage timing (decision 023)', () => {
  it('under EDGE_CACHE=measure names the way through the worker: sessions, the app, each app-wide middleware, the handler', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Timed Scooty', city: 'Jaipur' });
    const page = await fetchWorker('/products?location=Jaipur', 'measure', { 'x-edge-cache': 'bypass' });
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('x-edge-cache')).toBe('BYPASS');
    for (const stage of ['session', 'app', 'mw-edge', 'handler', 'db', 'markup', 'cache', 'total']) expect(page.stages.has(stage), stage).toBe(true);
    // the API-only middleware does not run for a page
    expect(page.stages.has('mw-secure-headers')).toBe(false);
    // nested stages sit inside the ones that hold them (the clock has millisecond steps: equal is possible)
    expect(page.stages.get('handler')!).toBeLessThanOrEqual(page.stages.get('app')!);
    expect(page.stages.get('app')!).toBeLessThanOrEqual(page.stages.get('total')!);
    const api = await fetchWorker('/api/listings?location=Jaipur&limit=5', 'measure', { 'x-edge-cache': 'bypass' });
    expect(api.res.status).toBe(200);
    for (const stage of ['mw-again-as-guest', 'mw-edge', 'mw-secure-headers', 'mw-private', 'mw-body-limit', 'handler', 'app']) expect(api.stages.has(stage), stage).toBe(true);
  });

  it('names each D1 statement with its rows read and SQLite time (X-D1-Statements), under measure only', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Timed Activa', city: 'Jaipur', categoryId: 'vehicles', subcategoryId: 'vehicles-scooters', isFeatured: true });
    const { res } = await fetchWorker('/api/listings?category=vehicles&subcategory=vehicles-scooters&limit=5', 'measure', { 'x-edge-cache': 'bypass' });
    expect(res.status).toBe(200);
    const statements = (res.headers.get('x-d1-statements') ?? '').split(', ').map((part) => /^(.+);rows=(\d+);dur=([\d.]+);sql=([0-9a-f]{8})$/.exec(part));
    const names = statements.map((m) => m?.[1]);
    // a category's first page: its page, its count and the day's pins, in one batch
    for (const name of ['page', 'count', 'pins']) expect(names, String(names)).toContain(name);
    // the page reads at least its one row; its header agrees with the route's own count of rows read
    const rows = statements.reduce((n, m) => n + Number(m?.[2] ?? 0), 0);
    expect(Number(statements.find((m) => m?.[1] === 'page')?.[2])).toBeGreaterThan(0);
    expect(rows).toBeGreaterThanOrEqual(Number(res.headers.get('x-d1-rows-read')));
    // each statement's text as a hash (SQLite compiles a text it has not kept): the same shape of
    // search for another subcategory sends the same texts, a text search others
    const texts = (r: Response) => new Map((r.headers.get('x-d1-statements') ?? '').split(', ').map((part) => [part.split(';')[0]!, /;sql=([0-9a-f]{8})$/.exec(part)?.[1]] as const));
    const other = await fetchWorker('/api/listings?category=vehicles&subcategory=vehicles-motorcycles&limit=5', 'measure', { 'x-edge-cache': 'bypass' });
    const words = await fetchWorker('/api/listings?q=activa&limit=5', 'measure', { 'x-edge-cache': 'bypass' });
    expect(texts(other.res).get('page')).toBeDefined();
    expect(texts(other.res).get('page')).toBe(texts(res).get('page'));
    expect(texts(other.res).get('pins')).toBe(texts(res).get('pins'));
    expect(texts(words.res).get('page-text')).toMatch(/^[0-9a-f]{8}$/);
    expect(texts(words.res).get('page-text')).not.toBe(texts(res).get('page'));
    const off = await fetchWorker('/api/listings?category=vehicles&subcategory=vehicles-scooters&limit=5', 'on');
    expect(off.res.headers.get('x-d1-statements')).toBeNull();
  });

  it('is off everywhere else: no Server-Timing header', async () => {
    for (const mode of ['on', 'off']) {
      const { res } = await fetchWorker('/api/listings?limit=5', mode);
      expect(res.status).toBe(200);
      expect(res.headers.get('server-timing')).toBeNull();
    }
  });
});
