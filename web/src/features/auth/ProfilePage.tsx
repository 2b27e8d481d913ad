import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import type { ListingsPage } from '../../../../worker/schemas/listings';
import { api, isApiError } from '../../lib/api';
import { buildListingSlug, formatDate, formatPrice } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { UserAvatar } from './UserMenu';
import { authApi, type AuthUser } from './auth-api';
import { formatIndianPhone, memberSinceLabel } from './auth-rules';
import { ProfileSteps } from './ProfileSteps';
import { openLoginModal } from './auth-store';
import { AuthLoading } from './AuthLoading';
import { useAuth } from './use-auth';
import './auth.css';

export const PROFILE_LISTINGS_LIMIT = 10;

/** Under the 'listings' prefix so any listing mutation that invalidates ['listings'] refreshes it. */
const myApprovedListings = () =>
  queryOptions({
    queryKey: ['listings', 'mine', { status: 'APPROVED', limit: PROFILE_LISTINGS_LIMIT }] as const,
    queryFn: ({ signal }) =>
      // counts of every status come along: a profile whose ads are all sold says so
      api.get<ListingsPage & { counts?: { all: number; sold: number } }>('/listings/user/my-listings', { status: 'APPROVED', limit: PROFILE_LISTINGS_LIMIT }, { signal }),
  });

/** What the empty "My listings" says: nothing posted yet, everything sold, or nothing live right now. */
export function emptyListingsKind(counts: { all: number; sold: number } | undefined): 'none' | 'all-sold' | 'none-live' {
  if (!counts || counts.all === 0) return 'none';
  return counts.sold === counts.all ? 'all-sold' : 'none-live';
}

/** Profile (spec part 2 §2): who you are on SEL, your verification, and your live ads. */
export function ProfilePage() {
  const { t } = useI18n();
  usePageTitle(t('Profile'));
  const { status, user } = useAuth();

  if (status === 'loading') return <AuthLoading label={t('Loading your profile...')} />;
  if (!user) {
    return (
      <section className="profile-empty">
        <h1 className="auth-page-title">{t('Please log in to view your profile')}</h1>
        <button type="button" className="auth-button auth-button--primary" onClick={() => openLoginModal({ redirect: '/profile' })}>
          {t('Go to Login')}
        </button>
      </section>
    );
  }

  return (
    <div className="profile">
      <ProfileCard user={user} />
      <ProfileListings />
    </div>
  );
}

function ProfileCard({ user }: { user: AuthUser }) {
  const { t, language } = useI18n();
  const [editing, setEditing] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || t('SEL user');
  const since = language === 'en' ? memberSinceLabel(user.createdAt) : formatDate(user.createdAt, { month: 'long', year: 'numeric' }, language);

  const share = async () => {
    const url = `${window.location.origin}/profile`;
    const title = t('{name} on SEL', { name: fullName });
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    if (await copyText(url)) toast.success(t('Link copied to clipboard!'));
    else toast.error(t('Could not copy the link. Please copy it from the address bar.'));
  };

  return (
    <aside className="profile-card" aria-labelledby="profile-name">
      <UserAvatar user={user} size="xl" />
      <h1 id="profile-name" className="profile-card__name">
        {fullName}
      </h1>
      <p className="profile-card__username">@{user.username}</p>
      {user.businessName && <p className="profile-card__business">{user.businessName}</p>}
      {since && <p className="auth-muted">{t('Member since {date}', { date: since })}</p>}

      <dl className="profile-card__stats">
        <div>
          <dt>{t('Followers')}</dt>
          <dd>0</dd>
        </div>
        <div>
          <dt>{t('Following')}</dt>
          <dd>0</dd>
        </div>
      </dl>

      <ul className="profile-card__verified" aria-label={t('Verification')}>
        <VerifiedItem label={t('Phone')} verified={!!user.phoneVerified} detail={user.phone ? formatIndianPhone(user.phone) : t('No phone number')} />
        <VerifiedItem label={t('Email')} verified={!!user.emailVerified} detail={user.email ?? t('No e-mail address')} />
      </ul>

      <ProfileSteps user={user} />

      {editing ? (
        <EditProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <div className="profile-card__actions">
          <button type="button" className="auth-button auth-button--primary auth-button--block" onClick={() => setEditing(true)}>
            {t('Edit Profile')}
          </button>
          <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={() => void share()}>
            {t('Share Profile')}
          </button>
        </div>
      )}
    </aside>
  );
}

