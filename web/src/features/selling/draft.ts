import { readStorage, writeStorage } from '../../lib/local-store';
import { emptyPostForm, type PostFormValues } from './post-rules';

/**
 * The post form's draft (decision 025): what a seller typed and the photos already uploaded, kept on
 * this phone per account until the ad is posted or the seller discards it, so a reload, a tap on
 * Back or a dropped network loses nothing. One draft per account: the latest ad being written.
 *
 * Photos are kept by their server address, so they are not uploaded again. The server removes a
 * photo no ad uses a day after its upload (ORPHAN_TTL_MS in worker/services/photos/uploads.ts), so a
 * draft's photos older than PHOTO_KEEP_MS are dropped when it is restored, and the seller is told.
 */
export const PHOTO_KEEP_MS = 20 * 3600_000;

export interface DraftPhoto {
  url: string;
  /** when this phone first saw it uploaded (ms since epoch) */
  at: number;
}

export interface PostDraft {
  category: string;
  subcategory: string;
  values: PostFormValues;
  photos: DraftPhoto[];
  savedAt: number;
}

const storageKey = (userId: string) => `sel-post-draft:${userId}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only the form's own fields, as strings (or string lists for multi-choice details): stored text is never trusted blindly. */
function cleanValues(raw: unknown): PostFormValues {
  const base = emptyPostForm();
  if (!isRecord(raw)) return base;
  const text = (key: keyof PostFormValues) => (typeof raw[key] === 'string' ? (raw[key] as string) : (base[key] as string));
  const features: PostFormValues['features'] = {};
  if (isRecord(raw.features))
    for (const [key, value] of Object.entries(raw.features)) {
      if (typeof value === 'string') features[key] = value;
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) features[key] = value as string[];
    }
  const number = (key: 'latitude' | 'longitude') => (typeof raw[key] === 'number' && Number.isFinite(raw[key]) ? (raw[key] as number) : undefined);
  return {
    features,
    title: text('title'),
    description: text('description'),
    price: text('price'),
    currency: text('currency') || 'INR',
    condition: text('condition') || 'USED',
    state: text('state'),
    city: text('city'),
    neighbourhood: text('neighbourhood'),
    latitude: number('latitude'),
    longitude: number('longitude'),
    sellerName: text('sellerName'),
    sellerPhone: text('sellerPhone'),
  };
}

/** A photo this site stores (its address, relative or on this origin): never another site's. */
export function isOwnPhoto(url: string, origin = typeof location === 'undefined' ? '' : location.origin): boolean {
  const path = url.startsWith('/') && !url.startsWith('//') ? url : origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : '';
  return path.startsWith('/api/media/');
}

export interface RestoredDraft {
  draft: PostDraft;
  /** photos dropped because the server will have removed them */
  expiredPhotos: number;
}

export function readDraft(userId: string, now = Date.now()): RestoredDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readStorage(storageKey(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.category !== 'string' || typeof parsed.subcategory !== 'string') return null;
  const photos = (Array.isArray(parsed.photos) ? parsed.photos : []).filter(
    (p): p is DraftPhoto => isRecord(p) && typeof p.url === 'string' && isOwnPhoto(p.url) && typeof p.at === 'number',
  );
  const fresh = photos.filter((p) => now - p.at < PHOTO_KEEP_MS);
  return {
    draft: {
      category: parsed.category,
      subcategory: parsed.subcategory,
      values: cleanValues(parsed.values),
      photos: fresh,
      savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : now,
    },
    expiredPhotos: photos.length - fresh.length,
  };
}

/** Whether the form holds anything worth keeping beyond what the account fills in by itself. */
export function hasContent(values: PostFormValues, photos: readonly unknown[], prefilled: Pick<PostFormValues, 'sellerName' | 'sellerPhone'>): boolean {
  return (
    photos.length > 0 ||
    Object.values(values.features).some((v) => (Array.isArray(v) ? v.length > 0 : v !== '')) ||
    [values.title, values.description, values.price, values.state, values.city, values.neighbourhood].some((v) => v.trim() !== '') ||
    values.sellerName !== prefilled.sellerName ||
    values.sellerPhone !== prefilled.sellerPhone
  );
}

/** Photo addresses with the time each was first kept (an address seen before keeps its time). */
export function draftPhotos(urls: readonly string[], previous: readonly DraftPhoto[], now = Date.now()): DraftPhoto[] {
  const seen = new Map(previous.map((p) => [p.url, p.at]));
  return urls.map((url) => ({ url, at: seen.get(url) ?? now }));
}

export function saveDraft(userId: string, draft: PostDraft): void {
  writeStorage(storageKey(userId), JSON.stringify(draft));
}

export function discardDraft(userId: string): void {
  writeStorage(storageKey(userId), null);
}
