import { API_BASE, ApiError, api, type ApiIssue } from '../../lib/api';
import { getStoredToken } from '../../lib/auth-token';
import { sendBookmark, takeBookmark } from '../../lib/d1-bookmark';

/** The signed-in user as GET /api/auth/profile returns it. */
export interface AuthUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  businessName: string | null;
  username: string;
  isVerified: boolean;
  emailVerified?: boolean;
  phoneVerified?: boolean;
  sharePhone?: boolean;
  /** shows the Admin link (decision 008); the server decides every admin request from its own database */
  role?: 'USER' | 'MODERATOR' | 'ADMIN';
  /** the language SEL writes notifications, e-mails and SMS in (kept in step by language-sync.ts; decision 010) */
  language?: 'en' | 'hi';
  createdAt: string;
}

export type OtpType = 'LOGIN' | 'REGISTER';

export type SessionResponse = { token: string; user: AuthUser };
export type VerifyOtpResponse = SessionResponse & { isNewUser?: boolean };
export type SendOtpResponse = { message?: string; resendIn?: number; expiresIn?: number };

export type RegisterPayload = { email: string; username: string; firstName: string; lastName: string; password: string };
export type ProfileUpdate = Partial<Pick<AuthUser, 'firstName' | 'lastName' | 'businessName' | 'avatar' | 'username'>>;

/**
 * The account's requests, for the pages and dialogs that make them (login modal, profile, settings):
 * not first-screen code. The profile check every page makes is in ./auth-queries.
 */
export const authApi = {
  login: (email: string, password: string) => api.post<SessionResponse>('/auth/login', { email, password }),
  register: (payload: RegisterPayload) => api.post<SessionResponse>('/auth/register', payload),
  sendOtp: (phone: string, type: OtpType) => api.post<SendOtpResponse>('/auth/send-otp', { phone, type }),
  resendOtp: (phone: string, type: OtpType) => api.post<SendOtpResponse>('/auth/resend-otp', { phone, type }),
  verifyOtp: (body: { phone: string; otp: string; type: OtpType; firstName?: string; lastName?: string }) =>
    api.post<VerifyOtpResponse>('/auth/verify-otp', body),
  updateProfile: (update: ProfileUpdate) => api.put<AuthUser>('/auth/profile', update),
  setLanguage: (language: 'en' | 'hi') => api.put<AuthUser>('/auth/language', { language }),
  /** The profile's "verify your e-mail" step (an account without an address sends one). */
  sendEmailCode: (email?: string) => api.post<{ email: string; expiresIn: number }>('/auth/email/send-code', email ? { email } : {}),
  verifyEmail: (code: string) => api.post<AuthUser>('/auth/email/verify', { code }),
  logoutAllDevices: () => api.post<{ loggedOutDevices: number }>('/auth/logout-all-devices'),
  deleteAccount: () => deleteWithBody<{ deleted: boolean }>('/auth/account', { confirm: 'DELETE' }),
};

/**
 * DELETE with a JSON body. `api.delete` in lib/api takes no body, and the account deletion needs
 * `{ confirm: 'DELETE' }`, so this one call speaks the envelope itself.
 */
async function deleteWithBody<T>(path: string, body: unknown): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  sendBookmark(headers);
  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'DELETE',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    takeBookmark(response);
    parsed = await response.json().catch(() => undefined);
  } catch {
    throw new ApiError(0, 'NETWORK', 'Unable to connect to server. Please check your connection.');
  }
  const envelope = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
    success?: boolean;
    data?: unknown;
    error?: string;
    code?: string;
    issues?: ApiIssue[];
  };
  if (response.ok && envelope.success === true) return envelope.data as T;
  throw new ApiError(
    response.status,
    envelope.code ?? `HTTP_${response.status}`,
    envelope.error || 'Failed to delete account',
    envelope.issues,
  );
}
