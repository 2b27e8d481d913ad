/**
 * Attacks on Web Push subscriptions (decision 002, "Web Push: one owner per browser"): taking over
 * another account's browser by presenting its endpoint, and piling up subscriptions on one account.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { accountsDb, createListing, createUserWithToken, onAccountsDbs } from '../factories';
import { setPushTransport } from '../../worker/services/notifications/push';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '../../worker/schemas/realtime-limits';

// two valid browser key pairs' public halves (P-256 points) and auth secrets
const VICTIM_KEYS = { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' };
const ATTACKER_KEYS = { p256dh: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8', auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const FCM = 'https://fcm.googleapis.com/fcm/send/';

type User = Awaited<ReturnType<typeof createUserWithToken>>;
const subscribe = (user: User, endpoint: string, keys = VICTIM_KEYS) =>
  call('/api/push/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify({ endpoint, keys, expirationTime: null }) });
const release = (user: User, endpoint: string) =>
  call('/api/push/subscriptions', { method: 'DELETE', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify({ endpoint }) });
// an endpoint's row wherever its holder's accounts database is; never more than one across them all
const rowOf = async (endpoint: string) => {
  const held = await onAccountsDbs<{ user_id: string; p256dh: string; auth: string }>('SELECT user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?', endpoint);
  expect(held.length, `holders of ${endpoint}`).toBeLessThanOrEqual(1);
  return held[0] ?? null;
};
const endpointsOf = async (userId: string) =>
  (await accountsDb(userId).prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY endpoint').bind(userId).all<{ endpoint: string }>()).results.map((r) => r.endpoint);

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('a push endpoint belongs to one account', () => {
  it('another account presenting a known endpoint gets 409 and takes nothing over; the owner keeps getting their notifications', async () => {
    const victim = await createUserWithToken({ firstName: 'Meera' });
    const attacker = await createUserWithToken({ firstName: 'Mallory' });
    const endpoint = `${FCM}victim-browser-${crypto.randomUUID()}`;
    expect((await subscribe(victim, endpoint)).status).toBe(201);

    for (const keys of [ATTACKER_KEYS, VICTIM_KEYS]) {
      const res = await subscribe(attacker, endpoint, keys);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'PUSH_ENDPOINT_TAKEN' });
      expect(res.body.error).toMatch(/another account/);
    }
    expect(await rowOf(endpoint)).toEqual({ user_id: victim.id, p256dh: VICTIM_KEYS.p256dh, auth: VICTIM_KEYS.auth });
    // nor can the attacker switch it off
    expect((await release(attacker, endpoint)).body.data).toEqual({ removed: false });

    // a notification for the victim still reaches their browser; one for the attacker does not
    const sent: string[] = [];
    restore = setPushTransport(async (req) => {
      sent.push(req.url);
      return new Response(null, { status: 201 });
    });
    const seller = await createUserWithToken();
    const victimAd = await createListing(victim, { title: 'Godrej almirah' });
    const attackerAd = await createListing(attacker, { title: 'Old cooler' });
    for (const ad of [attackerAd, victimAd]) {
      const fav = await call(`/api/listings/${ad.id}/favorite`, { method: 'POST', headers: { 'content-type': 'application/json', ...seller.auth }, body: JSON.stringify({ isFavorite: true }) });
      expect(fav.status).toBeLessThan(300);
    }
    await expect.poll(() => sent).toEqual([endpoint]);
  });

  it('the same account may present its endpoint again (new keys); after the owner releases it, another account may take it', async () => {
    const first = await createUserWithToken();
    const second = await createUserWithToken();
    const endpoint = `${FCM}shared-laptop-${crypto.randomUUID()}`;
    expect((await subscribe(first, endpoint)).status).toBe(201);
    expect((await subscribe(first, endpoint, ATTACKER_KEYS)).status).toBe(201);
    expect(await rowOf(endpoint)).toMatchObject({ user_id: first.id, p256dh: ATTACKER_KEYS.p256dh });
    // signing out on that browser releases it
    expect((await release(first, endpoint)).body.data).toEqual({ removed: true });
    expect((await subscribe(second, endpoint)).status).toBe(201);
    expect(await rowOf(endpoint)).toMatchObject({ user_id: second.id });
  });
});

describe('push subscriptions per account', () => {
  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER}: each new browser is taken, the one subscribed longest ago is dropped; nobody else's are touched`, async () => {
    const user = await createUserWithToken();
    const other = await createUserWithToken();
    const otherEndpoint = `${FCM}other-${crypto.randomUUID()}`;
    expect((await subscribe(other, otherEndpoint)).status).toBe(201);
    const extra = 5;
    const endpoints: string[] = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_USER + extra; i++) {
      const endpoint = `${FCM}flood-${String(i).padStart(3, '0')}-${crypto.randomUUID()}`;
      endpoints.push(endpoint);
      const res = await subscribe(user, endpoint);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // a distinct subscription time for each, so "longest ago" is well defined
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(await endpointsOf(user.id)).toEqual(endpoints.slice(extra).sort());
    expect(await endpointsOf(other.id)).toEqual([otherEndpoint]);
    // presenting an old browser again makes it the newest: the next new one drops another
    expect((await subscribe(user, endpoints[extra]!)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2));
    expect((await subscribe(user, `${FCM}one-more-${crypto.randomUUID()}`)).status).toBe(201);
    const kept = await endpointsOf(user.id);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).toContain(endpoints[extra]);
    expect(kept).not.toContain(endpoints[extra + 1]);
  });
});
