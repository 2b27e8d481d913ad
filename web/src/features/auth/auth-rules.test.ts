import { describe, expect, it } from 'vitest';
import {
  BLOCKED_MESSAGE,
  DEACTIVATED_MESSAGE,
  avatarInitial,
  cooldownSecondsFrom,
  deriveRegistrationNames,
  formatIndianPhone,
  isCompleteOtp,
  isNoAccountError,
  memberSinceLabel,
  missingProfileSteps,
  normalisePhoneInput,
  profileProgressLabel,
  safeRedirectPath,
  sanitiseOtpInput,
  sendOtpErrorMessage,
  validateOtp,
  validatePassword,
  validatePhone,
  verifyOtpErrorMessage,
} from './auth-rules';

const apiError = (status: number, code: string, message: string) => ({ status, code, message });

describe('normalisePhoneInput', () => {
  it('strips everything but digits', () => {
    expect(normalisePhoneInput('98765-43210')).toBe('9876543210');
    expect(normalisePhoneInput(' 98765 43210 ')).toBe('9876543210');
    expect(normalisePhoneInput('abc')).toBe('');
  });

  it('drops a pasted +91 or leading 0 country/trunk prefix', () => {
    expect(normalisePhoneInput('+91 98765 43210')).toBe('9876543210');
    expect(normalisePhoneInput('+919876543210')).toBe('9876543210');
    expect(normalisePhoneInput('919876543210')).toBe('9876543210');
    expect(normalisePhoneInput('09876543210')).toBe('9876543210');
  });

  it('keeps at most ten digits while typing', () => {
    expect(normalisePhoneInput('98765432109')).toBe('9876543210');
    expect(normalisePhoneInput('98765')).toBe('98765');
  });
});

describe('validatePhone', () => {
  it('asks for a number when empty', () => {
    expect(validatePhone('')).toBe('Please enter your phone number');
  });

  it('accepts ten digits starting 6-9', () => {
    expect(validatePhone('9876543210')).toBeNull();
    expect(validatePhone('6000000000')).toBeNull();
  });

  it('rejects short numbers and numbers starting 0-5', () => {
    expect(validatePhone('98765')).toBe('Please enter a valid 10-digit phone number');
    expect(validatePhone('5876543210')).toBe('Please enter a valid 10-digit phone number');
    expect(validatePhone('0876543210')).toBe('Please enter a valid 10-digit phone number');
  });
});

describe('formatIndianPhone', () => {
  it('groups five and five after +91', () => {
    expect(formatIndianPhone('9876543210')).toBe('+91 98765 43210');
  });
});

describe('OTP input', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitiseOtpInput('12a34-5')).toBe('12345');
    expect(sanitiseOtpInput('1234567')).toBe('123456');
    expect(sanitiseOtpInput(' 123 456 ')).toBe('123456');
    expect(sanitiseOtpInput('')).toBe('');
  });

  it('is complete only at exactly six digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
    expect(validateOtp('123')).toBe('Please enter a valid 6-digit OTP');
    expect(validateOtp('000000')).toBeNull();
  });
});

describe('validatePassword', () => {
  it('needs eight characters with a letter and a digit', () => {
    expect(validatePassword('abc12345')).toBeNull();
    expect(validatePassword('abc1234')).not.toBeNull();
    expect(validatePassword('abcdefgh')).not.toBeNull();
    expect(validatePassword('12345678')).not.toBeNull();
  });
});

describe('deriveRegistrationNames', () => {
  it('splits the local part on dots and capitalises', () => {
    expect(deriveRegistrationNames('john.smith@example.com')).toEqual({
      username: 'john.smith',
      firstName: 'John',
      lastName: 'Smith',
    });
  });

  it('defaults a missing last name to User', () => {
    expect(deriveRegistrationNames('priya@example.in')).toEqual({ username: 'priya', firstName: 'Priya', lastName: 'User' });
  });

  it('lower-cases the rest of each name part', () => {
    expect(deriveRegistrationNames('RAHUL.KUMAR@x.com')).toMatchObject({ firstName: 'Rahul', lastName: 'Kumar' });
  });

  it("falls back to 'user' and 'User' without a local part", () => {
    expect(deriveRegistrationNames('@example.com')).toEqual({ username: 'user', firstName: 'User', lastName: 'User' });
    expect(deriveRegistrationNames('')).toEqual({ username: 'user', firstName: 'User', lastName: 'User' });
  });

  it('keeps the username to handle-safe characters and names to letters', () => {
    expect(deriveRegistrationNames('anil+ads@x.com')).toEqual({ username: 'anilads', firstName: 'Anilads', lastName: 'User' });
    expect(deriveRegistrationNames('john.smith92@x.com')).toMatchObject({ firstName: 'John', lastName: 'Smith' });
    expect(deriveRegistrationNames('.hidden.@x.com').username).toBe('hidden');
    expect(deriveRegistrationNames('al@x.com').username).toBe('user');
  });
});

