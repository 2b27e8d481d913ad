import { useEffect, useRef } from 'react';
import { useLanguage, type Language } from '../../lib/i18n';
import type { AuthState, AuthActions } from './use-auth';

/**
 * What to store as the account's language (decision 010), or null for nothing: the server
 * writes notifications, push, e-mails and SMS in `user.language`, and the language a signed-in
 * reader has chosen in this app is the one they want. A server that sends no language: nothing.
 */
export function languageToStore(status: AuthState['status'], stored: Language | undefined, chosen: Language): Language | null {
  if (status !== 'authenticated' || stored === undefined) return null;
  return stored === chosen ? null : chosen;
}

/**
 * Keeps the account's language in step with the app's: after a switch in the header, the help
 * centre or the menu, and after a sign-in that did not carry it (Google's redirect). E-mail and
 * phone sign-in already store it from Accept-Language, so they cause no extra request.
 */
export function useLanguageSync({ status, user, setUser }: Pick<AuthState & AuthActions, 'status' | 'user' | 'setUser'>) {
  const chosen = useLanguage();
  const wanted = languageToStore(status, user?.language, chosen);
  const userId = user?.id;
  // one try per account and language: a failure is not retried in a loop (the next switch tries again)
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !userId) return;
    const key = `${userId}:${wanted}`;
    if (tried.current === key) return;
    tried.current = key;
    // the account requests stay out of the first page's JavaScript (decision 011): fetched when needed
    import('./auth-api')
      .then(({ authApi }) => authApi.setLanguage(wanted))
      .then((updated) => {
        if (updated.id === userId) setUser(updated);
      })
      .catch(() => {
        // best effort: texts keep coming in the stored language until the next switch or sign-in
      });
  }, [wanted, userId, setUser]);
}
