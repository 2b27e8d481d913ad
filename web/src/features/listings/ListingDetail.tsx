import { ShowPhoneButton } from '../premium/ShowPhoneButton';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import { InternalLink } from '../../components/InternalLink';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/use-auth';
import { additionalInformation } from './additional-info';
import { CONDITION_LABELS } from './filters';
import { rememberIntent, useResumeIntent } from '../auth/pending-intent';
import { isFavoriteIn, useFavoriteIds, useResumeFavorite, useToggleFavorite } from './favorites';
import { ImageCarousel } from './ImageCarousel';
import { HeartIcon, ListingCard } from './ListingCard';
import { listingKeys, listingQueries, type Listing } from './queries';
import { mapsSearchUrl, shareMessage, whatsappShareUrl } from './share';
import { ShareDialog } from './ShareDialog';
import { BlockUserButton } from '../trust/BlockUserButton';
import { ReportAdDialog } from '../trust/ReportAdDialog';
import { HELD_REASONS, type HeldReason } from '../../../../worker/schemas/trust-data';
import { largeVariant } from '../../../../worker/schemas/media';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { msg, useI18n, useT, withNodes } from '../../lib/i18n';
import { formatDate as formatDateIn } from '../../lib/format';

/** The detail answers also say whether the viewer has favourited the ad. */
type DetailListing = Listing & { isFavorite?: boolean };

export const SAFETY_TIPS = [
  msg('Meet in a safe public place'),
  msg('Check the item before you buy'),
  msg('Pay only after collecting the item'),
  msg('Never pay anything in advance'),
];

/** Used when a listing has no usable location text (spec part 1 §2). */
const DEFAULT_MAP_PLACE = 'Park Street, Kolkata, West Bengal';

const monthYear: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const postedDate: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** 'Priya Sharma (Sharma Motors)', or '' (the screen says 'Unknown Seller' in the reader's language). */
export function sellerDisplayName(user: Pick<Listing['user'], 'firstName' | 'lastName' | 'businessName'> | null | undefined): string {
  const name = [user?.firstName, user?.lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  if (!name) return user?.businessName?.trim() || '';
  return user?.businessName?.trim() ? `${name} (${user.businessName.trim()})` : name;
}

function useLoginRedirect() {
  const navigate = useNavigate();
  return () =>
    void navigate({ to: '/', search: { showLoginModal: true, redirect: window.location.pathname + window.location.search } });
}


/** Report this ad (anyone but its owner; guests sign in first) and block the seller (signed in). */
function AdSafetyActions({ listing }: { listing: Listing }) {
  const t = useT();
  const { status } = useAuth();
  const loginRedirect = useLoginRedirect();
  const [reporting, setReporting] = useState(false);
  return (
    <div className="seller-card__safety">
      <button type="button" className="report-link" onClick={() => (status === 'guest' ? loginRedirect() : setReporting(true))}>
        {t('Report this ad')}
      </button>
      {status === 'authenticated' && <BlockUserButton userId={listing.user.id} name={sellerDisplayName(listing.user)} />}
      {reporting && <ReportAdDialog listingId={listing.id} open={reporting} onClose={() => setReporting(false)} />}
    </div>
  );
}

function SellerCard({ listing, onChat, showChat, showSafety }: { listing: Listing; onChat: () => void; showChat: boolean; showSafety: boolean }) {
  const { t, tn, language } = useI18n();
  const [avatarFailed, setAvatarFailed] = useState(false);
  const seller = listing.user;
  const initial = seller.firstName?.trim().charAt(0).toUpperCase() || 'U';
  return (
    <section className="detail-card seller-card detail-order-7" aria-labelledby="seller-heading">
      <h2 id="seller-heading" className="detail-card__title">
        {t('Posted by')}
      </h2>
      <div className="seller-card__row">
        <span className="seller-card__avatar" aria-hidden="true">
          {seller.avatar && !avatarFailed ? <img src={seller.avatar} alt="" width={56} height={56} onError={() => setAvatarFailed(true)} /> : initial}
        </span>
        <div className="seller-card__who">
          <p className="seller-card__name">
            {sellerDisplayName(seller) || t('Unknown Seller')}
            {seller.isVerified && <span className="badge badge--verified">{t('Verified')}</span>}
          </p>
          <p className="muted">{t('Member since {date}', { date: formatDateIn(seller.userCreatedAt, monthYear, language) || t('Unknown') })}</p>
          <p className="muted">
            {tn(seller.totalListings ?? 0, '{n} item listed', '{n} items listed')}
          </p>
        </div>
      </div>
      {showChat && (
        <button type="button" className="button button--primary button--block" onClick={onChat}>
          {t('Chat with seller')}
        </button>
      )}
      <ShowPhoneButton listingId={listing.id} sellerId={seller.id} />
      {showSafety && <AdSafetyActions listing={listing} />}
    </section>
  );
}

function DeleteListing({ listing }: { listing: Listing }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.delete<{ deleted: boolean }>(`/listings/${encodeURIComponent(listing.id)}`),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('Listing deleted successfully'));
      // Leave first: refreshing while this page is still mounted would re-ask for the deleted ad.
      await navigate({ to: '/en-in/myads' });
      for (const key of [listingKeys.detail(listing.id), listingKeys.slug(listing.slug), listingKeys.related(listing.id)]) {
        queryClient.removeQueries({ queryKey: key });
      }
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
    onError: () => {
      setConfirming(false);
      toast.error(t('Failed to delete listing. Please try again.'));
    },
  });

  return (
    <>
      <button type="button" className="button button--danger button--block" onClick={() => setConfirming(true)} disabled={remove.isPending}>
        {remove.isPending ? t('Deleting...') : t('Delete Listing')}
      </button>
      <Dialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title={t('Delete listing')}
        footer={
          <div className="button-row button-row--end">
            <button type="button" className="button button--outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('Cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        }
      >
        <p>{t('Are you sure you want to delete this listing? This action cannot be undone.')}</p>
      </Dialog>
    </>
  );
}

