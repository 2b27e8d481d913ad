import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { PackageCheckoutDialog } from './PackageCheckoutDialog';
import { businessApi, businessKeys, formatDate, priceWithGst, rupees } from './business-api';
import { usePackageCheckout } from './use-package-checkout';
import { packageName } from './package-text';
import './business.css';

/**
 * In the post form, as soon as the category is known: where the seller stands against its free-ad
 * limit, and when it is used up the extra-ad packs, bought right here (the form keeps what was typed).
 * The edit form and My Ads show it too when an edit or a reactivation meets the limit (decision 007):
 * `purpose` only changes the last sentence.
 */
export function AdLimitNotice({ category, subcategory, purpose = 'post' }: { category: string; subcategory?: string; purpose?: 'post' | 'edit' | 'reactivate' }) {
  const words = useI18n();
  const { t, tn, language } = words;
  const q = { category, ...(subcategory ? { subcategory } : {}), type: 'AD_SLOTS' as const };
  const { data } = useQuery({ queryKey: businessKeys.packages(q), queryFn: ({ signal }) => businessApi.packages(q, signal) });
  const checkout = usePackageCheckout();
  const limit = data?.limit;
  if (!limit) return null;

  if (limit.remaining > 0) {
    return (
      <p className="biz-limit biz-limit--ok" data-testid="ad-limit">
        {t('Free ads left in {group}: {left} / {free} (every {days} days)', { group: t(limit.name), left: limit.remaining, free: limit.freeAds, days: limit.periodDays })}
      </p>
    );
  }
  if (limit.paidSlots > 0) {
    return (
      <p className="biz-limit biz-limit--ok" data-testid="ad-limit">
        {t('Your free ad in {group} is used. Posting uses one of your paid ad slots ({n} left).', { group: t(limit.name), n: limit.paidSlots })}
      </p>
    );
  }
  return (
    <section className="biz-limit biz-limit--reached sell-card" data-testid="ad-limit" aria-labelledby="biz-limit-title">
      <h2 id="biz-limit-title" className="biz-limit__title">
        {t('Free ad limit reached')}
      </h2>
      <p>
        {tn(limit.freeAds, 'You have used your free ad in {group} (every {days} days).', 'You have used your {n} free ads in {group} (every {days} days).', {
          group: t(limit.name),
          days: limit.periodDays,
        })}
        {limit.resetsAt ? ` ${t('Next free ad on {date}.', { date: formatDate(limit.resetsAt, language) })}` : ''} {purpose === 'post'
          ? t('Buy an extra ad to post this one now; what you typed stays here.')
          : purpose === 'edit'
            ? t('Buy an extra ad to save this change now; what you typed stays here.')
            : t('Buy an extra ad to put this one back on sale now.')}
      </p>
      <ul className="biz-limit__packs">
        {data.packages.map((pkg) => (
          <li key={pkg.id}>
            <button type="button" className="button button--outline biz-limit__pack" onClick={() => checkout.start([{ pkg, quantity: 1 }])}>
              <strong>{packageName(pkg.name, words, { withGroup: false })}</strong>
              <span>
                {rupees(pkg.price)} + {t('GST')} = {rupees(priceWithGst(pkg.price))}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <PackageCheckoutDialog checkout={checkout} />
    </section>
  );
}
