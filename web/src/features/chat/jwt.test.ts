import { describe, expect, it } from 'vitest';
import { isConnectableToken } from './jwt';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const encode = (value: unknown) => base64url(JSON.stringify(value));
const token = (claims: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('isConnectableToken', () => {
  it('accepts a three-part token that expires later', () => {
    expect(isConnectableToken(token({ sub: 'u1', exp: NOW / 1000 + 60 }), NOW)).toBe(true);
  });

  it('rejects an expired token, and one expiring this very second', () => {
    expect(isConnectableToken(token({ sub: 'u1', exp: NOW / 1000 - 1 }), NOW)).toBe(false);
    expect(isConnectableToken(token({ sub: 'u1', exp: NOW / 1000 }), NOW)).toBe(false);
  });

  it('rejects missing tokens and the wrong number of parts', () => {
    expect(isConnectableToken(null, NOW)).toBe(false);
    expect(isConnectableToken('', NOW)).toBe(false);
    expect(isConnectableToken('abc.def', NOW)).toBe(false);
    expect(isConnectableToken('a.b.c.d', NOW)).toBe(false);
    expect(isConnectableToken('a..c', NOW)).toBe(false);
  });

  it('rejects an unreadable payload or a non-numeric exp', () => {
    expect(isConnectableToken('aaa.%%%.ccc', NOW)).toBe(false);
    expect(isConnectableToken(token({ exp: 'tomorrow' }), NOW)).toBe(false);
    expect(isConnectableToken(`${encode({})}.${base64url('not json')}.sig`, NOW)).toBe(false);
  });

  it('leaves a token without exp to the server', () => {
    expect(isConnectableToken(token({ sub: 'u1' }), NOW)).toBe(true);
  });
});
