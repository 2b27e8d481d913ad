import { Hono } from 'hono';
import { getSignedCookie, setSignedCookie, deleteCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv, Env } from '../env';
import { getDb } from '../db/client';
import { AppError } from '../lib/errors';
import { randomBytes, sha256, toBase64Url } from '../lib/crypto';
import { signInWithGoogle } from '../services/accounts/auth';
import { describeRoute } from 'hono-openapi';

/**
 * Google sign-in: authorization-code flow with a signed `state` and PKCE (S256). The state and the
 * verifier travel in a short-lived signed HttpOnly cookie bound to this browser. Every outcome
 * returns the browser to /auth/callback with success=true&token=... or success=false&error=...
 */
const PROVIDERS: Record<string, string> = { google: 'Google', facebook: 'Facebook', github: 'GitHub' };
/** Own keys only: "/oauth/constructor" must not name Object's constructor in the message. */
const providerName = (provider: string) => (Object.hasOwn(PROVIDERS, provider) ? PROVIDERS[provider] : 'This');
const COOKIE = 'sel_oauth';
const GOOGLE_AUTH = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
const GOOGLE_USERINFO = 'https://openidconnect.googleapis.com/v1/userinfo';

const back = (c: Context<AppEnv>, params: Record<string, string>) => c.redirect(`/auth/callback?${new URLSearchParams(params).toString()}`, 302);
const fail = (c: Context<AppEnv>, error: string) => back(c, { success: 'false', error });

const googleConfigured = (env: Env) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.JWT_SECRET);
const redirectUri = (c: Context<AppEnv>) => `${new URL(c.req.url).origin}/api/oauth/google/callback`;

export const oauthRoutes = new Hono<AppEnv>()
  .get(
    '/:provider/callback',
    describeRoute({ tags: ['Auth'], summary: 'OAuth return from the provider (browser redirect to /auth/callback)', responses: { 302: { description: 'Back to the app' } } }),
    async (c) => {
      const provider = c.req.param('provider');
      if (provider !== 'google' || !googleConfigured(c.env)) return fail(c, `${providerName(provider)} OAuth is not configured.`);
      const saved = await getSignedCookie(c, c.env.JWT_SECRET!, COOKIE);
      deleteCookie(c, COOKIE, { path: '/api/oauth' });
      const { code, state, error } = c.req.query();
      if (error) return fail(c, error === 'access_denied' ? 'Google sign-in was cancelled.' : 'OAuth authentication failed');
      if (!saved || !state || !code) return fail(c, 'OAuth authentication failed');
      let expected: { state: string; verifier: string };
      try {
        expected = JSON.parse(saved) as { state: string; verifier: string };
      } catch {
        return fail(c, 'OAuth authentication failed');
      }
      if (expected.state !== state) return fail(c, 'OAuth authentication failed');
      try {
        const tokenRes = await fetch(GOOGLE_TOKEN, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            code,
            client_id: c.env.GOOGLE_CLIENT_ID!,
            client_secret: c.env.GOOGLE_CLIENT_SECRET!,
            redirect_uri: redirectUri(c),
            grant_type: 'authorization_code',
            code_verifier: expected.verifier,
          }),
        });
        if (!tokenRes.ok) return fail(c, 'OAuth authentication failed');
        const tokens = (await tokenRes.json()) as { access_token?: string };
        if (!tokens.access_token) return fail(c, 'No authentication token received');
        const infoRes = await fetch(GOOGLE_USERINFO, { headers: { authorization: `Bearer ${tokens.access_token}` } });
        if (!infoRes.ok) return fail(c, 'OAuth authentication failed');
        const info = (await infoRes.json()) as { sub?: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string; picture?: string };
        if (!info.sub || !info.email) return fail(c, 'OAuth authentication failed');
        const session = await signInWithGoogle(
          c.env,
          getDb(c.env.DB),
          { sub: info.sub, email: info.email, emailVerified: info.email_verified === true, givenName: info.given_name, familyName: info.family_name, picture: info.picture },
          c.req.header('User-Agent'),
        );
        return back(c, { success: 'true', token: session.token });
      } catch (err) {
        if (err instanceof AppError) return fail(c, err.message);
        console.error('google oauth failed', err);
        return fail(c, 'Authentication failed');
      }
    },
  )
  .get(
    '/:provider',
    describeRoute({ tags: ['Auth'], summary: 'Start third-party sign-in (browser redirect to the provider)', responses: { 302: { description: 'To the provider, or back with an error' } } }),
    async (c) => {
      const provider = c.req.param('provider');
      if (provider !== 'google' || !googleConfigured(c.env)) return fail(c, `${providerName(provider)} OAuth is not configured.`);
      const state = toBase64Url(randomBytes(24));
      const verifier = toBase64Url(randomBytes(48));
      const challenge = toBase64Url(await sha256(verifier));
      await setSignedCookie(c, COOKIE, JSON.stringify({ state, verifier }), c.env.JWT_SECRET!, {
        path: '/api/oauth',
        httpOnly: true,
        secure: new URL(c.req.url).protocol === 'https:',
        sameSite: 'Lax',
        maxAge: 600,
      });
      const url = new URL(GOOGLE_AUTH);
      url.search = new URLSearchParams({
        client_id: c.env.GOOGLE_CLIENT_ID!,
        redirect_uri: redirectUri(c),
        response_type: 'code',
        scope: 'openid email profile',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return c.redirect(url.toString(), 302);
    },
  );
