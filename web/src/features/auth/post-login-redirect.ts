/**
 * Google sign-in leaves the SPA, so the page a guard sent the user from waits in sessionStorage
 * under this key until /auth/callback comes back.
 */
export const POST_LOGIN_REDIRECT_KEY = 'sel:postLoginRedirect';
