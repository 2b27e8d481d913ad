/**
 * Photo uploads with progress. Where the server offers it, the photo goes straight to R2 with a
 * presigned PUT (then the server checks it); otherwise, or if that fails, through
 * POST /api/upload/image. fetch() cannot report upload progress, so uploads use XMLHttpRequest;
 * errors come back as the same ApiError the rest of the app uses.
 */
import { API_BASE, ApiError, NETWORK_ERROR_MESSAGE, UNAUTHORIZED_EVENT, api } from '../../lib/api';
import { clearStoredToken, getStoredToken } from '../../lib/auth-token';

export interface UploadedImage {
  url: string;
  id: string;
  width: number | null;
  height: number | null;
}

const UPLOAD_TIMEOUT_MS = 120_000;

function uploadThroughWorker(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload/image`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const envelope = (typeof body === 'object' && body !== null ? body : {}) as { success?: boolean; data?: UploadedImage; error?: string; code?: string };
      if (xhr.status >= 200 && xhr.status < 300 && envelope.success && envelope.data?.url) {
        onProgress(1);
        resolve(envelope.data);
        return;
      }
      if (xhr.status === 401 && token) {
        clearStoredToken();
        window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
      }
      const message = envelope.error || (xhr.status === 429 ? 'Too many uploads. Please wait a moment.' : 'Failed to upload images. Please try again.');
      reject(new ApiError(xhr.status || 500, envelope.code || `HTTP_${xhr.status}`, message));
    };
    // status 0: the request never got an answer (offline, dropped connection): worth one retry
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The upload timed out. Please try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
}

interface Presigned {
  id: string;
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  url: string;
}

/** Set once the server says direct uploads are not set up, so later photos skip the question. */
let directUploadsOff = false;

/** PUT the bytes to the presigned URL, reporting progress; resolves when storage accepted them. */
function putDirect(target: Presigned, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadUrl);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      // the last few percent belong to the server's check
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(0.95, (event.loaded / event.total) * 0.95));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, 'DIRECT_UPLOAD_FAILED', 'Failed to upload images. Please try again.')));
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The upload timed out. Please try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

export async function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  if (!directUploadsOff && file.type) {
    let target: Presigned | undefined;
    try {
      target = await api.post<Presigned>('/upload/presign', { contentType: file.type, size: file.size }, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PRESIGN_OFF') directUploadsOff = true;
      if (signal?.aborted) throw error;
    }
    if (target) {
      try {
        await putDirect(target, file, onProgress, signal);
        const checked = await api.post<UploadedImage>('/upload/confirm', { id: target.id }, { signal });
        onProgress(1);
        return checked;
      } catch (error) {
        // the server's verdict on the photo itself stands; a storage or network hiccup falls back
        if (signal?.aborted || (error instanceof ApiError && [400, 413, 415].includes(error.status))) throw error;
      }
    }
  }
  return uploadThroughWorker(file, onProgress, signal);
}
