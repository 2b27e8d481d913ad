/**
 * /edit-listing/$id (part 2 §2 Edit listing, §6): the post form prefilled with the ad, photos and
 * details editable; only what changed is sent. Someone else's ad sends the visitor back to My Ads.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/use-auth';
import { listingQueries } from '../listings/queries';
import { afterEditSaved } from './edit-saved';
import { serverMessage } from './messages';
import { statusDisplay } from './my-ads';
import { CategoryHeader } from './PostAdPage';
import { PostAdForm } from './PostAdForm';
import { buildListingPayload, changedFields, featuresToForm, choiceForListing, emptyPostForm, type PostFormValues } from './post-rules';
import { sellingApi, type OwnListing } from './queries';
import { useT } from '../../lib/i18n';
import { AdLimitNotice } from '../business/AdLimitNotice';
import { businessKeys } from '../business/business-api';
import './selling.css';

export const NO_PERMISSION = 'You do not have permission to edit this listing';
const UPDATE_FAILED = 'Failed to update listing';

function formValues(listing: OwnListing): PostFormValues {
  return {
    ...emptyPostForm(),
    features: featuresToForm(listing.features),
    title: listing.title,
    description: listing.description === 'No description provided' ? '' : listing.description,
    price: String(Math.round(listing.price)),
    currency: listing.currency || 'INR',
    condition: listing.condition || 'USED',
    state: listing.state ?? '',
    city: listing.city ?? '',
    neighbourhood: listing.neighbourhood ?? '',
  };
}

export function EditListingPage({ id }: { id: string }) {
  const t = useT();
  usePageTitle(t('Edit Listing - SEL'));
  const { user } = useAuth();
  const navigate = useNavigate();
  const listing = useQuery({ ...listingQueries.detail(id), staleTime: 0 });
  const data = listing.data as OwnListing | undefined;
  const forbidden = (listing.isError && isApiError(listing.error) && listing.error.status === 403) || (!!data && !!user && data.user.id !== user.id);

  useEffect(() => {
    if (!forbidden) return;
    toast.error(t(NO_PERMISSION));
    void navigate({ to: '/en-in/myads', replace: true });
  }, [forbidden, navigate]);

  if (forbidden) return null;
  if (listing.isPending) {
    return (
      <section className="sell-edit">
        <p className="status-text" role="status">
          {t('Loading your ad...')}
        </p>
      </section>
    );
  }
  if (listing.isError) {
    const missing = isApiError(listing.error) && listing.error.status === 404;
    return (
      <section className="sell-edit">
        <div className="empty-state">
          <h1 className="empty-state__title">{missing ? t('Listing not found') : t('Could not load this listing')}</h1>
          <p className="muted">
            {missing ? t("The listing you're looking for doesn't exist or has been removed.") : t(serverMessage(listing.error, 'Please try again.'))}
          </p>
          <div className="button-row">
            {!missing && (
              <button type="button" className="button button--outline" onClick={() => void listing.refetch()}>
                {t('Try Again')}
              </button>
            )}
            <Link to="/en-in/myads" className="button button--primary">
              {t('Back to My Ads')}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return <EditForm listing={listing.data as OwnListing} />;
}

function EditForm({ listing }: { listing: OwnListing }) {
  const t = useT();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [initialValues] = useState(() => formValues(listing));
  const [initialImages] = useState(() => listing.images);
  // over the free-ad limit (an edit that re-submits the ad live counts as posting it): the packs, as in the post form
  const [limitReached, setLimitReached] = useState(false);
  const choice = choiceForListing(listing.category.id, listing.subcategory?.id);
  const status = statusDisplay(listing.status);

  if (!choice) {
    return (
      <section className="sell-edit">
        <div className="empty-state">
          <h1 className="empty-state__title">{t("This ad's category no longer exists")}</h1>
          <Link to="/en-in/myads" className="button button--primary">
            {t('Back to My Ads')}
          </Link>
        </div>
      </section>
    );
  }

  const ctx = { categoryId: choice.category.id, subcategoryId: choice.subcategory.id, askContact: false };

  const submit = async (values: PostFormValues, images: string[]) => {
    const change = changedFields(buildListingPayload(initialValues, initialImages, ctx), buildListingPayload(values, images, ctx));
    if (Object.keys(change).length === 0) {
      toast.info(t('Nothing has changed.'));
      return;
    }
    try {
      const updated = await sellingApi.update(listing.id, change);
      // an ad moved into another group of states comes back under a new id (edit-saved.ts)
      const after = afterEditSaved(listing, updated);
      for (const key of after.forget) queryClient.removeQueries({ queryKey: key, exact: true });
      for (const { key, data } of after.cache) queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
      toast.success(t('Listing updated successfully!'));
      if (updated.status === 'REJECTED' && updated.rejectReason) toast.error(t(updated.rejectReason));
      await navigate(after.navigate);
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        toast.error(t(NO_PERMISSION));
        await navigate({ to: '/en-in/myads', replace: true });
        return;
      }
      if (isApiError(error) && error.code === 'AD_LIMIT_REACHED') {
        setLimitReached(true);
        void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      }
      toast.error(t(serverMessage(error, UPDATE_FAILED)));
    }
  };

  const cancel = () => {
    if (window.history.length > 1) router.history.back();
    else void navigate({ to: '/en-in/myads' });
  };

  return (
    <section className="sell-edit">
      <h1 className="page-title">{t('Edit Listing')}</h1>
      <PostAdForm
        mode="edit"
        choice={choice}
        initialValues={initialValues}
        initialImages={initialImages}
        header={
          <>
            {listing.status !== 'APPROVED' && (
              <div className={`sell-edit__status sell-edit__status--${status.tone}`} role="note">
                <strong>{t(status.label)}</strong> {t(status.text)}.
                {listing.status === 'REJECTED' && (
                  <>
                    {listing.rejectReason && <span className="sell-edit__reason"> {t(listing.rejectReason)}</span>} {t('Update the ad to send it for review again.')}
                  </>
                )}
              </div>
            )}
            <CategoryHeader choice={choice} changeable={false} />
            {limitReached && <AdLimitNotice category={choice.category.id} subcategory={choice.subcategory.id || undefined} purpose="edit" />}
          </>
        }
        submitLabel={t('Update Listing')}
        busyLabel={t('Updating...')}
        onSubmit={submit}
        onCancel={cancel}
      />
    </section>
  );
}
