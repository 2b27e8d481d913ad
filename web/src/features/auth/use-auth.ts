import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { AuthUser } from './auth-api';
import { authKeys, authQueries } from './auth-queries';
import {
  STORAGE_KEYS,
  expectUnauthorized,
  forgetToken,
  openLoginModal,
  readFlag,
  saveToken,
  showPushPrompt,
  showWishlistBanner,
  useStoredToken,
} from './auth-store';

export type { AuthUser } from './auth-api';
export { openLoginModal } from './auth-store';

export type AuthStatus = 'loading' | 'authenticated' | 'guest';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

export interface AuthActions {
  /** Store a new session (after any sign-in) and run the first-login prompts. */
  login: (token: string, user: AuthUser, options?: { isNewUser?: boolean }) => void;
  /** Forget the session here, drop every cached query and go home. */
  logout: () => Promise<void>;
  /** End every session of this account on the server; resolves with how many were ended. */
  logoutAllDevices: () => Promise<number>;
  /** Delete the account on the server, then end the session here. */
  deleteAccount: () => Promise<void>;
  /** Replace the cached user after a profile update. */
  setUser: (user: AuthUser) => void;
  openLoginModal: (options?: { redirect?: string | null }) => void;
}

// The account's requests come with the pages that make them (settings, profile): not first-screen code.
const loadAuthApi = () => import('./auth-api');

const WISHLIST_BANNER_DELAY_MS = 1000;
let wishlistBannerTimer: ReturnType<typeof setTimeout> | undefined;

function startSession(queryClient: QueryClient, token: string, user: AuthUser, isNewUser: boolean) {
  queryClient.setQueryData(authKeys.profile(token), user);
  saveToken(token);
  // What was fetched as a guest (favourite flags, counts) is refetched with the new token.
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });

  // No push question at sign-in or sign-up (isNewUser no longer asks); it comes after the first
  // chat sent or favourite (push-moment.ts). This browser already said yes: its subscription now belongs to
  // this account. (The push code loads only here, at sign-in: it is not part of a guest's first page, decision 011.)
  void isNewUser;
  if (typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'granted')
    void import('./push').then(({ pushPreference, subscribeForPush }) => (pushPreference.get() ? subscribeForPush() : false));

  clearTimeout(wishlistBannerTimer);
  wishlistBannerTimer = setTimeout(() => {
    if (!readFlag(STORAGE_KEYS.seenWishlistNotification)) showWishlistBanner(true);
  }, WISHLIST_BANNER_DELAY_MS);
}

/**
 * Ends the session locally. Cached data of the account goes: inactive queries are dropped and the
 * ones on screen refetch as a guest (a plain clear() would blank the page being shown).
 */
export function endSession(queryClient: QueryClient) {
  clearTimeout(wishlistBannerTimer);
  showWishlistBanner(false);
  showPushPrompt(false);
  forgetToken();
  queryClient.removeQueries({ queryKey: authKeys.profiles() });
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.invalidateQueries();
}

/**
 * Auth state for the whole app: `{ status, user }` plus the session actions. A stored token is
 * checked with GET /api/auth/profile; a 401 drops it (lib/api) and the state turns to guest.
 */
export function useAuth(): AuthState & AuthActions {
  const token = useStoredToken();
  const queryClient = useQueryClient();
  const router = useRouter();
  const profile = useQuery(authQueries.profile(token));

  let status: AuthStatus;
  let user: AuthUser | null = null;
  if (token === null) status = 'guest';
  else if (profile.data) {
    status = 'authenticated';
    user = profile.data;
  } else if (profile.isError) status = 'guest';
  else status = 'loading';

  const actions = useMemo<AuthActions>(() => {
    const leave = async () => {
      // Leave login-only pages first so their guard doesn't bounce to the login modal mid-logout.
      await router.navigate({ to: '/', replace: false });
      endSession(queryClient);
    };

    return {
      login: (newToken, newUser, options) => startSession(queryClient, newToken, newUser, !!options?.isNewUser),
      logout: async () => {
        expectUnauthorized();
        // This browser stops getting the account's notifications, and the next account to sign in
        // here can take it over (decision 002, one owner per browser). Not for long on a bad network.
        if (typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'granted') {
          const released = import('./push').then(({ releasePushSubscription }) => releasePushSubscription());
          await Promise.race([released.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1500))]);
        }
        await leave();
      },
      logoutAllDevices: async () => {
        expectUnauthorized(30_000);
        try {
          const { authApi } = await loadAuthApi();
          const { loggedOutDevices } = await authApi.logoutAllDevices();
          await leave();
          return loggedOutDevices;
        } catch (error) {
          expectUnauthorized(0);
          throw error;
        }
      },
      deleteAccount: async () => {
        expectUnauthorized(30_000);
        try {
          const { authApi } = await loadAuthApi();
          await authApi.deleteAccount();
          await leave();
        } catch (error) {
          expectUnauthorized(0);
          throw error;
        }
      },
      setUser: (updated) => {
        if (token) queryClient.setQueryData(authKeys.profile(token), updated);
      },
      openLoginModal,
    };
  }, [queryClient, router, token]);

  return { status, user, ...actions };
}
