/**
 * The post-ad form's sections (part 2 §2): details, price, photos, location, contact. The post page
 * and the edit page both render it; they differ in the header, the contact section and what happens
 * on submit.
 */
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/use-auth';
import { CURRENCY_SIGNS } from './currencies';
import { DetailsFields } from './DetailsFields';
import { PriceGuidance } from './PriceGuidance';
import { GroupedNumberField, PriceField, SelectField, TextField } from './fields';
import { LocationPicker, useLocationLists, type PlaceValue } from './LocationPicker';
import { PhotoUploader, usePhotoQueue } from './PhotoUploader';
import {
  MAX_PHOTOS,
  NAME_MAX,
  PHONE_DIGITS,
  fieldErrors,
  groupDigits,
  missingFields,
  typedRupees,
  optionalFieldsToFix,
  type ChosenCategory,
  type FeatureValue,
  type FormContext,
  type PostFormValues,
} from './post-rules';
import './selling.css';
import { unusualPrice, usualPriceRange, type PriceRange } from '../../../../worker/schemas/price-range-data';
import { msg, useI18n, useT } from '../../lib/i18n';

/** Keystrokes are gathered this long before the draft is written (one write per pause, not per letter). */
const DRAFT_SAVE_DELAY_MS = 300;
const LEAVE_WARNING = msg('Leave this page? What you have entered will be lost.');
const EDIT_CURRENCIES = ['INR', 'USD', 'EUR'] as const;
const CONDITION_OPTIONS = [
  { value: 'NEW', label: msg('New') },
  { value: 'USED', label: msg('Used') },
  { value: 'REFURBISHED', label: msg('Refurbished') },
];

export interface PostAdFormProps {
  mode: 'post' | 'edit';
  choice: ChosenCategory;
  initialValues: PostFormValues;
  initialImages?: string[];
  /** Shown above the first section (the chosen category and its Change link). */
  header?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: PostFormValues, images: string[]) => Promise<void>;
  onCancel?: () => void;
  /** Told of every change (values and uploaded photos), for a draft kept on the phone (features/selling/draft.ts). */
  onDraftChange?: (values: PostFormValues, images: string[]) => void;
}

