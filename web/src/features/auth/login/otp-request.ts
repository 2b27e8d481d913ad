import type { OtpType } from '../auth-api';
import { RESEND_COOLDOWN_SECONDS } from '../auth-rules';

/** A sent OTP: the number, whether it logs in or registers, and when the next one may be asked for. */
export type OtpRequest = { phone: string; type: OtpType; resendAt: number; sentAt: number };

/** How long a sent code stays usable (the server's OTP lifetime). */
export const OTP_VALID_MS = 10 * 60 * 1000;

/**
 * The last code requested, kept across modal openings: closing the modal and coming back within
 * the cooldown goes straight to the code box instead of failing with "Please wait".
 */
let lastOtpRequest: OtpRequest | null = null;

export function rememberOtpRequest(request: OtpRequest | null): void {
  lastOtpRequest = request;
}

export function lastOtpRequestSent(): OtpRequest | null {
  return lastOtpRequest;
}

export function resendAtFrom(resendIn: number | undefined): number {
  const seconds = typeof resendIn === 'number' && resendIn > 0 ? resendIn : RESEND_COOLDOWN_SECONDS;
  return Date.now() + seconds * 1000;
}
