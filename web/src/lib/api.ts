import { currentLanguage } from './i18n';
import { clearStoredToken, getStoredToken } from './auth-token';
import { takeBootData } from './boot-data';
import { sendBookmark, takeBookmark } from './d1-bookmark';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 30_000;

/** Fired on window when a request made with a token comes back 401: the token has been dropped. */
export const UNAUTHORIZED_EVENT = 'sel:unauthorized';

export const NETWORK_ERROR_MESSAGE = 'Unable to connect to server. Please check your connection.';
export const TIMEOUT_ERROR_MESSAGE = 'Request timed out. Please check your connection and try again.';

export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[] | undefined;
  /** what the error body carries beside the envelope (e.g. `existingListingId` of a 409 DUPLICATE_AD) */
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, issues?: ApiIssue[], extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.extra = extra;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Empty, null and undefined values are dropped (spec part 1 §5), as are NaN and ±Infinity. */
export function compactQuery(query: QueryParams | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (!query) return out;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = value;
  }
  return out;
}

export function buildQueryString(query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(compactQuery(query))) params.append(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export type RequestOptions = {
  query?: QueryParams;
  /** Caller's cancellation (e.g. TanStack Query's signal); an abort from here is rethrown as-is. */
  signal?: AbortSignal;
  headers?: HeadersInit;
  timeoutMs?: number;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please log in to continue.';
  if (status === 403) return 'You do not have permission to perform this action';
  if (status === 404) return 'The requested resource was not found.';
  if (status === 429) return 'Too many requests. Please wait a moment.';
  if (status >= 500) return 'Server error. Please try again later.';
  return 'An unexpected error occurred';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // Not JSON (a proxy error page, the SPA's index.html): handled by status below.
  }
}

/**
 * A listing read from the page instead of the API still counts as a view: GET /listings/{id} and
 * /listings/slug/{slug} count theirs, so the page tells the server in the background.
 */
function reportInlinedListingView(path: string, data: unknown): void {
  if (!/^\/listings\/(slug\/[^/?]+|[^/?]+)$/.test(path) || !isRecord(data) || typeof data.id !== 'string') return;
  request('POST', `/listings/${encodeURIComponent(data.id)}/views`, undefined).catch(() => {
    // a lost view count is not worth bothering the visitor about
  });
}

let accountRefusal: string | null = null;
/** Why the server ended the session because of the account (with a ban's reason), once; null otherwise. */
export function takeAccountRefusal(peek = false): string | null {
  const text = accountRefusal;
  if (!peek) accountRefusal = null;
  return text;
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const { query, signal, headers: extraHeaders, timeoutMs = API_TIMEOUT_MS } = options;
  const key = `${path}${buildQueryString(query)}`;
  const url = `${API_BASE}${key}`;
  if (method === 'GET' && !getStoredToken()) {
    // a guest's first page: the worker may have inlined this very response into the HTML
    const inlined = takeBootData(key);
    if (inlined) {
      reportInlinedListingView(path, inlined.data);
      return inlined.data as T;
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  // error messages come back in the language the reader chose (decision 010)
  headers.set('Accept-Language', currentLanguage() === 'hi' ? 'hi-IN, en;q=0.5' : 'en-IN');
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // reads never older than this user's own last write (decision 022)
  sendBookmark(headers);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // The browser sets the multipart boundary itself.
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(url, { method, headers, body: payload, signal: controller.signal });
    takeBookmark(response);
    parsed = await readJson(response);
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'TIMEOUT', TIMEOUT_ERROR_MESSAGE);
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (response.status === 401 && token) {
    // The server rejected our token (expired, revoked, account blocked): it is useless from now on.
    clearStoredToken();
    // the account itself was refused (banned, blocked, deactivated): the sign-in dialog says why
    if (isRecord(parsed) && /^ACCOUNT_/.test(String(parsed.code))) accountRefusal = String(parsed.error);
    window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
  }

  if (isRecord(parsed) && parsed.success === true && response.ok) return parsed.data as T;

  if (isRecord(parsed) && parsed.success === false) {
    const status = response.ok ? 500 : response.status;
    const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${status}`;
    const message = typeof parsed.error === 'string' && parsed.error ? parsed.error : fallbackMessage(status);
    const issues = Array.isArray(parsed.issues) ? (parsed.issues as ApiIssue[]) : undefined;
    const extra = Object.fromEntries(Object.entries(parsed).filter(([key]) => !['success', 'error', 'code', 'issues'].includes(key)));
    throw new ApiError(status, code, message, issues, extra);
  }

  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, fallbackMessage(response.status));
  if (response.status === 204) return undefined as T;
  throw new ApiError(response.status, 'BAD_RESPONSE', 'Unexpected response from server.');
}

export const api = {
  get: <T>(path: string, query?: QueryParams, options?: Omit<RequestOptions, 'query'>) =>
    request<T>('GET', path, undefined, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};
