/**
 * Per-address limits keyed on the whole IPv6 address gave an attacker on one home or phone line (an
 * IPv6 /64) 2^64 fresh counters: sign-ups, sign-ins and OTP sends were limited only by the wider
 * per-network look-up cap. Every per-address limit is now keyed on the IPv4 address or the IPv6 /64.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { LIMITS, addressKey } from '../../worker/lib/rate-limit';

const post = (path: string, body: unknown, ip: string) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) });
let seq = 0;
const email = () => `addr${++seq}.${Date.now()}@example.in`;

describe('per-address limits on IPv6', () => {
  it('sign-ups from many addresses of one /64 share one limit; another /64 is not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.registerPerIp.limit + 2; i++) {
      // a different interface id each time, as a script rotating through its /64 would use
      statuses.push((await post('/api/auth/register', { email: email(), password: 'mango2024' }, `2001:db8:51:7:${(i + 1).toString(16)}:${i}ab:3:${i}`)).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.registerPerIp.limit);
    expect(statuses.slice(LIMITS.registerPerIp.limit)).toEqual([429, 429]);
    const next = await post('/api/auth/register', { email: email(), password: 'mango2024' }, '2001:db8:51:8::1');
    expect(next.status).toBe(201);
  });

  it('OTP sends from one /64 share the per-address limit too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.lookupPerIp.limit + 1; i++) {
      const phone = `9${String(810_000_000 + i * 7_919 + seq * 31).padStart(9, '0')}`;
      statuses.push((await post('/api/auth/send-otp', { phone, type: 'REGISTER' }, `2001:db8:52:9::${(i + 1).toString(16)}`)).status);
    }
    expect(statuses.slice(0, LIMITS.lookupPerIp.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('one key per subscriber, whatever the spelling: an IPv4 address, an IPv6 /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
    const one = addressKey('2001:db8:abcd:12:1:2:3:4');
    expect(one).toBe('2001:db8:abcd:12::/64');
    for (const same of ['2001:0DB8:ABCD:0012:ffff::1', '2001:db8:abcd:12::', '2001:db8:abcd:12:0:0:0:1%eth0', '2001:db8:abcd:12::198.51.100.1']) {
      expect(addressKey(same)).toBe(one);
    }
    expect(addressKey('2001:db8:abcd:13::1')).not.toBe(one);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    // not an address (a proxy's garbage): kept as text, bounded, never a crash
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
    expect(addressKey('1:2:3')).toBe('1:2:3');
    expect(addressKey('x'.repeat(500))).toHaveLength(64);
  });
});
