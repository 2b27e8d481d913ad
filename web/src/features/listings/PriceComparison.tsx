/**
 * An ad page's "price vs similar ads" line (decision 026): where this ad's price sits against the
 * middle half of comparable ads' prices. Asked for after the page has painted, as a row of the
 * details card (below the first screen on a phone, so its arrival moves nothing the reader sees);
 * nothing when the ad has no comparable group or too few comparable ads.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { PriceRangeText } from '../selling/PriceGuidance';
import { useI18n } from '../../lib/i18n';
import { PRICE_GROUP_DETAILS } from '../../../../worker/schemas/price-guidance-data';
import type { PriceGuidance } from '../../../../worker/schemas/price-guidance';
import type { Listing } from './queries';

const POSITION_TEXT = {
  below: 'Below the usual price',
  within: 'Within the usual price',
  above: 'Above the usual price',
} as const;

export function PriceComparison({ listing }: { listing: Listing }) {
  const { t } = useI18n();
  const comparable = Boolean(listing.subcategory && PRICE_GROUP_DETAILS[listing.subcategory.id]) && listing.currency === 'INR' && (listing.status === 'APPROVED' || listing.status === 'SOLD');
  const { data } = useQuery({
    queryKey: ['price-guidance', 'listing', listing.id, listing.price],
    queryFn: ({ signal }) => api.get<PriceGuidance>(`/listings/${encodeURIComponent(listing.id)}/price-guidance`, undefined, { signal }),
    enabled: comparable,
    staleTime: 5 * 60_000,
  });
  const range = data?.range;
  if (!comparable || !range || !data.position) return null;
  return (
    <div className="detail-facts__row" data-testid="price-comparison">
      <dt>{t('Price vs similar ads')}</dt>
      <dd>
        <strong className={`price-position price-position--${data.position}`}>{t(POSITION_TEXT[data.position])}</strong>
        <br />
        <span className="muted">
          <PriceRangeText range={range} />
        </span>
      </dd>
    </div>
  );
}
