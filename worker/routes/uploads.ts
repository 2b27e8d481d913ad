import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../lib/auth';
import { AppError } from '../lib/errors';
import { docs } from '../lib/openapi';
import { LIMITS, enforce } from '../lib/rate-limit';
import { confirmUploadBody, presignBody, presignResult, uploadResult } from '../schemas/selling';
import { validate } from '../lib/validate';
import { confirmDirectUpload, presignUpload, storeUpload } from '../services/photos/uploads';

/** One photo per request (multipart field `image`), as the post form sends them. */
export const uploadRoutes = new Hono<AppEnv>().post(
  '/image',
  docs({
    tags: ['Selling'],
    summary: 'Upload one photo (multipart field "image"): JPEG, PNG or WebP, at most 5 MB',
    description: 'The type is read from the bytes, not the name. Returns the URL to put in a listing\'s images. Photos that never join a listing are removed after a day.',
    data: uploadResult,
    auth: true,
    errors: [400, 401, 413, 415, 429],
  }),
  requireAuth,
  // a little over 5 MB so a 5–8 MB photo still gets the spec's per-file message
  bodyLimit({
    maxSize: 8 * 1024 * 1024,
    onError: () => {
      throw new AppError(413, 'FILE_TOO_LARGE', 'This photo is too large. Please use images smaller than 5MB.');
    },
  }),
  async (c) => {
    const user = currentUser(c);
    await enforce(c.env, LIMITS.uploadPerUser, user.id);
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data in a field called "image".');
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Please try again.');
    }
    const file = form.get('image');
    if (!file || typeof file === 'string') throw new AppError(400, 'NO_FILE', 'Choose a photo to upload (field "image").');
    const stored = await storeUpload(c.env, user.id, file, new URL(c.req.url).origin);
    return c.json({ success: true as const, data: stored }, 201);
  },
)
  .post(
    '/presign',
    docs({
      tags: ['Selling'],
      summary: 'A 5-minute presigned PUT straight to R2 (where set up); then call /upload/confirm',
      description: 'Answers 404 PRESIGN_OFF where direct uploads are not configured: clients fall back to POST /upload/image.',
      data: presignResult,
      auth: true,
      errors: [400, 401, 404, 413, 415, 429],
    }),
    requireAuth,
    validate('json', presignBody),
    async (c) => {
      const user = currentUser(c);
      await enforce(c.env, LIMITS.uploadPerUser, user.id);
      return c.json({ success: true as const, data: await presignUpload(c.env, user.id, c.req.valid('json'), new URL(c.req.url).origin) }, 201);
    },
  )
  .post(
    '/confirm',
    docs({ tags: ['Selling'], summary: 'Check a direct upload (magic bytes, size, pixels) so it can join an ad', data: uploadResult, auth: true, errors: [400, 401, 404, 413, 415] }),
    requireAuth,
    validate('json', confirmUploadBody),
    async (c) => c.json({ success: true as const, data: await confirmDirectUpload(c.env, currentUser(c).id, c.req.valid('json').id, new URL(c.req.url).origin) }),
  );
