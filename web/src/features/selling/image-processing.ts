/**
 * Photos are checked and shrunk in the browser before upload (part 2 §5, §8): a 12-megapixel phone
 * photo becomes a ~300 KB JPEG at 1600 px, so twenty of them upload over a mobile network in
 * seconds rather than minutes. The server still checks every byte; this is for speed, not trust.
 */
import { MAX_PHOTO_BYTES } from '../../../../worker/schemas/options';

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.82;
/** PNG and WebP files this small are sent untouched (re-encoding would only lose quality). */
export const KEEP_AS_IS_BYTES = 300 * 1024;

const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp)$/i;
export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

export const photoLimitMessage = (max: number) => `You can only upload up to ${max} photos`;
export const tooLargeMessage = (name: string) => `${name} is too large. Please use images smaller than 5MB.`;
export const unsupportedMessage = (name: string) => `${name} is not a supported image format. Please use JPEG, PNG, or WebP.`;
export const processFailedMessage = (name: string) => `Failed to process ${name}. Please try again.`;
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload images. Please try again.';

/** The spec's checks on a chosen file: type (by MIME type, or by name when the browser gives none) and size. */
export function photoFileProblem(file: { name: string; type: string; size: number }): string | null {
  const type = file.type.toLowerCase();
  const typeOk = type ? ACCEPTED_TYPES.includes(type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return unsupportedMessage(file.name);
  if (file.size > MAX_PHOTO_BYTES) return tooLargeMessage(file.name);
  if (file.size === 0) return processFailedMessage(file.name);
  return null;
}

/** How many of `incoming` still fit next to `current` photos. */
export function photosThatFit(current: number, incoming: number, max: number): number {
  return Math.max(0, Math.min(incoming, max - current));
}

/** Scales (width, height) so the longer side is at most `maxSide`, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest <= 0) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export type ImagePlan = { action: 'keep' } | { action: 'encode'; width: number; height: number };

/**
 * Keep small PNG/WebP files, and JPEGs that are already small in bytes and pixels; everything else
 * is redrawn at ≤ 1600 px and re-encoded as JPEG.
 */
export function planImage(input: { type: string; bytes: number; width: number; height: number }): ImagePlan {
  const type = input.type.toLowerCase();
  const small = input.bytes <= KEEP_AS_IS_BYTES;
  if (small && (type === 'image/png' || type === 'image/webp')) return { action: 'keep' };
  const target = fitWithin(input.width, input.height);
  const resized = target.width !== input.width || target.height !== input.height;
  if (small && !resized) return { action: 'keep' };
  return { action: 'encode', ...target };
}

/** 'IMG_2041.HEIC.png' → 'IMG_2041.HEIC.jpg': a re-encoded photo keeps its name with the new type. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.jpg`;
}

function canvasToBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), 'image/jpeg', quality);
  });
}

/**
 * Decodes (EXIF orientation applied), downsizes and re-encodes when `planImage` says so. Throws
 * when the file can't be decoded; the caller shows 'Failed to process {file}'.
 */
export async function prepareForUpload(file: File): Promise<{ file: File; width: number; height: number }> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const plan = planImage({ type: file.type, bytes: file.size, width: bitmap.width, height: bitmap.height });
    if (plan.action === 'keep') return { file, width: bitmap.width, height: bitmap.height };
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    // transparent PNG areas would turn black in a JPEG
    context.fillStyle = '#fff';
    context.fillRect(0, 0, plan.width, plan.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await canvasToBlob(canvas, JPEG_QUALITY);
    canvas.width = 0; // frees the backing store at once on iOS
    // a re-encode that came out bigger than an acceptable original is pointless
    if (blob.size >= file.size && file.size <= MAX_PHOTO_BYTES && plan.width === bitmap.width) {
      return { file, width: bitmap.width, height: bitmap.height };
    }
    return { file: new File([blob], jpegName(file.name), { type: 'image/jpeg' }), width: plan.width, height: plan.height };
  } finally {
    bitmap.close();
  }
}
