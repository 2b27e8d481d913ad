import { msg } from '../../lib/i18n';
import type { Listing } from '../../../../worker/schemas/listings';

/**
 * What the ad-posted page says, from the ad itself, not a fixed line such as "1 free ad in 365
 * days in Cars" whatever was posted.
 */
export function postedLead(status: Listing['status'] | undefined): string {
  if (status === 'APPROVED') return msg('Your ad is live now.');
  if (status === 'REJECTED') return msg('Your ad needs a change before it can go live.');
  return msg('Your Ad will go live shortly...');
}

/** Which allowance a post used: one of the group's free ads, or a paid ad slot (decision 007). */
export type PostingSlot = 'free' | 'paid';

/**
 * The allowance a post is about to use, read from the limit the form showed just before posting
 * (the server settles it by the same order: free ads first, then the paid slot). Unknown when the
 * form had no limit to show.
 */
export function slotFor(limit: { remaining: number; paidSlots: number } | null | undefined): PostingSlot | undefined {
  if (!limit) return undefined;
  if (limit.remaining > 0) return 'free';
  return limit.paidSlots > 0 ? 'paid' : undefined;
}

/** What the success page says about the cost: only what happened, never "posting is free" after paying. */
export function slotNote(slot: PostingSlot | undefined): string | null {
  if (slot === 'paid') return msg('This ad used one of your paid ad slots in {group}.');
  if (slot === 'free') return msg('This ad used one of your free ads in {group}.');
  return null;
}