export function PostAdForm({ mode, choice, initialValues, initialImages = [], header, submitLabel, busyLabel, onSubmit, onCancel, onDraftChange }: PostAdFormProps) {
  const t = useT();
  const { user } = useAuth();
  const [values, setValues] = useState<PostFormValues>(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitting, setSubmitting] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [priceCheck, setPriceCheck] = useState(false);
  const [priceConfirmed, setPriceConfirmed] = useState<string | null>(null);
  const { queue, items } = usePhotoQueue(initialImages, MAX_PHOTOS);
  const lists = useLocationLists(values.state, values.city);
  const missingId = useId();
  const photosErrorId = useId();

  const ctx: FormContext = {
    family: choice.family,
    categoryId: choice.category.id,
    subcategoryId: choice.subcategory.id,
    neighbourhoodRequired: lists.hasAreas,
    askContact: mode === 'post',
  };
  const photoCounts = queue.counts();
  const photoState = { ready: photoCounts.ready, pending: photoCounts.pending };
  // items is the queue's snapshot: recomputing on it keeps the counts fresh
  const words = useI18n();
  const errors = useMemo(() => fieldErrors(values, photoState, ctx, words), [values, items, ctx.neighbourhoodRequired, words]);
  const missing = useMemo(() => missingFields(values, photoState, ctx), [values, items, ctx.neighbourhoodRequired]);
  const toFix = optionalFieldsToFix(values, choice.family);
  const canSubmit = missing.length === 0 && toFix.length === 0 && photoCounts.pending === 0 && !submitting;

  // twenty photos and a long description are a lot to lose to a stray tap on Back; with a draft
  // kept on the phone only photos still uploading would be lost
  const submittingRef = useRef(false);
  const wouldLose = () => dirty && !submittingRef.current && (!onDraftChange || queue.counts().pending > 0);
  useBlocker({
    shouldBlockFn: () => wouldLose() && !window.confirm(t(LEAVE_WARNING)),
    enableBeforeUnload: wouldLose,
  });
  const draftListener = useRef(onDraftChange);
  draftListener.current = onDraftChange;
  useEffect(() => {
    if (!dirty || submittingRef.current) return;
    const timer = setTimeout(() => draftListener.current?.(values, queue.urls()), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, values, items]);
  useEffect(() => {
    if (items.map((i) => i.url ?? i.key).join('\n') !== initialImages.join('\n')) setDirty(true);
  }, [items]);

  const update = (patch: Partial<PostFormValues>) => {
    if (patch.price !== undefined) setPriceCheck(false);
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
  };
  const setFeature = (key: string, value: FeatureValue) => {
    setValues((v) => ({ ...v, features: { ...v.features, [key]: value } }));
    setDirty(true);
  };
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  const errorFor = (key: string) => (touched.has(key) ? errors[key] : undefined);

  const setPlace = (place: PlaceValue) => {
    update({ state: place.state, city: place.city, neighbourhood: place.neighbourhood, latitude: place.latitude, longitude: place.longitude });
    // a place chosen from a list counts as visited
    setTouched((t) => {
      const next = new Set(t);
      if (place.state) next.add('state');
      if (place.city) next.add('city');
      return next;
    });
  };

  /**
   * A place picked from the lists (not detected) carries its own map point, so an edited ad does not
   * keep the coordinates of where it used to be.
   */
  const withPlaceCoordinates = (v: PostFormValues): PostFormValues => {
    if (v.latitude !== undefined) return v;
    const samePlace = v.state === initialValues.state && v.city === initialValues.city && v.neighbourhood === initialValues.neighbourhood;
    if (samePlace) return v;
    const spot = lists.areas.data?.find((a) => a.name === v.neighbourhood) ?? lists.cities.data?.find((c) => c.name === v.city);
    if (spot?.latitude == null || spot.longitude == null) return v;
    return { ...v, latitude: spot.latitude, longitude: spot.longitude };
  };

  const submit = async (keepPrice?: string) => {
    if (!canSubmit) {
      setTouched(new Set(Object.keys(errors)));
      return;
    }
    // a price far from what this kind of ad sells for is asked about once, before it goes live
    const rupees = typedRupees(values.price);
    if (values.currency === 'INR' && (keepPrice ?? priceConfirmed) !== values.price && unusualPrice(rupees, usualPriceRange(choice.category.id, choice.subcategory.id)).unusual) {
      setPriceCheck(true);
      return;
    }
    setPriceCheck(false);
    setSubmitting(true);
    submittingRef.current = true;
    try {
      await onSubmit(withPlaceCoordinates(values), queue.urls());
      setDirty(false);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const priceLabel = choice.family === 'job' ? t('Salary (per month)') : t('Price');
  const sign = CURRENCY_SIGNS[values.currency] ?? '₹';

  return (
    <form
      className="sell-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {header}

      <section className="sell-card" aria-labelledby="sell-details-title">
        <h2 id="sell-details-title" className="sell-card__title">
          {t('Include some details')}
        </h2>
        <DetailsFields
          choice={choice}
          values={values}
          setFeature={setFeature}
          setText={(field, value) => update({ [field]: value })}
          errorFor={errorFor}
          touch={touch}
        />
        {mode === 'edit' && (
          <SelectField label={t('Condition')} required name="condition" options={CONDITION_OPTIONS} value={values.condition} onChange={(condition) => update({ condition })} />
        )}
      </section>

      <section className="sell-card" aria-labelledby="sell-price-title">
        <h2 id="sell-price-title" className="sell-card__title">
          {choice.family === 'job' ? t('Set a salary') : t('Set a price')}
        </h2>
        <div className="sell-price-row">
          {mode === 'edit' && (
            <SelectField
              label={t('Currency')}
              required
              name="currency"
              className="sell-price-row__currency"
              options={EDIT_CURRENCIES}
              value={values.currency}
              onChange={(currency) => update({ currency: currency || 'INR' })}
            />
          )}
          <PriceField
            label={priceLabel}
            required
            name="price"
            prefix={sign}
            currency={values.currency}
            value={values.price}
            error={errorFor('price')}
            onChange={(price) => update({ price })}
            onBlur={() => touch('price')}
          />
        </div>
        {values.currency === 'INR' && (
          <PriceGuidance subcategoryId={choice.subcategory.id} features={values.features} title={values.title} state={values.state} city={values.city} price={values.price} />
        )}
      </section>

      <section className="sell-card" aria-labelledby="sell-photos-title">
        <h2 id="sell-photos-title" className="sell-card__title">
          {t('Upload up to {n} photos', { n: MAX_PHOTOS })}
        </h2>
        <PhotoUploader queue={queue} items={items} error={touched.has('photos') ? errors.photos : undefined} errorId={photosErrorId} />
        {touched.has('photos') && errors.photos && (
          <p id={photosErrorId} className="field-error">
            {errors.photos && t(errors.photos)}
          </p>
        )}
      </section>

      <section className="sell-card" aria-labelledby="sell-location-title">
        <h2 id="sell-location-title" className="sell-card__title">
          {t('Confirm your location')}
        </h2>
        <LocationPicker value={values} onChange={setPlace} lists={lists} errorFor={errorFor} touch={touch} />
      </section>

      {mode === 'post' && (
        <section className="sell-card" aria-labelledby="sell-review-title">
          <h2 id="sell-review-title" className="sell-card__title">
            {t('Review your details')}
          </h2>
          <div className="sell-review">
            <div className="sell-review__avatar" aria-hidden="true">
              {user?.avatar ? <img src={user.avatar} alt="" width={64} height={64} /> : <span>{(values.sellerName.trim()[0] ?? user?.firstName?.[0] ?? 'U').toUpperCase()}</span>}
            </div>
            <div className="sell-review__fields">
              <TextField
                label={t('Name')}
                required
                name="sellerName"
                autoComplete="name"
                value={values.sellerName}
                maxLength={NAME_MAX}
                counter={`${values.sellerName.length}/${NAME_MAX}`}
                error={errorFor('sellerName')}
                onChange={(sellerName) => update({ sellerName })}
                onBlur={() => touch('sellerName')}
              />
              <TextField
                label={t('Mobile phone number')}
                required
                name="sellerPhone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                prefix="+91"
                value={values.sellerPhone}
                maxLength={PHONE_DIGITS}
                hint={t('Buyers reach you by chat; your number is only shown to Pro buyers')}
                error={errorFor('sellerPhone')}
                onChange={(v) => update({ sellerPhone: v.replace(/\D/g, '').slice(0, PHONE_DIGITS) })}
                onBlur={() => touch('sellerPhone')}
              />
            </div>
          </div>
        </section>
      )}

      <div className="sell-submit">
        {missing.length > 0 ? (
          <p id={missingId} className="sell-submit__missing" aria-live="polite">
            {t('Please fill the following mandatory fields: {list}', { list: missing.map((name) => t(name)).join(', ') })}
          </p>
        ) : toFix.length > 0 ? (
          <p id={missingId} className="sell-submit__missing" aria-live="polite">
            {t('Too short or too long: {list}. Correct it, or leave it empty to use ours.', { list: toFix.map((name) => t(name)).join(', ') })}
          </p>
        ) : photoCounts.pending > 0 ? (
          <p id={missingId} className="sell-submit__missing" aria-live="polite">
            {t('Please wait until your photos finish uploading.')}
          </p>
        ) : null}
        {priceCheck && (
          <PriceCheck
            rupees={typedRupees(values.price)}
            categoryName={choice.subcategory.name || choice.category.name}
            range={usualPriceRange(choice.category.id, choice.subcategory.id)}
            onUse={(suggested) => {
              setValues((v) => ({ ...v, price: groupDigits(String(suggested)) }));
              setPriceConfirmed(groupDigits(String(suggested)));
              setPriceCheck(false);
            }}
            onKeep={() => {
              setPriceConfirmed(values.price);
              void submit(values.price);
            }}
          />
        )}
        <div className="sell-submit__buttons">
          {onCancel && (
            <button type="button" className="button button--outline sell-submit__button" onClick={onCancel} disabled={submitting}>
              {t('Cancel')}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary sell-submit__button"
            disabled={!canSubmit}
            aria-describedby={missing.length > 0 || toFix.length > 0 || photoCounts.pending > 0 ? missingId : undefined}
          >
            {submitting ? busyLabel : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}


/**
 * "Did you mean …?" for a price far outside what this kind of ad usually costs (reviewed ranges,
 * worker/schemas/price-range-data.ts): the seller picks the suggestion or keeps their price; either
 * way they decide before the ad goes live.
 */
function PriceCheck({ rupees, categoryName, range, onUse, onKeep }: { rupees: number; categoryName: string; range: PriceRange | null; onUse: (rupees: number) => void; onKeep: () => void }) {
  const t = useT();
  const check = unusualPrice(rupees, range);
  if (!check.unusual || !range) return null;
  const inr = (n: number) => `₹ ${groupDigits(String(n))}`;
  const vars = { price: inr(rupees), category: t(categoryName), low: inr(range.low), high: inr(range.high) };
  return (
    <div className="sell-price-check" role="alert">
      <p>
        {check.direction === 'low'
          ? t('{price} is far below what {category} usually sell for ({low} to {high}).', vars)
          : t('{price} is far above what {category} usually sell for ({low} to {high}).', vars)}{' '}
        {check.suggestion !== null && <strong>{t('Did you mean {suggestion}?', { suggestion: inr(check.suggestion) })}</strong>}
      </p>
      <div className="sell-price-check__buttons">
        {check.suggestion !== null && (
          <button type="button" className="button button--primary" onClick={() => onUse(check.suggestion!)}>
            {t('Use {suggestion}', { suggestion: inr(check.suggestion) })}
          </button>
        )}
        <button type="button" className="button button--outline" onClick={onKeep}>
          {t('Keep {price}', { price: inr(rupees) })}
        </button>
      </div>
    </div>
  );
}
