/**
 * Photo URLs and their resized variants, shared by the worker (which serves and preloads them) and
 * the client (which asks for them). No server-side imports here.
 */
export const MEDIA_PREFIX = '/api/media/';

/** Variant widths: cards (thumb) and the detail carousel (large). Anything else is the original. */
export const MEDIA_WIDTHS = [320, 800] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
export const THUMB_WIDTH: MediaWidth = 320;
export const LARGE_WIDTH: MediaWidth = 800;

/** The carousel's variant of one of our photos; other URLs are used as they are. */
export const largeVariant = (url: string) => (url.includes(MEDIA_PREFIX) && !url.includes('?') ? `${url}?w=${LARGE_WIDTH}` : url);