function VerifiedItem({ label, verified, detail }: { label: string; verified: boolean; detail: string }) {
  const { t } = useI18n();
  return (
    <li className={verified ? 'verified-item verified-item--yes' : 'verified-item'}>
      <span className="verified-item__mark" aria-hidden="true">
        {verified ? '✓' : '!'}
      </span>
      <span>
        <span className="verified-item__label">
          {verified ? t('{label} verified', { label }) : t('{label} not verified', { label })}
        </span>
        <span className="verified-item__detail">{detail}</span>
      </span>
    </li>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and non-secure contexts: the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

// Mirrors updateProfileBody in worker/schemas/auth.ts (the server re-checks everything).
const personName = (label: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(50, `${label} must be at most 50 characters`),
    z.refine((v) => !/[<>{}\\]/.test(v), `${label} contains characters that are not allowed`),
  );
const editProfileSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  businessName: z.string().check(z.trim(), z.maxLength(80, 'Business name must be at most 80 characters')),
  username: z
    .string()
    .check(z.trim(), z.regex(/^[A-Za-z0-9._]{3,30}$/, 'Username must be 3 to 30 characters: letters, numbers, dots and underscores')),
});
type EditProfileValues = z.output<typeof editProfileSchema>;

function EditProfileForm({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const { t } = useI18n();
  const { setUser } = useAuth();
  const [values, setValues] = useState<EditProfileValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.businessName ?? '',
    username: user.username,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof EditProfileValues, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const baseId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = editProfileSchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof EditProfileValues;
        next[key] ??= issue.message;
      }
      setErrors(next);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const updated = await authApi.updateProfile({
        firstName: parsed.data.firstName,
        lastName: parsed.data.lastName,
        businessName: parsed.data.businessName || null,
        username: parsed.data.username,
      });
      setUser(updated);
      toast.success(t('Profile updated'));
      onDone();
    } catch (err) {
      setSaving(false);
      if (isApiError(err) && err.issues?.length) {
        const next: typeof errors = {};
        for (const issue of err.issues) {
          const key = issue.path.split('.')[0] as keyof EditProfileValues;
          if (key in values) next[key] ??= issue.message;
          else setFormError(issue.message);
        }
        setErrors(next);
      } else {
        setFormError(isApiError(err) ? err.message : t('Failed to update profile. Please try again.'));
      }
    }
  };

  const field = (name: keyof EditProfileValues, label: string, autoComplete: string, hint?: string) => {
    const id = `${baseId}-${name}`;
    const error = errors[name];
    const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className="auth-field">
        <label htmlFor={id} className="auth-field__label">
          {t(label)}
        </label>
        <input
          id={id}
          className="auth-input"
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoFocus={name === 'firstName'}
        />
        {hint && (
          <p id={`${id}-hint`} className="auth-field__hint">
            {t(hint)}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="auth-field__error">
            {t(error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="auth-form profile-edit" onSubmit={(e) => void submit(e)} noValidate aria-label={t('Edit profile')}>
      {field('firstName', 'First name', 'given-name')}
      {field('lastName', 'Last name', 'family-name')}
      {field('businessName', 'Business name (optional)', 'organization')}
      {field('username', 'Username', 'username', 'Letters, numbers, dots and underscores.')}
      {formError && (
        <p className="auth-form-error" role="alert">
          {t(formError)}
        </p>
      )}
      <div className="auth-actions">
        <button type="button" className="auth-button auth-button--outline" onClick={onDone} disabled={saving}>
          {t('Cancel')}
        </button>
        <button type="submit" className="auth-button auth-button--primary" disabled={saving}>
          {saving ? t('Saving...') : t('Save')}
        </button>
      </div>
    </form>
  );
}

function ProfileListings() {
  const { t, tn, language } = useI18n();
  const listings = useQuery(myApprovedListings());
  const emptyKind = emptyListingsKind(listings.data?.counts);
  const items = listings.data?.listings ?? [];
  const total = listings.data?.pagination.total ?? items.length;

  return (
    <section className="profile-listings" aria-labelledby="profile-listings-title">
      <div className="profile-listings__head">
        <h2 id="profile-listings-title" className="profile-listings__title">
          {t('My listings')}
          {listings.isSuccess && total > 0 ? ` (${total})` : ''}
        </h2>
        <Link to="/en-in/post" className="auth-button auth-button--primary">
          {t('Add New Listing')}
        </Link>
      </div>

      {listings.isPending ? (
        <p className="auth-muted" role="status">
          {t('Loading your listings...')}
        </p>
      ) : listings.isError ? (
        <div className="profile-listings__error" role="alert">
          <p>{t('Failed to load your listings')}</p>
          <button type="button" className="auth-button auth-button--outline" onClick={() => void listings.refetch()}>
            {t('Try Again')}
          </button>
        </div>
      ) : items.length === 0 && emptyKind !== 'none' ? (
        // ads exist but none is live: say which, not "nothing listed"
        <div className="profile-listings__empty">
          <p className="profile-listings__empty-title">
            {emptyKind === 'all-sold'
              ? tn(listings.data?.counts?.sold ?? 0, 'Your {n} ad is sold', 'All your {n} ads are sold')
              : t('None of your ads is live right now')}
          </p>
          <p className="auth-muted">
            {emptyKind === 'all-sold' ? t('Well done! Post another ad to keep selling.') : t('See them in My Ads: inactive ads can be reactivated there.')}
          </p>
          <div className="auth-actions">
            <Link to="/en-in/myads" search={emptyKind === 'all-sold' ? { status: 'sold' } : {}} className="auth-button auth-button--outline">
              {emptyKind === 'all-sold' ? t('See sold ads') : t('Go to My Ads')}
            </Link>
            <Link to="/en-in/post" className="auth-button auth-button--primary">
              {t('Post an ad')}
            </Link>
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="profile-listings__empty">
          <p className="profile-listings__empty-title">{t("You haven't listed anything yet")}</p>
          <p className="auth-muted">{t('Sell something you no longer need: it takes a couple of minutes.')}</p>
          <Link to="/en-in/post" className="auth-button auth-button--primary">
            {t('Post your first ad')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="profile-listings__grid">
            {items.map((listing) => (
              <li key={listing.id}>
                <Link to="/item/$slug" params={{ slug: listing.slug || buildListingSlug(listing) }} className="profile-listing">
                  <div className="profile-listing__media">
                    {listing.images[0] ? (
                      <img
                        src={listing.images[0]}
                        alt=""
                        loading="lazy"
                        width={320}
                        height={240}
                        onError={(event) => {
                          event.currentTarget.style.visibility = 'hidden';
                        }}
                      />
                    ) : (
                      <span className="profile-listing__placeholder" aria-hidden="true">
                        {t(listing.category.name)}
                      </span>
                    )}
                  </div>
                  <div className="profile-listing__body">
                    <p className="profile-listing__price">{formatPrice(listing.price, listing.currency, language)}</p>
                    <p className="profile-listing__title">{listing.title}</p>
                    <p className="profile-listing__meta">
                      <span>{t(listing.condition.charAt(0) + listing.condition.slice(1).toLowerCase())}</span>
                      <span>{tn(listing.views, '{n} view', '{n} views')}</span>
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          {total >= PROFILE_LISTINGS_LIMIT && (
            <div className="profile-listings__more">
              <Link to="/en-in/myads" className="auth-button auth-button--outline">
                {t('View All Listings')}
              </Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}
