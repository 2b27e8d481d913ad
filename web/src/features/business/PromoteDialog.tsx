import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage } from '../selling/messages';
import { useCartChange } from './cart';
import { businessApi, businessKeys, formatDate, priceWithGst, rupees, type SellerPackage } from './business-api';
import { PackageCheckoutDialog } from './PackageCheckoutDialog';
import { usePackageCheckout } from './use-package-checkout';
import './business.css';

/** An ad the seller may promote: what the chooser needs to know of it. */
export interface PromotableAd {
  id: string;
  title: string;
  status: string;
  category: { name: string };
  subcategory?: { name: string } | null;
}

type PromotionType = 'FEATURED' | 'BOOST';

/**
 * "Sell faster" (decision 014): the package chooser for one of my ads. It lists the Featured and Boost packs
 * of the ad's category; with a bought unit left it applies it at once, otherwise it buys the pack
 * through the same checkout as premium (PackageCheckoutDialog) and applies it when paid — one flow.
 * Opened from My Ads (an ad's "Sell faster", the "Want to sell more?" banner: pick the ad first)
 * and from "Sell Faster Now" after posting (the new ad preselected).
 */
export function PromoteDialog({ ads, initialAdId, onClose }: { ads: PromotableAd[]; initialAdId?: string; onClose: () => void }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const live = ads.filter((a) => a.status === 'APPROVED');
  const [adId, setAdId] = useState<string | undefined>(initialAdId ?? (live.length === 1 ? live[0]!.id : undefined));
  const ad = ads.find((a) => a.id === adId);
  const [pendingType, setPendingType] = useState<PromotionType | null>(null);

  const packages = useQuery({
    queryKey: businessKeys.packages({ category: ad?.category.name, subcategory: ad?.subcategory?.name ?? undefined }),
    queryFn: ({ signal }) => businessApi.packages({ category: ad!.category.name, subcategory: ad!.subcategory?.name ?? undefined }, signal),
    enabled: !!ad,
  });
  const account = useQuery({ queryKey: businessKeys.account(), queryFn: ({ signal }) => businessApi.account(signal), enabled: !!ad });

  // the account's cart (decision 014): the same on the seller's other devices
  const cartChange = useCartChange();
  const promote = useMutation({
    mutationFn: (type: PromotionType) => businessApi.promote(ad!.id, type),
    onSuccess: async (result) => {
      toast.success(result.type === 'FEATURED' && result.featuredUntil ? t('Your ad is featured until {date}.', { date: formatDate(result.featuredUntil, language) }) : t('Your ad is back on top.'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['listings'] }), queryClient.invalidateQueries({ queryKey: businessKeys.all })]);
      onClose();
    },
    onError: (error) => toast.error(serverMessage(error, 'Could not promote the ad')),
  });

  const checkout = usePackageCheckout(() => {
    if (pendingType) promote.mutate(pendingType);
  });

  const promotions = (packages.data?.packages ?? []).filter((p): p is SellerPackage & { type: PromotionType } => p.type === 'FEATURED' || p.type === 'BOOST');
  /** units left of a bought pack for this ad's group (a pack is sold per group, so the group's packages name it) */
  const unitsLeft = (type: PromotionType) => {
    const pkg = promotions.find((p) => p.type === type);
    if (!pkg) return 0;
    return (account.data?.credits ?? [])
      .filter((c) => c.type === type && c.categoryId === pkg.categoryId && (c.subcategoryId ?? null) === (pkg.subcategoryId ?? null))
      .reduce((n, c) => n + c.remaining, 0);
  };

  const buy = (pkg: SellerPackage & { type: PromotionType }) => {
    setPendingType(pkg.type);
    checkout.start([{ pkg, quantity: 1 }]);
  };

  // the checkout replaces the chooser while it is open: one dialog at a time
  if (checkout.items.length > 0) return <PackageCheckoutDialog checkout={checkout} />;

  const section = (type: PromotionType, title: string, lead: string) => {
    const left = unitsLeft(type);
    const packs = promotions.filter((p) => p.type === type);
    return (
      <section className="biz-promote__section" aria-label={title}>
        <h3 className="biz-promote__h3">{title}</h3>
        <p className="muted biz-promote__lead">{lead}</p>
        {left > 0 && (
          <button type="button" className="button button--primary biz-promote__use" disabled={promote.isPending} onClick={() => promote.mutate(type)}>
            {promote.isPending && promote.variables === type ? t('Applying...') : type === 'FEATURED' ? t('Feature this ad ({n} left)', { n: left }) : t('Boost to top ({n} left)', { n: left })}
          </button>
        )}
        <ul className="biz-limit__packs">
          {packs.map((pkg) => (
            <li key={pkg.id} className="biz-promote__pack">
              <button type="button" className="button button--outline biz-limit__pack" onClick={() => buy(pkg)} disabled={promote.isPending}>
                <strong>{type === 'FEATURED' ? t('{n} days', { n: pkg.validityDays }) : pkg.quantity === 1 ? t('1 boost') : t('{n} boosts', { n: pkg.quantity })}</strong>
                <span>
                  {rupees(pkg.price)} + {t('GST')} = {rupees(priceWithGst(pkg.price))}
                </span>
              </button>
              <button
                type="button"
                className="link-button biz-promote__cart"
                disabled={cartChange.isPending}
                onClick={() =>
                  cartChange.mutate(
                    { kind: 'add', packageId: pkg.id },
                    {
                      onSuccess: () => toast.success(t('Added to cart')),
                      onError: (error) => toast.error(serverMessage(error, t('Could not change your cart. Please try again.'))),
                    },
                  )
                }
              >
                {t('Add to cart')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  };

  return (
    <Dialog title={t('Sell faster')} onClose={onClose} busy={promote.isPending} className="biz-promote">
      {!ad ? (
        live.length === 0 ? (
          <p>{t('You have no live ads to promote. Post an ad, or reactivate one, first.')}</p>
        ) : (
          <div className="biz-promote__pick">
            <p>{t('Which ad do you want to sell faster?')}</p>
            <ul className="biz-promote__ads">
              {live.map((a) => (
                <li key={a.id}>
                  <button type="button" className="button button--outline biz-promote__ad" onClick={() => setAdId(a.id)} translate="no">
                    {a.title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )
      ) : (
        <div className="biz-promote__body">
          <p className="biz-promote__ad-title">
            <strong translate="no">{ad.title}</strong>
            {!initialAdId && live.length > 1 && (
              <button type="button" className="link-button" onClick={() => setAdId(undefined)}>
                {t('Change')}
              </button>
            )}
          </p>
          {ad.status !== 'APPROVED' ? (
            <p className="biz-limit biz-limit--reached">{t('Only a live ad can be promoted. Once your ad is live, come back here from My Ads.')}</p>
          ) : packages.isPending || account.isPending ? (
            <p className="muted" role="status">
              {t('Loading packages...')}
            </p>
          ) : packages.isError ? (
            <p className="premium-error" role="alert">
              {serverMessage(packages.error, 'Could not load packages')}
            </p>
          ) : (
            <>
              {section('FEATURED', t('Feature this ad'), t('The FEATURED badge, and a place among the ads pinned on top of its category and the home page.'))}
              {section('BOOST', t('Boost to top'), t('Your ad goes back to the top of the newest ads, as if posted now.'))}
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
