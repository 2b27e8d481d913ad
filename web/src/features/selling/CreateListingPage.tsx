/**
 * /create-listing (part 2 §2 Create listing form): one page with basic info, pricing, details,
 * category, location and photos; success opens the new ad.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { TAXONOMY, familyOf } from '../../../../worker/schemas/taxonomy';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { locationLabel, locationQueries } from '../locations/queries';
import {
  CREATE_DESCRIPTION_MAX,
  CREATE_DESCRIPTION_MIN,
  CREATE_MAX_PHOTOS,
  CREATE_TITLE_MAX,
  CREATE_TITLE_MIN,
  createFormErrors,
  emptyCreateForm,
  type CreateFormValues,
} from './create-rules';
import { CURRENCIES, CURRENCY_SIGNS } from './currencies';
import { DetailsFields } from './DetailsFields';
import { GroupedNumberField, SelectField, TextAreaField, TextField } from './fields';
import { serverMessage } from './messages';
import { PhotoUploader, usePhotoQueue } from './PhotoUploader';
import { cleanFeatures, counterText, emptyPostForm, type ChosenCategory, type FeatureValue } from './post-rules';
import { sellingApi } from './queries';
import './selling.css';
import { msg, useI18n, useT } from '../../lib/i18n';

const CONDITIONS = [
  { value: 'NEW', label: msg('New') },
  { value: 'USED', label: msg('Used') },
  { value: 'REFURBISHED', label: msg('Refurbished') },
];

export function CreateListingPage() {
  const words = useI18n();
  const { t } = words;
  usePageTitle(t('Create Listing - SEL'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CreateFormValues>(emptyCreateForm);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { queue, items } = usePhotoQueue([], CREATE_MAX_PHOTOS);
  const photosErrorId = useId();

  const [focusRequest, setFocusRequest] = useState(0);

  // after a refused submit, the first problem gets the focus (once the errors are on screen)
  useEffect(() => {
    if (!focusRequest) return;
    const first = document.querySelector<HTMLElement>('.sell-create [aria-invalid="true"], .sell-create .sell-field--invalid input, .sell-create .sell-photos__add--invalid');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }, [focusRequest]);

  const counts = queue.counts();
  const errors = createFormErrors(values, counts);
  const show = (key: string) => (submitted || touched.has(key) ? errors[key] : undefined);
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  const update = (patch: Partial<CreateFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const category = TAXONOMY.find((c) => c.id === values.categoryId);
  const subcategory = category?.subcategories.find((s) => s.id === values.subcategoryId);
  const choice: ChosenCategory | null = category
    ? { category, subcategory: subcategory ?? { id: '', name: category.name }, family: familyOf(category.id, subcategory?.id) }
    : null;

  const submit = async () => {
    setSubmitted(true);
    const keys = Object.keys(errors);
    if (keys.length) {
      setFocusRequest((n) => n + 1);
      return;
    }
    if (counts.pending > 0) {
      toast.info(t('Please wait until your photos finish uploading.'));
      return;
    }
    setSubmitting(true);
    try {
      const listing = await sellingApi.create({
        title: values.title.trim(),
        description: values.description.trim(),
        price: Number(values.price),
        currency: values.currency,
        condition: values.condition,
        location: values.location.trim(),
        categoryId: values.categoryId,
        ...(values.subcategoryId ? { subcategoryId: values.subcategoryId } : {}),
        images: queue.urls(),
        features: cleanFeatures(values.features),
      });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
      if (listing.status === 'REJECTED') toast.error(listing.rejectReason ?? t('Your ad was not published.'));
      else toast.success(t('Listing created successfully!'));
      await navigate({ to: '/item/$slug', params: { slug: listing.slug } });
    } catch (error) {
      toast.error(serverMessage(error, 'Failed to create listing'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="sell-edit sell-create">
      <h1 className="page-title">{t('Create Listing')}</h1>
      <form
        className="sell-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <section className="sell-card" aria-labelledby="create-basic">
          <h2 id="create-basic" className="sell-card__title">
            {t('Basic info')}
          </h2>
          <TextField
            label={t('Title')}
            required
            name="title"
            value={values.title}
            maxLength={CREATE_TITLE_MAX}
            counter={counterText(values.title, CREATE_TITLE_MIN, CREATE_TITLE_MAX, words)}
            counterLow={values.title.trim().length < CREATE_TITLE_MIN}
            error={show('title')}
            onChange={(title) => update({ title })}
            onBlur={() => touch('title')}
          />
          <TextAreaField
            label={t('Description')}
            required
            name="description"
            value={values.description}
            maxLength={CREATE_DESCRIPTION_MAX}
            counter={counterText(values.description, CREATE_DESCRIPTION_MIN, CREATE_DESCRIPTION_MAX, words)}
            counterLow={values.description.trim().length < CREATE_DESCRIPTION_MIN}
            error={show('description')}
            onChange={(description) => update({ description })}
            onBlur={() => touch('description')}
          />
        </section>

        <section className="sell-card" aria-labelledby="create-pricing">
          <h2 id="create-pricing" className="sell-card__title">
            {t('Pricing')}
          </h2>
          <div className="sell-price-row">
            <SelectField
              label={t('Currency')}
              required
              name="currency"
              className="sell-price-row__currency"
              options={CURRENCIES}
              value={values.currency}
              onChange={(currency) => update({ currency: (CURRENCIES as readonly string[]).includes(currency) ? (currency as CreateFormValues['currency']) : 'INR' })}
            />
            <GroupedNumberField
              label={t('Price')}
              required
              name="price"
              prefix={CURRENCY_SIGNS[values.currency]}
              currency={values.currency}
              value={values.price}
              error={show('price')}
              onChange={(price) => update({ price })}
              onBlur={() => touch('price')}
            />
          </div>
        </section>

        <section className="sell-card" aria-labelledby="create-category">
          <h2 id="create-category" className="sell-card__title">
            {t('Category')}
          </h2>
          <SelectField
            label={t('Category')}
            required
            name="categoryId"
            options={TAXONOMY.map((c) => ({ value: c.id, label: c.name }))}
            placeholder={t('Select a category')}
            value={values.categoryId}
            error={show('categoryId')}
            onChange={(categoryId) => update({ categoryId, subcategoryId: '', features: {} })}
            onBlur={() => touch('categoryId')}
          />
          <SelectField
            label={t('Subcategory')}
            name="subcategoryId"
            options={(category?.subcategories ?? []).map((s) => ({ value: s.id, label: s.name }))}
            placeholder={category ? t('Select a subcategory') : t('Select a category first')}
            disabled={!category}
            value={values.subcategoryId}
            onChange={(subcategoryId) => update({ subcategoryId, features: {} })}
          />
        </section>

        <section className="sell-card" aria-labelledby="create-details">
          <h2 id="create-details" className="sell-card__title">
            {t('Details')}
          </h2>
          <SelectField
            label={t('Condition')}
            required
            name="condition"
            options={CONDITIONS}
            value={values.condition}
            error={show('condition')}
            onChange={(condition) => update({ condition })}
            onBlur={() => touch('condition')}
          />
          {choice && (
            <DetailsFields
              withText={false}
              choice={choice}
              values={{ ...emptyPostForm(), features: values.features }}
              setFeature={(key: string, value: FeatureValue) => setValues((v) => ({ ...v, features: { ...v.features, [key]: value } }))}
              setText={() => {}}
              errorFor={show}
              touch={touch}
            />
          )}
          <LocationInput value={values.location} error={show('location')} onChange={(location) => update({ location })} onBlur={() => touch('location')} />
        </section>

        <section className="sell-card" aria-labelledby="create-images">
          <h2 id="create-images" className="sell-card__title">
            Images (up to {CREATE_MAX_PHOTOS})
          </h2>
          <PhotoUploader queue={queue} items={items} error={show('photos')} errorId={photosErrorId} />
          {show('photos') && (
            <p id={photosErrorId} className="field-error">
              {show('photos')}
            </p>
          )}
        </section>

        <div className="sell-submit">
          <div className="sell-submit__buttons">
            <button type="submit" className="button button--primary sell-submit__button" disabled={submitting}>
              {submitting ? t('Creating...') : t('Create Listing')}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}

/** Free-text location with suggestions from our locations search ('Koramangala, Bengaluru'). */
function LocationInput({ value, error, onChange, onBlur }: { value: string; error?: string; onChange: (v: string) => void; onBlur: () => void }) {
  const t = useT();
  const listId = useId();
  const query = useDebouncedValue(value.trim(), 300);
  const suggestions = useQuery({ ...locationQueries.search(query, 8), enabled: query.length >= 2 });
  return (
    <div className="sell-location-input">
      <TextField
        label={t('Location')}
        required
        name="location"
        value={value}
        maxLength={200}
        placeholder="e.g. Koramangala, Bengaluru"
        hint={t('Pick a suggestion so buyers nearby find your ad')}
        error={error}
        onChange={onChange}
        onBlur={onBlur}
        list={listId}
      />
      <datalist id={listId}>
        {(suggestions.data ?? []).map((place) => (
          <option key={place.id} value={locationLabel(place)} />
        ))}
      </datalist>
    </div>
  );
}
