/**
 * /en-in/post/attributes (part 2 §2 Post-ad form, §4 New ad posting): the form for the chosen
 * subcategory; on success the congratulations dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { discardDraft, draftPhotos, hasContent, readDraft, saveDraft, type RestoredDraft } from './draft';
import { Dialog } from '../../components/Dialog';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/use-auth';
import { serverMessage } from './messages';
import { PostAdForm } from './PostAdForm';
import {
  NAME_MAX,
  buildListingPayload,
  emptyPostForm,
  localPhoneDigits,
  resolveCategoryChoice,
  type ChosenCategory,
  type PostFormValues,
} from './post-rules';
import { sellingApi, type OwnListing } from './queries';
import { SellTopBar } from './SellTopBar';
import { AdLimitNotice } from '../business/AdLimitNotice';
import { PromoteDialog } from '../business/PromoteDialog';
import { businessKeys } from '../business/business-api';
import type { AdLimit } from '../../../../worker/schemas/business';
import { postedLead, slotFor, type PostingSlot } from './ad-posted';
import { isApiError } from '../../lib/api';
import './selling.css';
import { msg, useT } from '../../lib/i18n';

export const POST_FAILED_MESSAGE = msg('Failed to post ad. Please try again.');

export function CategoryHeader({ choice, changeable }: { choice: ChosenCategory; changeable: boolean }) {
  const t = useT();
  return (
    <section className="sell-card sell-selected" aria-labelledby="sell-selected-title">
      <h2 id="sell-selected-title" className="sell-card__title">
        {t('Selected category')}
      </h2>
      <div className="sell-selected__row">
        <nav aria-label={t('Category')} className="sell-selected__crumbs">
          <ol>
            {choice.subcategory.id ? (
              <>
                <li>{t(choice.category.name)}</li>
                <li aria-current="page">{t(choice.subcategory.name)}</li>
              </>
            ) : (
              <li aria-current="page">{t(choice.category.name)}</li>
            )}
          </ol>
        </nav>
        {changeable && (
          <Link to="/en-in/post" className="sell-selected__change">
            {t('Change')}
          </Link>
        )}
      </div>
    </section>
  );
}

export function PostAdPage({ category, subcategory }: { category?: string; subcategory?: string }) {
  const t = useT();
  usePageTitle(t('Post your ad - SEL'));
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const choice = resolveCategoryChoice(category, subcategory);
  const [posted, setPosted] = useState<{ listing: OwnListing; slot?: PostingSlot; group?: string } | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const [prefilled] = useState<PostFormValues>(() => ({
    ...emptyPostForm(),
    sellerName: [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim().slice(0, NAME_MAX),
    sellerPhone: localPhoneDigits(user?.phone),
  }));
  // the draft kept on this phone for this account, when it is for this category (decision 025)
  const [restored, setRestored] = useState<RestoredDraft | null>(() => {
    const found = user ? readDraft(user.id) : null;
    return found && choice && found.draft.category === choice.category.id && found.draft.subcategory === choice.subcategory.id ? found : null;
  });
  const [formKey, setFormKey] = useState(0);
  const [draftKept, setDraftKept] = useState(!!restored);
  const draftPhotosRef = useRef(restored?.draft.photos ?? []);
  const initialValues = restored?.draft.values ?? prefilled;

  if (!choice) {
    return (
      <div className="sell-page">
        <SellTopBar back={{ to: '/en-in/post' }} backLabel={t('Back to categories')} />
        <div className="sell-page__body">
          <div className="empty-state">
            <h1 className="empty-state__title">{t('Choose a category first')}</h1>
            <p className="muted">{t("We couldn't tell which category this ad is for.")}</p>
            <Link to="/en-in/post" className="button button--primary">
              {t('Choose a category')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const submit = async (values: PostFormValues, images: string[]) => {
    const payload = buildListingPayload(values, images, { categoryId: choice.category.id, subcategoryId: choice.subcategory.id, askContact: true });
    // the limit the notice above the form shows: which allowance this post is about to use
    const shown = queryClient.getQueryData<{ limit: AdLimit | null }>(
      businessKeys.packages({ category: choice.category.id, ...(choice.subcategory.id ? { subcategory: choice.subcategory.id } : {}), type: 'AD_SLOTS' }),
    )?.limit;
    try {
      const listing = await sellingApi.create(payload);
      if (user) discardDraft(user.id);
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
      void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      setPosted({ listing, slot: slotFor(shown), group: shown?.name });
    } catch (error) {
      // over the free-ad limit: the notice above the form offers the extra-ad packs (nothing typed is lost)
      if (isApiError(error) && error.code === 'AD_LIMIT_REACHED') void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      // the same photo already in one of the seller's own ads here: point at that ad instead
      const existing = isApiError(error) && error.code === 'DUPLICATE_AD' ? duplicateAdSlug(error.extra) : null;
      if (existing) {
        setDuplicateOf(existing);
        return;
      }
      toast.error(serverMessage(error, t(POST_FAILED_MESSAGE)));
    }
  };

  const keepDraft = (values: PostFormValues, images: string[]) => {
    if (!user) return;
    if (!hasContent(values, images, prefilled)) {
      discardDraft(user.id);
      setDraftKept(false);
      return;
    }
    setDraftKept(true);
    draftPhotosRef.current = draftPhotos(images, draftPhotosRef.current);
    saveDraft(user.id, { category: choice.category.id, subcategory: choice.subcategory.id, values, photos: draftPhotosRef.current, savedAt: Date.now() });
  };
  const discard = () => {
    if (user) discardDraft(user.id);
    draftPhotosRef.current = [];
    setRestored(null);
    setDraftKept(false);
    setFormKey((k) => k + 1); // a fresh form: what was typed goes with the draft
  };

  return (
    <div className="sell-page">
      <SellTopBar back={{ to: '/en-in/post' }} backLabel={t('Back to categories')} />
      <div className="sell-page__body">
        <h1 className="sell-page__title">{t('POST YOUR AD')}</h1>
        <PostAdForm
          key={formKey}
          mode="post"
          choice={choice}
          initialValues={initialValues}
          initialImages={restored?.draft.photos.map((p) => p.url)}
          onDraftChange={keepDraft}
          header={
            <>
              {draftKept && (
                <div className="sell-card sell-draft" role="status">
                  <p className="sell-draft__text">
                    {restored ? t('Your draft is back, as you left it.') : t('Kept on this phone as a draft until you post it.')}{' '}
                    {!!restored?.expiredPhotos && t('Photos added more than 20 hours ago were removed from the server; add them again.')}
                  </p>
                  <button type="button" className="button button--outline sell-draft__discard" onClick={discard}>
                    {t('Discard draft')}
                  </button>
                </div>
              )}
              <CategoryHeader choice={choice} changeable />
              <AdLimitNotice category={choice.category.id} subcategory={choice.subcategory.id || undefined} />
            </>
          }
          submitLabel={t('Post now')}
          busyLabel={t('Posting...')}
          onSubmit={submit}
        />
      </div>
      {posted && <PostedDialog listing={posted.listing} slot={posted.slot} group={posted.group} />}
      {duplicateOf && <DuplicateAdDialog slug={duplicateOf} onClose={() => setDuplicateOf(null)} />}
    </div>
  );
}

/** The existing ad's slug (or id) from a 409 DUPLICATE_AD body. */
const duplicateAdSlug = (extra: Record<string, unknown>): string | null => {
  const url = typeof extra.existingListingUrl === 'string' ? extra.existingListingUrl : '';
  const slug = url.includes('/item/') ? decodeURIComponent(url.slice(url.lastIndexOf('/item/') + 6)) : '';
  if (slug) return slug;
  return typeof extra.existingListingId === 'string' ? extra.existingListingId : null;
};

