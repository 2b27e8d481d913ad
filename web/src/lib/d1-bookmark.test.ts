import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage in memory (the suite runs in Node, without a browser). */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
};

const older = '00000005-00000001-00004f85-0a0b0c0d0e0f';
const newer = '0000000a-00000001-00004f85-0a0b0c0d0e0f';

describe('the D1 bookmark the web client keeps', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    vi.resetModules();
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
  });

  it('keeps the newest bookmark it was given and sends it back with the next request', async () => {
    const { sendBookmark, takeBookmark } = await import('./d1-bookmark');
    takeBookmark(new Response(null, { headers: { 'x-d1-bookmark': newer } }));
    // an answer that read an older replica (or came from a cache) never moves it back
    takeBookmark(new Response(null, { headers: { 'x-d1-bookmark': older } }));
    takeBookmark(new Response(null));
    const headers = new Headers();
    sendBookmark(headers);
    expect(headers.get('x-d1-bookmark')).toBe(newer);
    expect(storage.items.get('sel:d1-bookmark')).toBe(newer);
  });

  it('survives a reload, and ignores a stored value that is not a bookmark', async () => {
    storage.setItem('sel:d1-bookmark', older);
    const first = await import('./d1-bookmark');
    expect(first.currentBookmark()).toBe(older);
    vi.resetModules();
    storage.setItem('sel:d1-bookmark', '<script>');
    const second = await import('./d1-bookmark');
    const headers = new Headers();
    second.sendBookmark(headers);
    expect(headers.has('x-d1-bookmark')).toBe(false);
  });
});
