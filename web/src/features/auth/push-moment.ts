import { STORAGE_KEYS, readFlag, showPushPrompt } from './auth-store';
import { pushPreference, pushSupported } from './push';

/**
 * When to ask about push notifications: not at sign-in or sign-up, before the user knows
 * why they would want them, but right after a moment that explains it: the first chat message sent
 * (a reply will come) or the first favourite (news about that ad). Asked once per browser; the
 * Settings switch is always there.
 */
export type PushMoment = 'chat' | 'favourite';

let current: PushMoment | null = null;

/** The moment the open prompt is about (its text follows it). */
export const pushMoment = (): PushMoment | null => current;

export function shouldOfferPush(state: { supported: boolean; permission: string; seen: boolean; enabled: boolean }): boolean {
  return state.supported && state.permission === 'default' && !state.seen && !state.enabled;
}

export function offerPushNotifications(moment: PushMoment): void {
  const supported = pushSupported();
  const offer = shouldOfferPush({
    supported,
    permission: supported ? Notification.permission : 'unsupported',
    seen: readFlag(STORAGE_KEYS.seenNotificationDialog),
    enabled: pushPreference.get(),
  });
  if (!offer) return;
  current = moment;
  showPushPrompt(true);
}