/** A 409 DUPLICATE_AD: the seller already has this photo up in this category; nothing was posted. */
function DuplicateAdDialog({ slug, onClose }: { slug: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} title={t('You already have this ad')} className="sell-posted">
      <div className="sell-posted__body">
        <p className="sell-posted__lead">{t('One of these photos is already in your ad in this category.')}</p>
        <p className="muted">{t('Nothing was posted. Edit your existing ad instead, or use different photos.')}</p>
        <div className="sell-posted__actions">
          <Link to="/item/$slug" params={{ slug }} className="button button--primary">
            {t('Open my existing ad')}
          </Link>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('Change photos')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** Congratulations (or, when the automatic check held the ad back, why). */
function PostedDialog({ listing, slot, group }: { listing: OwnListing; slot?: PostingSlot; group?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const rejected = listing.status === 'REJECTED';
  const goOn = () => void navigate({ to: '/en-in/payments/packages/consume/free/success', search: { slug: listing.slug, slot, group } });
  // "Sell Faster Now" (decision 014): the package chooser with this ad preselected, in place of the congratulations
  const [promoting, setPromoting] = useState(false);
  if (promoting && !rejected) return <PromoteDialog ads={[listing]} initialAdId={listing.id} onClose={() => void navigate({ to: '/en-in/myads' })} />;

  if (listing.status === 'PENDING') {
    return (
      <Dialog open onClose={() => void navigate({ to: '/en-in/myads' })} title={t('Your ad is waiting for a review')} className="sell-posted">
        <div className="sell-posted__body">
          {listing.heldReason === 'DUPLICATE_PHOTOS' && <p className="sell-posted__lead">{t('Its photos match another seller’s ad.')}</p>}
          <p className="muted">{t('A moderator will check it soon. Buyers will see it once it is approved; we will notify you.')}</p>
          <div className="sell-posted__actions">
            <Link to="/en-in/myads" className="button button--primary">
              {t('Go to My Ads')}
            </Link>
          </div>
        </div>
      </Dialog>
    );
  }

  if (rejected) {
    return (
      <Dialog open onClose={() => void navigate({ to: '/en-in/myads' })} title={t('Your ad was not published')} className="sell-posted">
        <div className="sell-posted__body">
          <p className="sell-posted__lead">{t('Our automatic check held your ad back.')}</p>
          {listing.rejectReason && <p className="sell-posted__reason">{listing.rejectReason}</p>}
          <p className="muted">{t('Edit the ad to fix it and it will be checked again.')}</p>
          <div className="sell-posted__actions">
            <Link to="/edit-listing/$id" params={{ id: listing.id }} className="button button--primary">
              {t('Edit ad')}
            </Link>
            <Link to="/en-in/myads" className="button button--outline">
              {t('Go to My Ads')}
            </Link>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={goOn} title={t('Congratulations!')} className="sell-posted">
      <div className="sell-posted__body">
        <div className="sell-posted__tick" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40">
            <path fill="currentColor" d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 11-11-1.4-1.4-9.6 9.6Z" />
          </svg>
        </div>
        <p className="sell-posted__lead">{t(postedLead(listing.status))}</p>
        <p className="muted">{t('“{title}” has been posted. Reach more buyers by making it stand out.', { title: listing.title })}</p>
        <div className="sell-posted__actions">
          <button type="button" className="button sell-button-yellow" onClick={() => setPromoting(true)}>
            {t('Sell Faster Now')}
          </button>
          <Link to="/item/$slug" params={{ slug: listing.slug }} className="button button--outline">
            {t('Preview Ad')}
          </Link>
          <button type="button" className="button button--primary" onClick={goOn}>
            {t('Continue')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
