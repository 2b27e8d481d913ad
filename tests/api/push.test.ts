import { afterEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { call } from './helpers';
import { accountsDb, createListing, createUserWithToken, onAccountsDbs } from '../factories';
import { setPushTransport } from '../../worker/services/notifications/push';
import { fromBase64Url, toBase64Url } from '../../worker/lib/crypto';
import { encryptPushPayload, p256Jwk, vapidAuthorization } from '../../worker/lib/web-push';

// RFC 8291 Appendix A: every input fixed, the encrypted message known byte for byte.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** Browsers holding an endpoint, whichever accounts database their account's rows are in. */
const holdersOf = async (endpoint: string) => (await onAccountsDbs('SELECT user_id FROM push_subscriptions WHERE endpoint = ?', endpoint)).length;
/** A user's subscriptions, in their accounts database. */
const subscriptionsOf = async (userId: string) =>
  (await accountsDb(userId).prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ?').bind(userId).all<{ endpoint: string }>()).results.map((r) => r.endpoint);

const importPair = async (publicKey: string, privateKey: string): Promise<CryptoKeyPair> => {
  const jwk = p256Jwk(fromBase64Url(publicKey), fromBase64Url(privateKey));
  return {
    privateKey: await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('jwk', { ...jwk, d: undefined }, { name: 'ECDH', namedCurve: 'P-256' }, true, []),
  };
};

describe('Web Push encryption (RFC 8291)', () => {
  it('reproduces the RFC 8291 example byte for byte', async () => {
    const body = await encryptPushPayload({ p256dh: RFC.uaPublic, auth: RFC.auth }, RFC.plaintext, {
      salt: fromBase64Url(RFC.salt),
      keyPair: await importPair(RFC.asPublic, RFC.asPrivate),
    });
    expect(toBase64Url(body)).toBe(RFC.body);
  });
});

/** A browser's side of RFC 8291: what a subscribed browser would read from a push message. */
const decrypt = async (body: Uint8Array, uaPublic: string, uaPrivate: string, auth: string) => {
  const salt = body.slice(0, 16);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const sealed = body.slice(21 + idlen);
  const ua = await importPair(uaPublic, uaPrivate);
  const asKey = await crypto.subtle.importKey('jwk', p256Jwk(asPublic), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: asKey }, ua.privateKey, 256));
  type Bytes = Uint8Array<ArrayBuffer>;
  const hkdf = async (s: Uint8Array, ikm: Uint8Array, info: string | Uint8Array, n: number) => {
    const key = await crypto.subtle.importKey('raw', ikm as Bytes, 'HKDF', false, ['deriveBits']);
    const infoBytes = (typeof info === 'string' ? new TextEncoder().encode(info) : info) as Bytes;
    return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: s as Bytes, info: infoBytes }, key, n * 8));
  };
  const uaPub = fromBase64Url(uaPublic);
  const ikm = await hkdf(fromBase64Url(auth), shared, new Uint8Array([...new TextEncoder().encode('WebPush: info\0'), ...uaPub, ...asPublic]), 32);
  const cek = await crypto.subtle.importKey('raw', await hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16), 'AES-GCM', false, ['decrypt']);
  const nonce = await hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, cek, sealed));
  expect(padded[padded.length - 1]).toBe(2);
  return new TextDecoder().decode(padded.slice(0, -1));
};

it('decrypts the RFC example with the browser side (so the sending tests below can read what they get)', async () => {
  expect(await decrypt(fromBase64Url(RFC.body), RFC.uaPublic, RFC.uaPrivate, RFC.auth)).toBe(RFC.plaintext);
});

