/**
 * POST /api/upload/image with upload progress. fetch() cannot report upload progress, so this one
 * call uses XMLHttpRequest; errors come back as the same ApiError the rest of the app uses.
 */
import { API_BASE, ApiError, NETWORK_ERROR_MESSAGE, UNAUTHORIZED_EVENT } from '../../lib/api';
import { clearStoredToken, getStoredToken } from '../../lib/auth-token';

export interface UploadedImage {
  url: string;
  id: string;
  width: number | null;
  height: number | null;
}

const UPLOAD_TIMEOUT_MS = 120_000;

export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
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
