/**
 * The photo list of a post or edit form: each photo is checked, shrunk and uploaded as soon as it is
 * added, three at a time, with one retry when the network drops. A plain store (subscribe/snapshot)
 * so the order of events never depends on React effects; `usePhotoQueue` binds it to a component.
 */
import { isApiError } from '../../lib/api';
import {
  UPLOAD_FAILED_MESSAGE,
  photoFileProblem,
  photoLimitMessage,
  photosThatFit,
  processFailedMessage,
  type prepareForUpload,
} from './image-processing';
import type { uploadImage } from './upload-image';

export type PhotoStatus = 'queued' | 'processing' | 'uploading' | 'done' | 'error';

export interface PhotoItem {
  key: string;
  name: string;
  /** What the tile shows: a local object URL while uploading, the server URL for stored photos. */
  preview: string;
  status: PhotoStatus;
  /** 0..1 of the upload. */
  progress: number;
  /** The server URL, once uploaded. */
  url?: string;
  error?: string;
}

export interface PhotoQueueDeps {
  prepare: typeof prepareForUpload;
  upload: typeof uploadImage;
  createPreview: (file: Blob) => string;
  revokePreview: (url: string) => void;
  /** Waits before the one retry after a network failure. */
  delay: (ms: number) => Promise<void>;
}

export const UPLOAD_CONCURRENCY = 3;
const RETRY_DELAY_MS = 1000;

let nextKey = 1;
const newKey = () => `photo-${nextKey++}`;

const isNetworkFailure = (error: unknown) => isApiError(error) && error.status === 0;

export class PhotoQueue {
  private items: readonly PhotoItem[];
  private readonly files = new Map<string, File>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private disposed = false;

  constructor(
    initialUrls: string[],
    readonly max: number,
    private readonly deps: PhotoQueueDeps,
    private readonly onError: (message: string) => void = () => {},
  ) {
    this.items = initialUrls.map((url) => ({ key: newKey(), name: url.split('/').pop() ?? 'photo', preview: url, status: 'done', progress: 1, url }));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.items;

  /** Server URLs of the uploaded photos, in the order shown (the first is the cover). */
  urls(): string[] {
    return this.items.filter((i) => i.status === 'done' && i.url).map((i) => i.url!);
  }

  counts() {
    let ready = 0;
    let pending = 0;
    let failed = 0;
    for (const item of this.items) {
      if (item.status === 'done') ready++;
      else if (item.status === 'error') failed++;
      else pending++;
    }
    return { ready, pending, failed };
  }

  /** Adds what fits and passes the checks; reports each refusal through `onError`. */
  add(files: File[]): void {
    const room = photosThatFit(this.items.length, files.length, this.max);
    if (room < files.length) this.onError(photoLimitMessage(this.max));
    const added: PhotoItem[] = [];
    for (const file of files.slice(0, room)) {
      const problem = photoFileProblem(file);
      if (problem) {
        this.onError(problem);
        continue;
      }
      const key = newKey();
      this.files.set(key, file);
      added.push({ key, name: file.name, preview: this.deps.createPreview(file), status: 'queued', progress: 0 });
    }
    if (!added.length) return;
    this.set([...this.items, ...added]);
    this.pump();
  }

  remove(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (!item) return;
    this.controllers.get(key)?.abort();
    this.controllers.delete(key);
    this.files.delete(key);
    if (item.preview.startsWith('blob:')) this.deps.revokePreview(item.preview);
    this.set(this.items.filter((i) => i.key !== key));
    this.pump();
  }

  /** Moves a photo to `index` (clamped). Index 0 makes it the cover. */
  move(key: string, index: number): void {
    const from = this.items.findIndex((i) => i.key === key);
    if (from < 0) return;
    const to = Math.max(0, Math.min(this.items.length - 1, index));
    if (to === from) return;
    const next = [...this.items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    this.set(next);
  }

  retry(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (!item || item.status !== 'error' || !this.files.has(key)) return;
    this.patch(key, { status: 'queued', progress: 0, error: undefined });
    this.pump();
  }

  /** Called when the form mounts (again, under React's StrictMode double-mount). */
  activate(): void {
    this.disposed = false;
  }

  /** The form is gone: stop uploads and free the local previews. */
  dispose(): void {
    this.disposed = true;
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
    for (const item of this.items) if (item.preview.startsWith('blob:')) this.deps.revokePreview(item.preview);
  }

  private set(items: readonly PhotoItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private patch(key: string, change: Partial<PhotoItem>) {
    if (!this.items.some((i) => i.key === key)) return;
    this.set(this.items.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }

  private pump() {
    if (this.disposed) return;
    let active = this.items.filter((i) => i.status === 'processing' || i.status === 'uploading').length;
    for (const item of this.items) {
      if (active >= UPLOAD_CONCURRENCY) break;
      if (item.status !== 'queued') continue;
      active++;
      void this.run(item.key);
    }
  }

  private async run(key: string) {
    const original = this.files.get(key);
    if (!original) return;
    const controller = new AbortController();
    this.controllers.set(key, controller);
    this.patch(key, { status: 'processing', progress: 0 });
    try {
      let prepared: File;
      try {
        prepared = (await this.deps.prepare(original)).file;
      } catch {
        if (controller.signal.aborted) return;
        this.fail(key, processFailedMessage(original.name));
        return;
      }
      if (controller.signal.aborted) return;
      if (prepared !== original) {
        const item = this.items.find((i) => i.key === key);
        if (item?.preview.startsWith('blob:')) this.deps.revokePreview(item.preview);
        this.patch(key, { preview: this.deps.createPreview(prepared) });
      }
      this.patch(key, { status: 'uploading' });
      const onProgress = (fraction: number) => this.patch(key, { progress: fraction });
      let result;
      try {
        result = await this.deps.upload(prepared, onProgress, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (!isNetworkFailure(error)) throw error;
        await this.deps.delay(RETRY_DELAY_MS);
        if (controller.signal.aborted) return;
        this.patch(key, { progress: 0 });
        result = await this.deps.upload(prepared, onProgress, controller.signal);
      }
      if (controller.signal.aborted) return;
      this.files.delete(key);
      this.patch(key, { status: 'done', progress: 1, url: result.url });
    } catch (error) {
      if (controller.signal.aborted) return;
      this.fail(key, isApiError(error) && error.status !== 0 ? error.message : UPLOAD_FAILED_MESSAGE);
    } finally {
      if (this.controllers.get(key) === controller) this.controllers.delete(key);
      this.pump();
    }
  }

  private fail(key: string, message: string) {
    this.patch(key, { status: 'error', error: message, progress: 0 });
    this.onError(message);
  }
}
