import type { Context } from 'hono';

export const clientIp = (c: Context) => c.req.header('CF-Connecting-IP') ?? c.req.header('X-Real-IP') ?? '127.0.0.1';

const sha256Hex = async (text: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/** Who is looking, for view counting: the signed-in user, else a hash of IP and user agent (never stored raw). */
export const viewerKey = async (c: Context, userId?: string) =>
  userId ? `u:${userId}` : `a:${(await sha256Hex(`${clientIp(c)}|${c.req.header('User-Agent') ?? ''}`)).slice(0, 32)}`;
