import { beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_KEEP_MS, discardDraft, draftPhotos, hasContent, isOwnPhoto, readDraft, saveDraft } from './draft';
import { emptyPostForm } from './post-rules';

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) },
});

describe('the post form draft', () => {
  beforeEach(() => store.clear());
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('is kept per account until discarded', () => {
    const values = { ...emptyPostForm(), title: 'Pine bookshelf', features: { brand: 'IKEA', extras: ['a', 'b'] } };
    saveDraft('U1', { category: 'home-and-garden', subcategory: 'home-and-garden-furniture', values, photos: [{ url: '/api/media/u/1.jpg', at: now }], savedAt: now });
    expect(readDraft('U1', now)?.draft.values).toEqual(values);
    expect(readDraft('U1', now)?.draft.photos.map((p) => p.url)).toEqual(['/api/media/u/1.jpg']);
    expect(readDraft('U2', now)).toBeNull();
    discardDraft('U1');
    expect(readDraft('U1', now)).toBeNull();
  });

  it('drops photos the server will have removed, and says how many', () => {
    saveDraft('U1', {
      category: 'c',
      subcategory: 's',
      values: emptyPostForm(),
      photos: [
        { url: '/api/media/u/old.jpg', at: now - PHOTO_KEEP_MS - 1 },
        { url: '/api/media/u/new.jpg', at: now - 1000 },
      ],
      savedAt: now,
    });
    const restored = readDraft('U1', now);
    expect(restored?.draft.photos.map((p) => p.url)).toEqual(['/api/media/u/new.jpg']);
    expect(restored?.expiredPhotos).toBe(1);
  });

  it('never trusts what is stored: other sites’ addresses, unknown fields and wrong types are dropped', () => {
    store.set('sel-post-draft:U1', JSON.stringify({ category: 'c', subcategory: 's', values: { title: 5, description: 'ok', userId: 'X', features: { a: 1, b: 'x' } }, photos: [{ url: 'https://evil.example/x.jpg', at: now }] }));
    const restored = readDraft('U1', now)!;
    expect(restored.draft.values.title).toBe('');
    expect(restored.draft.values.description).toBe('ok');
    expect(restored.draft.values.features).toEqual({ b: 'x' });
    expect(restored.draft.values).not.toHaveProperty('userId');
    expect(restored.draft.photos).toEqual([]);
    store.set('sel-post-draft:U1', '{broken');
    expect(readDraft('U1', now)).toBeNull();
  });

  it('is worth keeping only once something beyond the prefilled name and number is there', () => {
    const prefilled = { sellerName: 'Meera Iyer', sellerPhone: '9876543210' };
    const base = { ...emptyPostForm(), ...prefilled };
    expect(hasContent(base, [], prefilled)).toBe(false);
    expect(hasContent({ ...base, title: 'x' }, [], prefilled)).toBe(true);
    expect(hasContent(base, ['/api/media/u/1.jpg'], prefilled)).toBe(true);
    expect(hasContent({ ...base, features: { brand: 'Honda' } }, [], prefilled)).toBe(true);
  });

  it('keeps only photos stored by this site', () => {
    expect(isOwnPhoto('/api/media/u/1.jpg', 'https://sel.in')).toBe(true);
    expect(isOwnPhoto('https://sel.in/api/media/u/1.jpg', 'https://sel.in')).toBe(true);
    expect(isOwnPhoto('https://sel.in.evil.example/api/media/u/1.jpg', 'https://sel.in')).toBe(false);
    expect(isOwnPhoto('//evil.example/api/media/x.jpg', 'https://sel.in')).toBe(false);
    expect(isOwnPhoto('/api/listings', 'https://sel.in')).toBe(false);
  });

  it('remembers when each photo was first kept', () => {
    expect(draftPhotos(['/a', '/b'], [{ url: '/a', at: 1 }], 50)).toEqual([
      { url: '/a', at: 1 },
      { url: '/b', at: 50 },
    ]);
  });
});