function RelatedItems({ listingId }: { listingId: string }) {
  const t = useT();
  const related = useQuery(listingQueries.related(listingId));
  if (!related.data?.length) return null;
  const now = new Date();
  return (
    <section className="detail-related" aria-labelledby="related-heading">
      <h2 id="related-heading" className="section-title">
        {t('Related items')}
      </h2>
      <div className="listing-grid">
        {related.data.map((item) => (
          <ListingCard key={item.id} listing={item} now={now} />
        ))}
      </div>
    </section>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.2-.2-.5-.3Z"
      />
    </svg>
  );
}

function ListingDetailView({ listing }: { listing: DetailListing }) {
  const { t, tn, language } = useI18n();
  usePageTitle(listing.title);
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const loginRedirect = useLoginRedirect();
  const favorites = useFavoriteIds();
  const toggleFavorite = useToggleFavorite();
  useResumeFavorite(listing.id, toggleFavorite);
  const [shareOpen, setShareOpen] = useState(false);

  const isOwner = !!user && user.id === listing.user.id;
  const isFavorite = isFavoriteIn(favorites, listing.id, !!listing.isFavorite);
  const info = additionalInformation(listing.features);
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href;
  const place = listing.location.trim() || DEFAULT_MAP_PLACE;
  const mapQuery = listing.latitude !== null && listing.longitude !== null ? `${listing.latitude},${listing.longitude}` : place;

  // The chat screen opens (or creates) the conversation about this listing.
  const openChat = () => void navigate({ href: `/chat?listingId=${encodeURIComponent(listing.id)}` });
  const startChat = () => {
    if (status === 'guest') {
      rememberIntent('chat', listing.id);
      loginRedirect();
      return;
    }
    openChat();
  };
  // a guest who tapped "Chat with seller" and signed in lands in that chat
  // a sold or expired ad (decision 019) has nothing left to ask the seller about
  const gone = listing.status === 'SOLD' || listing.status === 'EXPIRED';
  useResumeIntent('chat', listing.id, status === 'authenticated' && !isOwner && !gone, openChat);

  const message = shareMessage(listing.title, formatPrice(listing.price, listing.currency, language));
  const share = async () => {
    // the phone's own share sheet (WhatsApp, SMS, …) where there is one; else our dialog
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: listing.title, text: message, url: pageUrl });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setShareOpen(true);
  };

  const breadcrumbs = listing.breadcrumbs.length ? listing.breadcrumbs : [{ name: t('Home'), url: '/' }, { name: listing.title, url: '' }];

  return (
    <article className="listing-detail">
      <nav aria-label={t('Breadcrumb')} className="breadcrumbs">
        <ol>
          {breadcrumbs.map((crumb, index) => (
            <li key={`${crumb.url}-${index}`}>
              {index === breadcrumbs.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <InternalLink href={crumb.url}>{crumbLabel(crumb, t)}</InternalLink>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <div className="listing-detail__layout">
        <aside className="listing-detail__side">
          <section className="detail-card listing-detail__summary detail-order-2">
            <div className="listing-detail__badges">
              {listing.isFeatured && <span className="badge badge--inline badge--featured-inline">{t('FEATURED')}</span>}
              {listing.user.isVerified && <span className="badge badge--inline badge--verified">{t('VERIFIED SELLER')}</span>}
              {listing.status === 'SOLD' && <span className="badge badge--inline badge--sold">{t('SOLD')}</span>}
              {listing.status === 'EXPIRED' && <span className="badge badge--inline badge--sold">{t('EXPIRED')}</span>}
            </div>
            <p className="listing-detail__price">{formatPrice(listing.price, listing.currency, language)}</p>
            <h1 className="listing-detail__title">{listing.title}</h1>
            <p className="listing-detail__meta muted">
              <span>{CONDITION_LABELS[listing.condition] ? t(CONDITION_LABELS[listing.condition]) : listing.condition}</span>
              <span aria-hidden="true"> · </span>
              <span>{tn(listing.views, '{n} view', '{n} views')}</span>
              <span aria-hidden="true"> · </span>
              <span translate="no">{listing.location}</span>
            </p>
            <div className="listing-detail__actions">
              {!isOwner && (
                <button
                  type="button"
                  className={isFavorite ? 'button button--outline button--small is-favorite' : 'button button--outline button--small'}
                  aria-pressed={isFavorite}
                  onClick={() => toggleFavorite(listing.id, isFavorite)}
                >
                  <HeartIcon filled={isFavorite} />
                  {isFavorite ? t('Remove from Favorites') : t('Add to Favorites')}
                </button>
              )}
              <button type="button" className="button button--outline button--small" onClick={() => void share()}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path fill="currentColor" d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1Z" />
                </svg>
                {t('Share')}
              </button>
              <a
                className="button button--outline button--small button--whatsapp"
                href={whatsappShareUrl(pageUrl, message)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('Share on WhatsApp')}
              >
                <WhatsAppIcon />
                WhatsApp
              </a>
            </div>
          </section>

          {isOwner && listing.status === 'PENDING' && (
            <p className="detail-card held-notice detail-order-3" role="status">
              <strong>Hidden while a moderator reviews it.</strong>{' '}
              {HELD_REASONS[listing.heldReason as HeldReason] ?? 'Buyers cannot see this ad until the review is done.'}
            </p>
          )}
          {isOwner ? (
            <section className="detail-card owner-card detail-order-3" aria-label={t('Your Listing')}>
              <p className="owner-card__note">
                <strong>{t('Your Listing')}</strong>
                <span className="muted"> · {t('this is how buyers see your ad')}</span>
              </p>
              <Link to="/edit-listing/$id" params={{ id: listing.id }} className="button button--primary button--block">
                {t('Edit Listing')}
              </Link>
              <DeleteListing listing={listing} />
            </section>
          ) : gone ? (
            // nothing left to ask the seller about: say so, and point at what is still for sale
            <p className="detail-card listing-detail__sold detail-order-3" role="status">
              <strong>{listing.status === 'SOLD' ? t('This item has been sold.') : t('This ad has expired.')}</strong>{' '}
              <Link to="/products" search={{ category: listing.category.name, ...(listing.subcategory ? { subcategory: listing.subcategory.name } : {}) }}>
                {t('See similar ads')}
              </Link>
            </p>
          ) : (
            <button type="button" className="button button--primary button--block listing-detail__chat detail-order-3" onClick={startChat}>
              {t('Chat with seller')}
            </button>
          )}

          <SellerCard listing={listing} onChat={startChat} showChat={!isOwner && !gone} showSafety={!isOwner} />

          <section className="detail-card detail-order-8" aria-labelledby="location-heading">
            <h2 id="location-heading" className="detail-card__title">
              {t('Location')}
            </h2>
            <a className="location-card__link" href={mapsSearchUrl(mapQuery)} target="_blank" rel="noopener noreferrer">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7Zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
              </svg>
              <span>
                <span translate="no">{place}</span>
                <span className="visually-hidden"> {t('(opens Google Maps in a new tab)')}</span>
              </span>
            </a>
          </section>

          <section className="detail-card safety-tips detail-order-9" aria-labelledby="safety-heading">
            <h2 id="safety-heading" className="detail-card__title">
              {t('Safety tips')}
            </h2>
            <ul>
              {SAFETY_TIPS.map((tip) => (
                <li key={tip}>{t(tip)}</li>
              ))}
            </ul>
          </section>
        </aside>
        <div className="listing-detail__main">
          <div className="detail-order-1">
            <ImageCarousel images={listing.images.map(largeVariant)} thumbs={listing.thumbnails} title={listing.title} />
          </div>

          <section className="detail-card detail-order-4" aria-labelledby="description-heading">
            <h2 id="description-heading" className="detail-card__title">
              {t('Description')}
            </h2>
            <p className="listing-detail__description">{listing.description.trim() || t('No description provided')}</p>
          </section>

          {info.length > 0 && (
            <section className="detail-card detail-order-5" aria-labelledby="info-heading">
              <h2 id="info-heading" className="detail-card__title">
                {t('Additional Information')}
              </h2>
              <dl className="detail-facts">
                {info.map((row) => (
                  <div key={row.key} className="detail-facts__row">
                    <dt>{t(row.label)}</dt>
                    <dd>{t(row.value)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          <section className="detail-card detail-order-6" aria-labelledby="details-heading">
            <h2 id="details-heading" className="detail-card__title">
              {t('Listing Details')}
            </h2>
            <dl className="detail-facts">
              <div className="detail-facts__row">
                <dt>{t('Category')}</dt>
                <dd>{t(listing.category.name)}</dd>
              </div>
              {listing.subcategory && (
                <div className="detail-facts__row">
                  <dt>{t('Subcategory')}</dt>
                  <dd>{t(listing.subcategory.name)}</dd>
                </div>
              )}
              <div className="detail-facts__row">
                <dt>{t('Location')}</dt>
                <dd translate={listing.location ? 'no' : undefined}>{listing.location || t('Not specified')}</dd>
              </div>
              <div className="detail-facts__row">
                <dt>{t('Posted')}</dt>
                <dd>{formatDateIn(listing.createdAt, postedDate, language) || t('Unknown')}</dd>
              </div>
            </dl>
          </section>
        </div>

      </div>

      <AfterFirstPaint>
        <RelatedItems listingId={listing.id} />
      </AfterFirstPaint>
      <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} url={pageUrl} title={listing.title} message={message} />
    </article>
  );
}

export function ListingBySlug({ slug }: { slug: string }) {
  const { data } = useSuspenseQuery(listingQueries.slug(slug));
  return <ListingDetailView listing={data} />;
}

export function ListingById({ id }: { id: string }) {
  const { data } = useSuspenseQuery(listingQueries.detail(id));
  return <ListingDetailView listing={data} />;
}

/**
 * A crumb's words in the reader's language. The server names the place crumb "Scooters in Pune";
 * its link carries the parts, so Hindi can put them in its own order ("Pune में स्कूटर").
 */
export function crumbLabel(crumb: { name: string; url: string }, t: (text: string, params?: Record<string, string>) => string): ReactNode {
  const query = crumb.url.split('?')[1];
  const params = query ? new URLSearchParams(query) : null;
  const where = params?.get('location');
  const what = params?.get('subcategory') ?? params?.get('category');
  // the place is a stored name, kept as written (and marked so, for translators and the Hindi check)
  if (where && what && crumb.name === `${what} in ${where}`) return withNodes(t('{what} in {where}', { what: t(what) }), { where: <span translate="no">{where}</span> });
  return t(crumb.name);
}
