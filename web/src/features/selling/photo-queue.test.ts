import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { PhotoQueue, UPLOAD_CONCURRENCY, type PhotoQueueDeps } from './photo-queue';

const file = (name: string, size = 1000, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

/** Uploads that wait until the test settles them. */
function harness(overrides: Partial<PhotoQueueDeps> = {}) {
  const pending: { name: string; resolve: (url: string) => void; reject: (e: unknown) => void }[] = [];
  const errors: string[] = [];
  let previews = 0;
  const revoked: string[] = [];
  const deps: PhotoQueueDeps = {
    prepare: async (f) => ({ file: f, width: 100, height: 100 }),
    upload: (f, onProgress) =>
      new Promise((resolve, reject) => {
        onProgress(0.5);
        pending.push({ name: f.name, resolve: (url) => resolve({ url, id: url, width: 1, height: 1 }), reject });
      }),
    createPreview: () => `blob:preview-${++previews}`,
    revokePreview: (url) => revoked.push(url),
    delay: async () => {},
    ...overrides,
  };
  const queue = new PhotoQueue([], 20, deps, (m) => errors.push(m));
  return { queue, pending, errors, revoked, deps };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('photo queue', () => {
  it('uploads three at a time, in order, and keeps the shown order for sending', async () => {
    const { queue, pending } = harness();
    queue.add(['a', 'b', 'c', 'd', 'e'].map((n) => file(`${n}.jpg`)));
    await tick();
    expect(pending.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(queue.getSnapshot().filter((i) => i.status === 'uploading')).toHaveLength(UPLOAD_CONCURRENCY);
    expect(queue.getSnapshot()[0]!.progress).toBe(0.5);
    pending[1]!.resolve('/m/b');
    await tick();
    expect(pending.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    for (const [i, p] of pending.entries()) if (i !== 1) p.resolve(`/m/${p.name[0]}`);
    await tick();
    pending[4]!.resolve('/m/e');
    await tick();
    expect(queue.counts()).toEqual({ ready: 5, pending: 0, failed: 0 });
    queue.move(queue.getSnapshot()[4]!.key, 0);
    expect(queue.urls()).toEqual(['/m/e', '/m/a', '/m/b', '/m/c', '/m/d']);
  });

  it('refuses what the spec refuses, and more than the limit', async () => {
    const { queue, errors } = harness();
    queue.add([file('ok.jpg'), file('huge.jpg', 6 * 1024 * 1024), file('doc.pdf', 10, 'application/pdf')]);
    expect(errors).toEqual([
      'huge.jpg is too large. Please use images smaller than 5MB.',
      'doc.pdf is not a supported image format. Please use JPEG, PNG, or WebP.',
    ]);
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.add(Array.from({ length: 25 }, (_, i) => file(`p${i}.jpg`)));
    expect(errors).toContain('You can only upload up to 20 photos');
    expect(queue.getSnapshot()).toHaveLength(20);
  });

  it('retries once after a network failure, then gives up with the upload message', async () => {
    const { queue, pending, errors } = harness();
    queue.add([file('a.jpg')]);
    await tick();
    pending[0]!.reject(new ApiError(0, 'NETWORK', 'offline'));
    await tick();
    expect(pending).toHaveLength(2);
    pending[1]!.reject(new ApiError(0, 'NETWORK', 'offline'));
    await tick();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: 'Failed to upload images. Please try again.' });
    expect(errors).toEqual(['Failed to upload images. Please try again.']);
    queue.retry(queue.getSnapshot()[0]!.key);
    await tick();
    pending[2]!.resolve('/m/a');
    await tick();
    expect(queue.urls()).toEqual(['/m/a']);
  });

  it('shows the server message without retrying a refused photo', async () => {
    const { queue, pending, errors } = harness();
    queue.add([file('a.jpg')]);
    await tick();
    pending[0]!.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'a.jpg is not a supported image format. Please use JPEG, PNG, or WebP.'));
    await tick();
    expect(pending).toHaveLength(1);
    expect(errors).toEqual(['a.jpg is not a supported image format. Please use JPEG, PNG, or WebP.']);
  });

  it('reports a photo that cannot be decoded', async () => {
    const { queue, errors } = harness({
      prepare: async () => {
        throw new Error('decode');
      },
    });
    queue.add([file('broken.jpg')]);
    await tick();
    expect(errors).toEqual(['Failed to process broken.jpg. Please try again.']);
    expect(queue.counts()).toEqual({ ready: 0, pending: 0, failed: 1 });
  });

  it('cancels an upload when its photo is removed, and frees the preview', async () => {
    const { queue, pending, revoked } = harness({
      upload: (f, _p, signal) =>
        new Promise((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          pending.push({ name: f.name, resolve: (url) => resolve({ url, id: url, width: 1, height: 1 }), reject });
        }),
    });
    queue.add([file('a.jpg'), file('b.jpg'), file('c.jpg'), file('d.jpg')]);
    await tick();
    const first = queue.getSnapshot()[0]!;
    queue.remove(first.key);
    await tick();
    expect(revoked).toContain(first.preview);
    expect(queue.getSnapshot().map((i) => i.name)).toEqual(['b.jpg', 'c.jpg', 'd.jpg']);
    expect(pending.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
  });

  it('starts with the stored photos of an ad being edited', () => {
    const queue = new PhotoQueue(['/m/1.jpg', '/m/2.jpg'], 20, harness().deps);
    expect(queue.urls()).toEqual(['/m/1.jpg', '/m/2.jpg']);
    expect(queue.counts()).toEqual({ ready: 2, pending: 0, failed: 0 });
  });
});
