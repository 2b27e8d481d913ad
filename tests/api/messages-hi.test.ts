import { describe, expect, it } from 'vitest';
import { ERRORS_HINDI } from '../../worker/schemas/errors-hi';
import { languageFromHeader, localiseMessage } from '../../worker/lib/messages';
import { call } from './helpers';

let seq = 0;
const freshPhone = () => `9${String(610_000_000 + ++seq * 7919).padStart(9, '0')}`;
const freshIp = () => `198.51.100.${++seq % 250}`;
const post = (path: string, body: unknown, language?: string) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': freshIp(), ...(language ? { 'accept-language': language } : {}) },
    body: JSON.stringify(body),
  });

describe('API error messages in the reader’s language', () => {
  it('the catalogue is Hindi, keeps {n}, and has no empty entry', () => {
    for (const [key, value] of Object.entries(ERRORS_HINDI)) {
      expect(value.trim(), key).not.toBe('');
      expect(/[\u0900-\u097F]/.test(value), key).toBe(true);
      expect(value.includes('{n}'), key).toBe(key.includes('{n}'));
    }
  });

  it('reads the first language of Accept-Language', () => {
    expect(languageFromHeader('hi-IN, en;q=0.5')).toBe('hi');
    expect(languageFromHeader('hi')).toBe('hi');
    expect(languageFromHeader('en-IN,hi;q=0.9')).toBe('en');
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('hindi')).toBe('en');
  });

  it('localises exact and numbered messages, and leaves unknown ones as they are', () => {
    expect(localiseMessage('Invalid email or password', 'hi')).toBe('ईमेल या पासवर्ड गलत है');
    expect(localiseMessage('Please wait 23 seconds before requesting another OTP', 'hi')).toBe('दूसरा OTP माँगने से पहले कृपया 23 सेकंड रुकें');
    expect(localiseMessage('Invalid email or password', 'en')).toBe('Invalid email or password');
    expect(localiseMessage('Something nobody catalogued', 'hi')).toBe('Something nobody catalogued');
  });

  it('answers a bad sign-in form in Hindi when asked, with the same code, and in English otherwise', async () => {
    const hindi = await post('/api/auth/send-otp', { phone: '12345', type: 'LOGIN' }, 'hi-IN, en;q=0.5');
    expect(hindi.status).toBe(400);
    expect(hindi.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'कृपया 10 अंकों का सही फ़ोन नंबर डालें' });
    expect(hindi.body.issues[0].message).toBe('कृपया 10 अंकों का सही फ़ोन नंबर डालें');
    const english = await post('/api/auth/send-otp', { phone: '12345', type: 'LOGIN' });
    expect(english.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Please enter a valid 10-digit phone number' });
  });

  it('says the OTP cooldown and a wrong password in Hindi', async () => {
    const phone = freshPhone();
    expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).status).toBe(200);
    const again = await post('/api/auth/send-otp', { phone, type: 'REGISTER' }, 'hi-IN');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('OTP_COOLDOWN');
    expect(again.body.error).toMatch(/^दूसरा OTP माँगने से पहले कृपया \d+ सेकंड रुकें$/);

    const login = await post('/api/auth/login', { email: `nobody${++seq}@example.com`, password: 'wrongpass1' }, 'hi-IN');
    expect(login.status).toBe(401);
    expect(login.body.error).toBe('ईमेल या पासवर्ड गलत है');
  });
});
