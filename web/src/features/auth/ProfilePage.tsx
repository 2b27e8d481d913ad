import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import type { ListingsPage } from '../../../../worker/schemas/listings';
import { api, isApiError } from '../../lib/api';
import { buildListingSlug, formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { UserAvatar } from './UserMenu';
import { authApi, type AuthUser } from './auth-api';
import { formatIndianPhone, memberSinceLabel, missingProfileSteps } from './auth-rules';
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
      api.get<ListingsPage>('/listings/user/my-listings', { status: 'APPROVED', limit: PROFILE_LISTINGS_LIMIT }, { signal }),
  });

/** Profile (spec part 2 §2): who you are on SEL, your verification, and your live ads. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { status, user } = useAuth();

  if (status === 'loading') return <AuthLoading label="Loading your profile..." />;
  if (!user) {
    return (
      <section className="profile-empty">
        <h1 className="auth-page-title">Please log in to view your profile</h1>
        <button type="button" className="auth-button auth-button--primary" onClick={() => openLoginModal({ redirect: '/profile' })}>
          Go to Login
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
  const [editing, setEditing] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || 'SEL user';
  const since = memberSinceLabel(user.createdAt);
  const missing = missingProfileSteps(user);

  const share = async () => {
    const url = `${window.location.origin}/profile`;
    const title = `${fullName} on SEL`;
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    if (await copyText(url)) toast.success('Link copied to clipboard!');
    else toast.error('Could not copy the link. Please copy it from the address bar.');
  };

  return (
    <aside className="profile-card" aria-labelledby="profile-name">
      <UserAvatar user={user} size="xl" />
      <h1 id="profile-name" className="profile-card__name">
        {fullName}
      </h1>
      <p className="profile-card__username">@{user.username}</p>
      {user.businessName && <p className="profile-card__business">{user.businessName}</p>}
      {since && <p className="auth-muted">Member since {since}</p>}

      <dl className="profile-card__stats">
        <div>
          <dt>Followers</dt>
          <dd>0</dd>
        </div>
        <div>
          <dt>Following</dt>
          <dd>0</dd>
        </div>
      </dl>

      <ul className="profile-card__verified" aria-label="Verification">
        <VerifiedItem label="Phone" verified={!!user.phoneVerified} detail={user.phone ? formatIndianPhone(user.phone) : 'No phone number'} />
        <VerifiedItem label="Email" verified={!!user.emailVerified} detail={user.email ?? 'No e-mail address'} />
      </ul>

      {missing.length > 0 && (
        <p className="profile-card__progress">
          {missing.length} {missing.length === 1 ? 'step' : 'steps'} left to complete your profile:{' '}
          {missing.map((step) => ({ phone: 'verify your phone', email: 'verify your e-mail', avatar: 'add a profile photo' })[step]).join(', ')}.
        </p>
      )}

      {editing ? (
        <EditProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <div className="profile-card__actions">
          <button type="button" className="auth-button auth-button--primary auth-button--block" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
          <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={() => void share()}>
            Share Profile
          </button>
        </div>
      )}
    </aside>
  );
}

function VerifiedItem({ label, verified, detail }: { label: string; verified: boolean; detail: string }) {
  return (
    <li className={verified ? 'verified-item verified-item--yes' : 'verified-item'}>
      <span className="verified-item__mark" aria-hidden="true">
        {verified ? '✓' : '!'}
      </span>
      <span>
        <span className="verified-item__label">
          {label} {verified ? 'verified' : 'not verified'}
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
      toast.success('Profile updated');
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
        setFormError(isApiError(err) ? err.message : 'Failed to update profile. Please try again.');
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
          {label}
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
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="auth-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="auth-form profile-edit" onSubmit={(e) => void submit(e)} noValidate aria-label="Edit profile">
      {field('firstName', 'First name', 'given-name')}
      {field('lastName', 'Last name', 'family-name')}
      {field('businessName', 'Business name (optional)', 'organization')}
      {field('username', 'Username', 'username', 'Letters, numbers, dots and underscores.')}
      {formError && (
        <p className="auth-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="auth-actions">
        <button type="button" className="auth-button auth-button--outline" onClick={onDone} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="auth-button auth-button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

function ProfileListings() {
  const listings = useQuery(myApprovedListings());
  const items = listings.data?.listings ?? [];
  const total = listings.data?.pagination.total ?? items.length;

  return (
    <section className="profile-listings" aria-labelledby="profile-listings-title">
      <div className="profile-listings__head">
        <h2 id="profile-listings-title" className="profile-listings__title">
          My listings{listings.isSuccess && total > 0 ? ` (${total})` : ''}
        </h2>
        <Link to="/en-in/post" className="auth-button auth-button--primary">
          Add New Listing
        </Link>
      </div>

      {listings.isPending ? (
        <p className="auth-muted" role="status">
          Loading your listings...
        </p>
      ) : listings.isError ? (
        <div className="profile-listings__error" role="alert">
          <p>Failed to load your listings</p>
          <button type="button" className="auth-button auth-button--outline" onClick={() => void listings.refetch()}>
            Try Again
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="profile-listings__empty">
          <p className="profile-listings__empty-title">You haven't listed anything yet</p>
          <p className="auth-muted">Sell something you no longer need: it takes a couple of minutes.</p>
          <Link to="/en-in/post" className="auth-button auth-button--primary">
            Post your first ad
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
                        {listing.category.name}
                      </span>
                    )}
                  </div>
                  <div className="profile-listing__body">
                    <p className="profile-listing__price">{formatPrice(listing.price, listing.currency)}</p>
                    <p className="profile-listing__title">{listing.title}</p>
                    <p className="profile-listing__meta">
                      <span>{listing.condition.charAt(0) + listing.condition.slice(1).toLowerCase()}</span>
                      <span>
                        {listing.views} {listing.views === 1 ? 'view' : 'views'}
                      </span>
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          {total >= PROFILE_LISTINGS_LIMIT && (
            <div className="profile-listings__more">
              <Link to="/en-in/myads" className="auth-button auth-button--outline">
                View All Listings
              </Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}
