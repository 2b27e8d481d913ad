/**
 * Web Push without a push library: payload encryption (RFC 8291, aes128gcm content coding of
 * RFC 8188) and VAPID identification (RFC 8292), on WebCrypto and jose, so it runs in workerd.
 */
import { SignJWT, importJWK } from 'jose';
import { concatBytes as concat, fromBase64Url, toBase64Url } from './crypto';

const enc = new TextEncoder();
const RECORD_SIZE = 4096;
type Bytes = Uint8Array<ArrayBuffer>;

export interface PushKeys {
  /** the browser's P-256 public key, base64url of the 65-byte uncompressed point */
  p256dh: string;
  /** the browser's 16-byte auth secret, base64url */
  auth: string;
}

const hkdf = async (salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> => {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
};

/** A P-256 point (65 bytes, uncompressed) or scalar as the JWK WebCrypto imports. */
export const p256Jwk = (publicPoint: Uint8Array, privateScalar?: Uint8Array): JsonWebKey => {
  if (publicPoint.length !== 65 || publicPoint[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(publicPoint.slice(1, 33)),
    y: toBase64Url(publicPoint.slice(33, 65)),
    ...(privateScalar ? { d: toBase64Url(privateScalar) } : {}),
  };
};

/** Whether p256dh/auth are well-formed browser keys (65-byte point on P-256, 16-byte secret). */
export const validPushKeys = async (keys: PushKeys): Promise<boolean> => {
  try {
    const point = fromBase64Url(keys.p256dh);
    if (fromBase64Url(keys.auth).length !== 16) return false;
    await crypto.subtle.importKey('jwk', p256Jwk(point), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
};

/**
 * Encrypts one push message for one browser: a single aes128gcm record whose header carries the
 * salt and our ephemeral public key. `fixed` pins the salt and key pair (test vectors only).
 */
export const encryptPushPayload = async (
  keys: PushKeys,
  payload: string,
  fixed?: { salt: Bytes; keyPair: CryptoKeyPair },
): Promise<Bytes> => {
  const uaPublic = fromBase64Url(keys.p256dh) as Bytes;
  const authSecret = fromBase64Url(keys.auth) as Bytes;
  const uaKey = await crypto.subtle.importKey('jwk', p256Jwk(uaPublic), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ours = fixed?.keyPair ?? ((await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', ours.publicKey)) as ArrayBuffer);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, ours.privateKey, 256));
  // RFC 8291 §3.3: the auth secret and both public keys go into the input keying material
  const ikm = await hkdf(authSecret, ecdhSecret, concat(enc.encode('WebPush: info\0') as Bytes, uaPublic, asPublic), 32);
  const salt: Bytes = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const cek = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0') as Bytes, 16);
  const nonce = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0') as Bytes, 12);
  const text = enc.encode(payload);
  if (text.length > RECORD_SIZE - 16 - 1 - 86) throw new Error('push payload too large');
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  // one record, the last: the plaintext, then the 0x02 delimiter (no padding)
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concat(text, new Uint8Array([2]))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, sealed);
};

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** `Authorization: vapid t=<ES256 JWT for the push service's origin>, k=<our public key>` (RFC 8292). */
export const vapidAuthorization = async (endpoint: string, vapid: Vapid, now = Date.now()): Promise<string> => {
  const jwk = p256Jwk(fromBase64Url(vapid.publicKey), fromBase64Url(vapid.privateKey));
  const key = await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
  const token = await new SignJWT({ sub: vapid.subject })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(Math.floor(now / 1000) + 12 * 3600)
    .sign(key);
  return `vapid t=${token}, k=${vapid.publicKey}`;
};

/** The POST to a push service for one subscription. */
export const pushRequest = async (
  subscription: PushKeys & { endpoint: string },
  payload: string,
  vapid: Vapid,
  ttlSeconds = 24 * 3600,
): Promise<Request> =>
  new Request(subscription.endpoint, {
    method: 'POST',
    headers: {
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      TTL: String(ttlSeconds),
      Urgency: 'normal',
      Authorization: await vapidAuthorization(subscription.endpoint, vapid),
    },
    body: await encryptPushPayload(subscription, payload),
  });
