import { useEffect, useRef } from 'react';

/**
 * What a guest started before being asked to sign in, so that (say) a heart tapped as a guest is
 * not lost on the way through sign-in. The login modal already brings the user back to the page;
 * the button that was tapped finds its intent here and completes it. sessionStorage: it survives
 * the Google round trip in the same tab, and dies with the tab.
 */
export type IntentKind = 'favorite' | 'chat' | 'phone';

export interface PendingIntent {
  kind: IntentKind;
  listingId: string;
  at: number;
}

export const PENDING_INTENT_KEY = 'sel:pendingIntent';
/** An intent older than this is dropped: the user has moved on. */
export const INTENT_MAX_AGE_MS = 30 * 60 * 1000;

type IntentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const session = (): IntentStorage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export function rememberIntent(kind: IntentKind, listingId: string, storage = session(), now = Date.now()): void {
  try {
    storage?.setItem(PENDING_INTENT_KEY, JSON.stringify({ kind, listingId, at: now } satisfies PendingIntent));
  } catch {
    /* storage full or blocked: the user taps again after signing in */
  }
}

/** True (once) when the pending intent is this one and still fresh; a stale one is dropped. */
export function takeIntent(kind: IntentKind, listingId: string, storage = session(), now = Date.now()): boolean {
  if (!storage) return false;
  let intent: Partial<PendingIntent> | null = null;
  try {
    intent = JSON.parse(storage.getItem(PENDING_INTENT_KEY) ?? 'null') as Partial<PendingIntent> | null;
  } catch {
    storage.removeItem(PENDING_INTENT_KEY);
    return false;
  }
  if (!intent) return false;
  const fresh = typeof intent.at === 'number' && now - intent.at >= 0 && now - intent.at <= INTENT_MAX_AGE_MS;
  if (!fresh) {
    storage.removeItem(PENDING_INTENT_KEY);
    return false;
  }
  if (intent.kind !== kind || intent.listingId !== listingId) return false;
  storage.removeItem(PENDING_INTENT_KEY);
  return true;
}

/** Runs `resume` once, as soon as the user is signed in, when a guest left this intent behind. */
export function useResumeIntent(kind: IntentKind, listingId: string, signedIn: boolean, resume: () => void): void {
  const latest = useRef(resume);
  latest.current = resume;
  useEffect(() => {
    if (signedIn && takeIntent(kind, listingId)) latest.current();
  }, [kind, listingId, signedIn]);
}
