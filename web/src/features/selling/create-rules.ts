/**
 * The alternate create form (part 2 §2 Create listing form, §5, §9): its own limits and messages.
 * The category details the server requires (brand and year for vehicles, ...) come from the same
 * rule as the post form.
 */
import { CURRENCIES } from './currencies';
import { DETAIL_KEYS, missingDetails } from './required-details';
import type { Features } from './post-rules';
import { familyOf } from '../../../../worker/schemas/taxonomy';

export const CREATE_TITLE_MIN = 5;
export const CREATE_TITLE_MAX = 100;
export const CREATE_DESCRIPTION_MIN = 10;
export const CREATE_DESCRIPTION_MAX = 2000;
export const CREATE_LOCATION_MIN = 2;
/** Part 2 §9: the alternate form notes up to 10 images. */
export const CREATE_MAX_PHOTOS = 10;

export interface CreateFormValues {
  title: string;
  description: string;
  /** Digits only. */
  price: string;
  currency: (typeof CURRENCIES)[number];
  condition: string;
  location: string;
  categoryId: string;
  subcategoryId: string;
  features: Features;
}

export function emptyCreateForm(): CreateFormValues {
  return { title: '', description: '', price: '', currency: 'INR', condition: 'USED', location: '', categoryId: '', subcategoryId: '', features: {} };
}

/** Field key → message, in the form's order (the first one gets the focus on submit). */
export function createFormErrors(v: CreateFormValues, photos: { ready: number }): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = v.title.trim();
  if (!title) errors.title = 'Title is required';
  else if (title.length < CREATE_TITLE_MIN) errors.title = `Title must be at least ${CREATE_TITLE_MIN} characters`;
  else if (title.length > CREATE_TITLE_MAX) errors.title = `Title must be less than ${CREATE_TITLE_MAX} characters`;

  const description = v.description.trim();
  if (!description) errors.description = 'Description is required';
  else if (description.length < CREATE_DESCRIPTION_MIN) errors.description = `Description must be at least ${CREATE_DESCRIPTION_MIN} characters`;
  else if (description.length > CREATE_DESCRIPTION_MAX) errors.description = `Description must be less than ${CREATE_DESCRIPTION_MAX} characters`;

  if (v.price === '') errors.price = 'Price is required';
  else if (!(Number(v.price) >= 0.01)) errors.price = 'Price must be greater than 0';

  if (!v.condition) errors.condition = 'Condition is required';

  if (!v.categoryId) errors.categoryId = 'Category is required';
  else {
    const family = familyOf(v.categoryId, v.subcategoryId || undefined);
    for (const label of missingDetails(family, v.subcategoryId || undefined, v.features)) {
      const key = DETAIL_KEYS[label];
      if (key) errors[`features.${key}`] = `${label} is required`;
    }
  }

  const location = v.location.trim();
  if (!location) errors.location = 'Location is required';
  else if (location.length < CREATE_LOCATION_MIN) errors.location = `Location must be at least ${CREATE_LOCATION_MIN} characters`;

  if (photos.ready === 0) errors.photos = 'Please add at least one photo';
  return errors;
}
