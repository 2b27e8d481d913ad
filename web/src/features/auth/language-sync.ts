import { useEffect, useRef } from 'react';
import { LANGUAGE_CHOSEN_KEY, setLanguage, useLanguage, type Language } from '../../lib/i18n';
import { readStorage, writeStorage } from '../../lib/local-store';
import type { AuthState, AuthActions } from './use-auth';

/**
 * Whether the person picked the language on this device since it last agreed with their account,
 * and which account that was: on a sign-in the app adopts the account's language unless the person
 * has just chosen one here (features/auth/language-sync.ts).
 */
const ACCOUNT_KEY = 'language-account';
export const languageChoice = () => {
  const account = readStorage(ACCOUNT_KEY);
  // a language picked before this device ever agreed with an account counts as the person's choice
  const chosenHere = readStorage(LANGUAGE_CHOSEN_KEY) === '1' || (account === null && readStorage('language') !== null);
  return { chosenHere, account };
};
export const languageAgreed = (accountId: string) => {
  writeStorage(LANGUAGE_CHOSEN_KEY, null);
  writeStorage(ACCOUNT_KEY, accountId);
};

export type LanguageAction = { store: Language } | { adopt: Language } | null;

/**
 * What to do when the app's language and the account's differ (decision 010, 024). The server
 * writes notifications, push, e-mails and SMS in `user.language`, and it is the person's language
 * wherever they sign in: on a device that has not yet agreed with this account (a new phone, a
 * sign-in after someone else's), the app adopts it — unless the person has just picked a language
 * here, which then goes to the account. A server that sends no language: nothing.
 */
export function languageAction(
  status: AuthState['status'],
  userId: string | undefined,
  stored: Language | undefined,
  chosen: Language,
  device: { chosenHere: boolean; account: string | null },
): LanguageAction {
  if (status !== 'authenticated' || !userId || stored === undefined || stored === chosen) return null;
  if (device.account !== userId && !device.chosenHere) return { adopt: stored };
  return { store: chosen };
}

/** The older rule, kept for its callers: what to store, or null. */
export function languageToStore(status: AuthState['status'], stored: Language | undefined, chosen: Language): Language | null {
  if (status !== 'authenticated' || stored === undefined) return null;
  return stored === chosen ? null : chosen;
}

/**
 * Keeps the account's language and the app's in step: a switch in the header, the help centre or
 * the menu goes to the account; a sign-in on a new device brings the account's language here.
 */
export function useLanguageSync({ status, user, setUser }: Pick<AuthState & AuthActions, 'status' | 'user' | 'setUser'>) {
  const chosen = useLanguage();
  const userId = user?.id;
  const action = languageAction(status, userId, user?.language, chosen, languageChoice());
  const store = action && 'store' in action ? action.store : null;
  const adopt = action && 'adopt' in action ? action.adopt : null;
  // one try per account and language: a failure is not retried in a loop (the next switch tries again)
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'authenticated' || !userId) return;
    if (adopt) {
      setLanguage(adopt, 'account');
      languageAgreed(userId);
      return;
    }
    if (!store) {
      if (user?.language === chosen) languageAgreed(userId);
      return;
    }
    const key = `${userId}:${store}`;
    if (tried.current === key) return;
    tried.current = key;
    // the account requests stay out of the first page's JavaScript (decision 011): fetched when needed
    import('./auth-api')
      .then(({ authApi }) => authApi.setLanguage(store))
      .then((updated) => {
        languageAgreed(userId);
        if (updated.id === userId) setUser(updated);
      })
      .catch(() => {
        // best effort: texts keep coming in the stored language until the next switch or sign-in
      });
  }, [status, store, adopt, userId, setUser, user?.language, chosen]);
}

/** useLanguageSync as a component, so that its code loads only for a signed-in person (LoginModalHost). */
export function LanguageSync({ auth }: { auth: Pick<AuthState & AuthActions, 'status' | 'user' | 'setUser'> }) {
  useLanguageSync(auth);
  return null;
}
