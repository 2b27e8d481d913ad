import type { Listing } from '../../../../worker/schemas/listings';

/**
 * What the ad-posted page says, from the ad itself, not a fixed line such as "1 free ad in 365
 * days in Cars" whatever was posted.
 */
export function postedLead(status: Listing['status'] | undefined): string {
  if (status === 'APPROVED') return 'Your ad is live now.';
  if (status === 'REJECTED') return 'Your ad needs a change before it can go live.';
  return 'Your Ad will go live shortly...';
}

export const FREE_POSTING_NOTE = 'Posting ads on SEL is free, in every category.';
