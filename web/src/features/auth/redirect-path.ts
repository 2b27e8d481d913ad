// On its own so the login modal host (in every page's first JavaScript) does not pull in all the auth rules.
/**
 * Only same-site paths may be followed after sign-in: '/settings?x=1' yes; 'https://evil',
 * '//evil', '/\\evil' and 'javascript:' no. Returns the path to use or null.
 */
export function safeRedirectPath(redirect: unknown): string | null {
  if (typeof redirect !== 'string') return null;
  const value = redirect.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}
