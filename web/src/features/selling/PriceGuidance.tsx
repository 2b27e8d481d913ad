/**
 * "Similar ads: ₹X–₹Y (N ads)" under the price on the post and edit forms (decision 026): asked
 * for as soon as the details that define comparable ads are chosen, and again when they or the
 * place change; says where the typed price sits. Nothing is shown while details are missing or
 * when there are too few comparable ads: a guess would do more harm than no number.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { readPrice } from '../../../../worker/schemas/price-text';
import { PRICE_GROUP_DETAILS } from '../../../../worker/schemas/price-guidance-data';
import type { PriceGuidance as Guidance } from '../../../../worker/schemas/price-guidance';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export const priceGuidanceKeys = { all: ['price-guidance'] as const };

/** "Similar ads in Pune: ₹ 4,75,000 – ₹ 5,80,000 (7 similar ads)": the form's and the ad page's words. */
export function PriceRangeText({ range }: { range: NonNullable<Guidance['range']> }) {
  const { t, tn, language } = useI18n();
  return (
    <>
      {range.scope === 'india' ? t('Similar ads across India:') : t('Similar ads in {place}:', { place: range.place ?? '' })}{' '}
      <strong>
        {formatPrice(range.low, 'INR', language)} – {formatPrice(range.high, 'INR', language)}
      </strong>{' '}
      ({tn(range.ads, '{n} similar ad', '{n} similar ads')})
    </>
  );
}

export function PriceGuidance({
  subcategoryId,
  features,
  title,
  state,
  city,
  price,
}: {
  subcategoryId: string;
  features: Record<string, unknown>;
  title: string;
  state: string;
  city: string;
  price: string;
}) {
  const { t } = useI18n();
  const details = PRICE_GROUP_DETAILS[subcategoryId];
  const query = {
    subcategory: subcategoryId,
    ...Object.fromEntries((details ?? []).map((d) => [d, text(features[d]) || undefined])),
    // the brand may come from the title ("iPhone 13 128GB") when the form has no brand field
    title: title.trim() || undefined,
    state: state || undefined,
    city: city || undefined,
  };
  const complete = Boolean(details?.every((d) => d === 'brand' || text(features[d])));
  // typing a model asks once the typing stops, not per letter
  const settled = useDebouncedValue(JSON.stringify(query), 400);
  const guidance = useQuery({
    queryKey: [...priceGuidanceKeys.all, settled],
    queryFn: ({ signal }) => api.get<Guidance>('/price-guidance', JSON.parse(settled) as Record<string, string | undefined>, { signal }),
    enabled: complete && settled === JSON.stringify(query),
    staleTime: 5 * 60_000,
  });
  const range = complete ? guidance.data?.range : undefined;
  if (!range) return null;
  // the price as the seller typed it ("45,000", "1.5 lakh"), read by the form's own rules
  const reading = readPrice(price);
  const typed = reading.ok ? reading.rupees : 0;
  const position = typed > 0 ? (typed < range.low ? 'below' : typed > range.high ? 'above' : 'within') : null;
  return (
    <div className={`price-guidance${position ? ` price-guidance--${position}` : ''}`} role="status" data-testid="price-guidance">
      <p>
        <PriceRangeText range={range} />
      </p>
      {position === 'below' && <p>{t('Your price is below what similar ads ask.')}</p>}
      {position === 'within' && <p>{t('Your price is in the usual range.')}</p>}
      {position === 'above' && <p>{t('Your price is above what similar ads ask.')}</p>}
    </div>
  );
}
