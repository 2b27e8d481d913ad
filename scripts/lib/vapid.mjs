// A fresh VAPID key pair for Web Push (RFC 8292), base64url as the worker reads it:
// public = the 65-byte uncompressed P-256 point, private = the 32-byte scalar.
import { createECDH } from 'node:crypto';

/** @returns {{ publicKey: string, privateKey: string }} */
export const generateVapidKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const d = ecdh.getPrivateKey();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url') };
};