describe('VAPID (RFC 8292)', () => {
  it('signs an ES256 JWT for the push service origin that our public key verifies', async () => {
    const vapid = { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: 'mailto:test@sel.local' };
    const header = await vapidAuthorization('https://fcm.googleapis.com/fcm/send/abc123', vapid);
    const [, token, k] = header.match(/^vapid t=([^,]+), k=(.+)$/)!;
    expect(k).toBe(vapid.publicKey);
    expect(decodeProtectedHeader(token!)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const key = await importJWK({ ...p256Jwk(fromBase64Url(vapid.publicKey)), alg: 'ES256' }, 'ES256');
    const { payload } = await jwtVerify(token!, key, { audience: 'https://fcm.googleapis.com' });
    expect(payload.sub).toBe('mailto:test@sel.local');
    expect(payload.exp! - Date.now() / 1000).toBeLessThanOrEqual(12 * 3600 + 5);
  });
});

describe('push subscriptions', () => {
  const FCM = 'https://fcm.googleapis.com/fcm/send/test-endpoint-';
  const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: RFC.uaPublic, auth: RFC.auth }, expirationTime: null });
  const post = (user: { auth: Record<string, string> } | null, body: unknown, method = 'POST') =>
    call('/api/push/subscriptions', { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}) }, body: JSON.stringify(body) });
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('hands out the public key, and takes a browser subscription from a signed-in user only', async () => {
    expect((await call('/api/push/public-key')).body).toEqual({ success: true, data: { publicKey: env.VAPID_PUBLIC_KEY } });
    const user = await createUserWithToken();
    expect((await post(null, subscription(`${FCM}a`))).status).toBe(401);
    const ok = await post(user, subscription(`${FCM}a`));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // the same browser again: one row
    expect((await post(user, subscription(`${FCM}a`))).status).toBe(201);
    expect(await holdersOf(`${FCM}a`)).toBe(1);
  });

  it('refuses endpoints that are not a push service, and keys that are not a browser key', async () => {
    const user = await createUserWithToken();
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://evil.example/collect', 'https://169.254.169.254/latest', 'https://fcm.googleapis.com:8443/x']) {
      const res = await post(user, subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect(res.body.code).toBe('PUSH_ENDPOINT_REFUSED');
    }
    const badKey = await post(user, { endpoint: `${FCM}b`, keys: { p256dh: 'B' + 'A'.repeat(86), auth: RFC.auth } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.code).toBe('PUSH_KEYS_INVALID');
    const missing = await post(user, { endpoint: `${FCM}b` });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('keys');
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it('a notification for a user with no open tab reaches their browsers, encrypted; a gone subscription is dropped', async () => {
    const seller = await createUserWithToken({ firstName: 'Kiran' });
    const fan = await createUserWithToken({ firstName: 'Divya' });
    const ad = await createListing(seller, { title: 'Hero Sprint bicycle' });
    expect((await post(seller, subscription(`${FCM}live`))).status).toBe(201);
    expect((await post(seller, subscription(`${FCM}gone`))).status).toBe(201);
    const sent: { url: string; headers: Headers; body: Uint8Array }[] = [];
    restore = setPushTransport(async (req) => {
      sent.push({ url: req.url, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()) });
      return new Response(null, { status: req.url.endsWith('gone') ? 410 : 201 });
    });
    const fav = await call(`/api/listings/${ad.id}/favorite`, { method: 'POST', headers: { 'content-type': 'application/json', ...fan.auth }, body: JSON.stringify({ isFavorite: true }) });
    expect(fav.status, JSON.stringify(fav.body)).toBeLessThan(300);
    // sent by the user's inbox in the background, not on the favourite request's path
    await expect.poll(() => sent.map((s) => s.url).sort()).toEqual([`${FCM}gone`, `${FCM}live`]);
    await expect.poll(async () => (await subscriptionsOf(seller.id)).length).toBe(1);
    const live = sent.find((s) => s.url.endsWith('live'))!;
    expect(live.headers.get('content-encoding')).toBe('aes128gcm');
    expect(live.headers.get('ttl')).toBe('86400');
    expect(live.headers.get('authorization')).toMatch(/^vapid t=[\w.-]+, k=[\w-]+$/);
    const message = JSON.parse(await decrypt(live.body, RFC.uaPublic, RFC.uaPrivate, RFC.auth));
    expect(message).toMatchObject({ url: `/listing/${ad.id}`, tag: `favorite:${ad.id}` });
    expect(message).toMatchObject({ title: 'Someone liked your ad', body: 'Your ad "Hero Sprint bicycle" was added to a wishlist.' });
    // the push service said 410 Gone for one browser: it is forgotten
    expect(await subscriptionsOf(seller.id)).toEqual([`${FCM}live`]);
    // nobody else can switch it off; the user can, for this browser
    expect((await post(fan, { endpoint: `${FCM}live` }, 'DELETE')).body).toEqual({ success: true, data: { removed: false } });
    expect(await holdersOf(`${FCM}live`)).toBe(1);
    const off = await post(seller, { endpoint: `${FCM}live` }, 'DELETE');
    expect(off.body).toEqual({ success: true, data: { removed: true } });
  });

  it('chat messages to an offline member reach their browser, each replacing the last for that chat', async () => {
    const seller = await createUserWithToken({ firstName: 'Kiran' });
    const buyer = await createUserWithToken({ firstName: 'Divya' });
    const ad = await createListing(seller, { title: 'Godrej steel almirah' });
    expect((await post(seller, subscription(`${FCM}chat`))).status).toBe(201);
    const messages: Record<string, string>[] = [];
    restore = setPushTransport(async (req) => {
      messages.push(JSON.parse(await decrypt(new Uint8Array(await req.arrayBuffer()), RFC.uaPublic, RFC.uaPrivate, RFC.auth)));
      return new Response(null, { status: 201 });
    });
    const json = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify(body) });
    const chatId = (await json('/api/messages/chats', { listingId: ad.id })).body.data.chat.id as string;
    for (const content of ['Is it still available?', 'Can I see it today?']) expect((await json('/api/messages/messages', { chatId, content })).status).toBe(201);
    await expect.poll(() => messages.length).toBe(2);
    expect(messages.map((m) => m.body)).toEqual(['Divya: Is it still available?', 'Divya: Can I see it today?']);
    for (const m of messages) expect(m).toMatchObject({ title: 'New message', url: `/chat?chatId=${chatId}`, tag: `message:${chatId}` });
  });

  it('a seller who reads Hindi gets the push in Hindi (users.language); the buyer’s words stay as written', async () => {
    const seller = await createUserWithToken({ firstName: 'Kiran' });
    const buyer = await createUserWithToken({ firstName: 'Divya' });
    expect((await call('/api/auth/language', { method: 'PUT', headers: { 'content-type': 'application/json', ...seller.auth }, body: JSON.stringify({ language: 'hi' }) })).status).toBe(200);
    const ad = await createListing(seller, { title: 'Godrej steel almirah' });
    expect((await post(seller, subscription(`${FCM}chat-hi`))).status).toBe(201);
    const messages: Record<string, string>[] = [];
    restore = setPushTransport(async (req) => {
      messages.push(JSON.parse(await decrypt(new Uint8Array(await req.arrayBuffer()), RFC.uaPublic, RFC.uaPrivate, RFC.auth)));
      return new Response(null, { status: 201 });
    });
    const json = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify(body) });
    const chatId = (await json('/api/messages/chats', { listingId: ad.id })).body.data.chat.id as string;
    for (const content of ['Is it still available?', 'कल देख सकता हूँ?']) expect((await json('/api/messages/messages', { chatId, content })).status).toBe(201);
    await expect.poll(() => messages.length).toBe(2);
    expect(messages.map((m) => [m.title, m.body])).toEqual([
      ['नया संदेश', 'Divya: Is it still available?'],
      ['नया संदेश', 'Divya: कल देख सकता हूँ?'],
    ]);
  });
});