describe('sendOtpErrorMessage', () => {
  it('maps cooldown, unknown service, timeout and network failures', () => {
    expect(sendOtpErrorMessage(apiError(400, 'OTP_COOLDOWN', 'Please wait 23 seconds before requesting another OTP'))).toBe(
      'Please wait before requesting another OTP',
    );
    expect(sendOtpErrorMessage(apiError(404, 'HTTP_404', 'Not found'))).toBe(
      'Service temporarily unavailable. Please try again later.',
    );
    expect(sendOtpErrorMessage(apiError(0, 'TIMEOUT', 'x'))).toBe(
      'Request timed out. Please check your connection and try again.',
    );
    expect(sendOtpErrorMessage(apiError(0, 'NETWORK', 'x'))).toBe('Network error. Please check your connection.');
  });

  it("shows the server's words otherwise", () => {
    expect(sendOtpErrorMessage(apiError(429, 'RATE_LIMITED', 'Too many OTP requests. Try again later.'))).toBe(
      'Too many OTP requests. Try again later.',
    );
    expect(sendOtpErrorMessage(apiError(409, 'PHONE_TAKEN', 'User already exists with this phone number'))).toBe(
      'User already exists with this phone number',
    );
    expect(sendOtpErrorMessage(new Error('boom'))).toBe('Failed to send OTP');
  });

  it('recognises the no-account answer that triggers the REGISTER retry', () => {
    expect(isNoAccountError(apiError(404, 'NO_ACCOUNT', 'No account found with this phone number'))).toBe(true);
    expect(isNoAccountError(apiError(404, 'HTTP_404', 'No account found with this phone number'))).toBe(true);
    expect(isNoAccountError(apiError(404, 'HTTP_404', 'Not found'))).toBe(false);
  });

  it('reads the seconds left out of a cooldown message', () => {
    expect(cooldownSecondsFrom('Please wait 23 seconds before requesting another OTP')).toBe(23);
    expect(cooldownSecondsFrom('Please wait')).toBeNull();
  });
});

describe('verifyOtpErrorMessage', () => {
  it('maps the spec OTP table', () => {
    expect(verifyOtpErrorMessage(apiError(400, 'OTP_INVALID', 'Invalid or expired OTP. Please try again.'))).toBe(
      'Invalid or expired OTP. Please try again.',
    );
    expect(verifyOtpErrorMessage(apiError(400, 'VALIDATION', 'The code is incorrect'))).toBe(
      'Invalid or expired OTP. Please try again.',
    );
    expect(verifyOtpErrorMessage(apiError(400, 'PHONE_TAKEN', 'User already exists'))).toBe(
      'An account with this phone number already exists. Please try logging in instead.',
    );
    expect(verifyOtpErrorMessage(apiError(404, 'NO_ACCOUNT', 'No account found with this phone number'))).toBe(
      'User not found. Please try registering again.',
    );
    expect(verifyOtpErrorMessage(apiError(401, 'ACCOUNT_DEACTIVATED', 'x'))).toBe(DEACTIVATED_MESSAGE);
    expect(verifyOtpErrorMessage(apiError(401, 'ACCOUNT_BLOCKED', 'x'))).toBe(BLOCKED_MESSAGE);
    expect(verifyOtpErrorMessage(apiError(401, 'UNAUTHORIZED', 'Nope'))).toBe('Authentication failed. Please try again.');
  });

  it('passes the attempts-exceeded message through so the user knows to ask for a new code', () => {
    expect(
      verifyOtpErrorMessage(apiError(400, 'OTP_ATTEMPTS_EXCEEDED', 'Too many incorrect attempts. Request a new OTP.')),
    ).toBe('Too many incorrect attempts. Request a new OTP.');
  });
});

describe('profile progress', () => {
  it('counts phone, e-mail and avatar', () => {
    expect(missingProfileSteps({ phoneVerified: false, emailVerified: false, avatar: null })).toEqual([
      'phone',
      'email',
      'avatar',
    ]);
    expect(profileProgressLabel({ phoneVerified: true, emailVerified: false, avatar: null })).toBe('2 steps left');
    expect(profileProgressLabel({ phoneVerified: true, emailVerified: true, avatar: null })).toBe('1 step left');
  });

  it('hides when complete', () => {
    expect(profileProgressLabel({ phoneVerified: true, emailVerified: true, avatar: '/api/media/a.jpg' })).toBeNull();
  });

  it('treats an empty avatar string as missing', () => {
    expect(missingProfileSteps({ phoneVerified: true, emailVerified: true, avatar: '' })).toEqual(['avatar']);
  });
});

describe('avatarInitial', () => {
  it("uses the first name's first letter, else A", () => {
    expect(avatarInitial('priya')).toBe('P');
    expect(avatarInitial('  ')).toBe('A');
    expect(avatarInitial(null)).toBe('A');
  });
});

describe('safeRedirectPath', () => {
  it('allows same-site paths only', () => {
    expect(safeRedirectPath('/settings?action=logout-all')).toBe('/settings?action=logout-all');
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('javascript:alert(1)')).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
  });
});

describe('memberSinceLabel', () => {
  const now = new Date('2025-06-30T12:00:00Z');
  it('counts days, weeks, months and years', () => {
    expect(memberSinceLabel('2025-06-30T08:00:00Z', now)).toBe('today');
    expect(memberSinceLabel('2025-06-29T11:00:00Z', now)).toBe('1 day ago');
    expect(memberSinceLabel('2025-06-25T12:00:00Z', now)).toBe('5 days ago');
    expect(memberSinceLabel('2025-06-16T12:00:00Z', now)).toBe('2 weeks ago');
    expect(memberSinceLabel('2025-04-01T12:00:00Z', now)).toBe('3 months ago');
    expect(memberSinceLabel('2023-01-01T12:00:00Z', now)).toBe('2 years ago');
    expect(memberSinceLabel('garbage', now)).toBe('');
  });
});
