import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  buildListingPayload,
  caretAfterDigits,
  changedFields,
  cleanFeatures,
  counterText,
  defaultTitle,
  emptyPostForm,
  optionalFieldsToFix,
  featuresToForm,
  fieldErrors,
  groupDigits,
  localPhoneDigits,
  missingFields,
  missingFieldsMessage,
  parsePrice,
  priceDigits,
  priceError,
  typedRupees,
  regroupTyped,
  resolveCategoryChoice,
  vehicleBrandsPath,
  type FormContext,
  type PostFormValues,
} from './post-rules';

const NOW = new Date('2026-06-01T10:00:00Z');

describe('price as typed', () => {
  it('keeps digits only, without leading zeros, at most ten', () => {
    expect(priceDigits('₹ 1,25,000')).toBe('125000');
    expect(priceDigits('00450')).toBe('450');
    expect(priceDigits('0')).toBe('0');
    expect(priceDigits('abc')).toBe('');
    expect(priceDigits('12345678901234')).toBe('1234567890');
  });

  it('groups in the Indian way for rupees and by thousands otherwise', () => {
    expect(groupDigits('')).toBe('');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('125000')).toBe('1,25,000');
    expect(groupDigits('10000000')).toBe('1,00,00,000');
    expect(groupDigits('125000', 'USD')).toBe('125,000');
  });

  it('parses what the server also accepts', () => {
    expect(parsePrice('₹ 1,25,000')).toBe(125000);
    expect(parsePrice('4,85,000.50')).toBe(485000.5);
    expect(parsePrice(42)).toBe(42);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('free')).toBeNull();
    expect(parsePrice(Number.NaN)).toBeNull();
  });

  it('never sends a decimal as a number 100 times bigger: paise are an error, words are read', () => {
    // the old field kept the digits of "45,000.50" and sent 4500050
    expect(typedRupees('45,000.50')).not.toBe(4_500_050);
    expect(priceError('45,000.50', 'vehicles', false)).toMatch(/whole rupees/);
    expect(priceError('45,000', 'vehicles', false)).toBeNull();
    expect(priceError('1.5 lakh', 'vehicles', false)).toBeNull();
    expect(priceError('', 'vehicles', true)).toBe('Please enter a salary');
    expect(priceError('0', 'vehicles', false)).toBe('Please enter a price above 0');
    expect(priceError('0', 'pets', false)).toBeNull();
    expect(buildListingPayload({ ...emptyPostForm(), price: '1.5 lakh' }, [], { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', askContact: false }).price).toBe(150_000);
  });

  it('keeps the caret after the same digit when the grouping moves', () => {
    expect(caretAfterDigits('1,25,000', 0)).toBe(0);
    expect(caretAfterDigits('1,25,000', 1)).toBe(1);
    expect(caretAfterDigits('1,25,000', 3)).toBe(4);
    expect(caretAfterDigits('1,25,000', 6)).toBe(8);
    expect(caretAfterDigits('1,25,000', 9)).toBe(8);
  });

  it('regroups each keystroke', () => {
    // typing the sixth digit at the end
    expect(regroupTyped('12,5000', 7)).toEqual({ digits: '125000', text: '1,25,000', caret: 8 });
    // inserting a digit in the middle: '1,2|5,000' → '12,|25,000'
    expect(regroupTyped('1,225,000', 4)).toEqual({ digits: '1225000', text: '12,25,000', caret: 4 });
    // deleting the only digit
    expect(regroupTyped('', 0)).toEqual({ digits: '', text: '', caret: 0 });
    // letters are refused and the caret stays after the digits before it
    expect(regroupTyped('4,5x00', 4)).toEqual({ digits: '4500', text: '4,500', caret: 3 });
  });
});

describe('title and description counters', () => {
  it('say how many characters are still needed, then the used/max count', () => {
    expect(counterText('', 5, 70)).toBe('5 more characters needed');
    expect(counterText('Swif', 5, 70)).toBe('1 more character needed');
    expect(counterText('   ab  ', 5, 70)).toBe('3 more characters needed');
    expect(counterText('Swift', 5, 70)).toBe('5/70');
    expect(counterText('Nice car, one owner', 10, 4096)).toBe('19/4096');
  });
});

describe('category choice from the URL', () => {
  it('accepts ids and names', () => {
    expect(resolveCategoryChoice('vehicles', 'vehicles-cars')?.family).toBe('vehicle');
    expect(resolveCategoryChoice('Vehicles', 'Cars')?.subcategory.id).toBe('vehicles-cars');
    expect(resolveCategoryChoice('electronics', 'Smartphones')?.family).toBe('mobile');
    expect(resolveCategoryChoice('electronics', 'electronics-laptops')?.family).toBe('other');
    expect(resolveCategoryChoice('jobs', 'jobs-remote')?.family).toBe('job');
    expect(resolveCategoryChoice('properties', 'properties-land')?.family).toBe('property');
  });

  it('refuses unknown or mismatched pairs', () => {
    expect(resolveCategoryChoice(undefined, 'vehicles-cars')).toBeNull();
    expect(resolveCategoryChoice('vehicles', undefined)).toBeNull();
    expect(resolveCategoryChoice('vehicles', 'properties-land')).toBeNull();
    expect(resolveCategoryChoice('boats', 'yachts')).toBeNull();
  });

  it('knows which brand list each vehicle kind uses', () => {
    expect(vehicleBrandsPath('vehicles-cars')).toBe('/cars/brands');
    expect(vehicleBrandsPath('vehicles-spare-parts')).toBe('/vehicles/spare-parts/brands');
    expect(vehicleBrandsPath('vehicles-commercial-vehicles')).toBe('/vehicles/commercial-vehicles/brands');
    expect(vehicleBrandsPath('properties-land')).toBeNull();
  });
});

function form(patch: Partial<PostFormValues> = {}): PostFormValues {
  return {
    ...emptyPostForm(),
    price: '485000',
    state: 'Karnataka',
    city: 'Bengaluru',
    neighbourhood: 'Koramangala',
    sellerName: 'Asha',
    sellerPhone: '9876543210',
    ...patch,
  };
}

const ctx = (family: FormContext['family'], categoryId: string, subcategoryId: string, extra: Partial<FormContext> = {}): FormContext => ({
  family,
  categoryId,
  subcategoryId,
  neighbourhoodRequired: true,
  askContact: true,
  now: NOW,
  ...extra,
});

const ONE_PHOTO = { ready: 1, pending: 0 };

describe('missing-field list per family', () => {
  it('lists everything for an empty car ad, in form order', () => {
    const missing = missingFields(emptyPostForm(), { ready: 0, pending: 0 }, ctx('vehicle', 'vehicles', 'vehicles-cars'));
    expect(missing).toEqual([
      'Brand',
      'Year',
      'Fuel',
      'Transmission',
      'KM driven',
      'No. of owners',
      'Title',
      'Description',
      'Price',
      'At least one photo',
      'State',
      'City',
      'Neighbourhood',
      'Name',
      'Phone (10 digits)',
    ]);
    expect(missingFieldsMessage(missing.slice(0, 2))).toBe('Please fill the following mandatory fields: Brand, Year');
  });

  it('asks bicycles only for brand and year besides title and description', () => {
    const values = form({ title: 'Hero Sprint 26T', description: 'Gear cycle, 2 years old' });
    expect(missingFields(values, ONE_PHOTO, ctx('vehicle', 'vehicles', 'vehicles-bicycles'))).toEqual(['Brand', 'Year']);
    expect(missingFields({ ...values, features: { brand: 'Hero', year: '2022' } }, ONE_PHOTO, ctx('vehicle', 'vehicles', 'vehicles-bicycles'))).toEqual([]);
  });

  it('rejects a year outside 1990..next year', () => {
    const values = form({ title: 'Hero Sprint 26T', description: 'Gear cycle, 2 years old', features: { brand: 'Hero', year: '1989' } });
    expect(missingFields(values, ONE_PHOTO, ctx('vehicle', 'vehicles', 'vehicles-bicycles'))).toEqual(['Year']);
    expect(fieldErrors(values, ONE_PHOTO, ctx('vehicle', 'vehicles', 'vehicles-bicycles'))['features.year']).toBe('Year must be between 1990 and 2027');
    const nextYear = { ...values, features: { brand: 'Hero', year: '2027' } };
    expect(missingFields(nextYear, ONE_PHOTO, ctx('vehicle', 'vehicles', 'vehicles-bicycles'))).toEqual([]);
  });

  it('asks mobiles for brand, model, storage and RAM, with title and description optional', () => {
    const c = ctx('mobile', 'electronics', 'electronics-smartphones');
    expect(missingFields(form(), ONE_PHOTO, c)).toEqual(['Brand', 'Model', 'Storage', 'RAM']);
    const done = form({ features: { brand: 'Samsung', model: 'Galaxy S21', storage: '128GB', ram: '8GB' } });
    expect(missingFields(done, ONE_PHOTO, c)).toEqual([]);
    // an optional title that is typed must still be long enough, but it is never called "mandatory"
    expect(missingFields({ ...done, title: 'S21' }, ONE_PHOTO, c)).toEqual([]);
    expect(optionalFieldsToFix({ title: 'S21', description: '' }, 'mobile')).toEqual(['Title']);
    expect(optionalFieldsToFix({ title: '', description: 'Good' }, 'mobile')).toEqual(['Description']);
    expect(optionalFieldsToFix({ title: '', description: '' }, 'mobile')).toEqual([]);
    // where they are required, they are mandatory fields, not fixes
    expect(optionalFieldsToFix({ title: 'S21', description: 'x' }, 'vehicle')).toEqual([]);
  });

  it('asks properties by subcategory and PG type', () => {
    expect(missingFields(form(), ONE_PHOTO, ctx('property', 'properties', 'properties-apartments'))).toEqual(['Property type', 'Area', 'BHK']);
    expect(missingFields(form(), ONE_PHOTO, ctx('property', 'properties', 'properties-rentals'))).toEqual(['Property type', 'Area', 'BHK', 'Furnishing']);
    expect(missingFields(form({ features: { propertyType: 'PG', area: '200' } }), ONE_PHOTO, ctx('property', 'properties', 'properties-rentals'))).toEqual([
      'Furnishing',
      'Room type',
    ]);
    expect(missingFields(form({ features: { propertyType: 'Residential Plot' } }), ONE_PHOTO, ctx('property', 'properties', 'properties-land'))).toEqual(['Area']);
  });

  it('asks jobs and other categories for a title and description', () => {
    expect(missingFields(form(), ONE_PHOTO, ctx('job', 'jobs', 'jobs-full-time'))).toEqual(['Title', 'Description']);
    expect(missingFields(form({ price: '' }), ONE_PHOTO, ctx('job', 'jobs', 'jobs-full-time'))).toContain('Salary');
    expect(missingFields(form(), ONE_PHOTO, ctx('other', 'home-and-garden', 'home-and-garden-furniture'))).toEqual(['Title']);
  });

  it('allows a zero price only where giving away is normal', () => {
    const other = form({ title: 'Old novels bundle', price: '0' });
    expect(missingFields(other, ONE_PHOTO, ctx('other', 'books-and-media', 'books-and-media-books'))).toEqual([]);
    expect(missingFields(other, ONE_PHOTO, ctx('other', 'fashion', 'fashion-shoes'))).toEqual(['Price']);
  });

  it('needs no neighbourhood where the city has no list, and no contact on the edit form', () => {
    const values = form({ title: 'Study table', neighbourhood: '', sellerName: '', sellerPhone: '' });
    const c = ctx('other', 'home-and-garden', 'home-and-garden-furniture', { neighbourhoodRequired: false, askContact: false });
    expect(missingFields(values, ONE_PHOTO, c)).toEqual([]);
  });

  it('checks the phone as the server does', () => {
    const c = ctx('other', 'home-and-garden', 'home-and-garden-furniture');
    expect(missingFields(form({ title: 'Study table', sellerPhone: '98765' }), ONE_PHOTO, c)).toEqual(['Phone (10 digits)']);
    expect(missingFields(form({ title: 'Study table', sellerPhone: '1234567890' }), ONE_PHOTO, c)).toEqual(['Phone (10 digits)']);
    expect(localPhoneDigits('+91 98765 43210')).toBe('9876543210');
    expect(localPhoneDigits('09876543210')).toBe('9876543210');
    expect(localPhoneDigits(null)).toBe('');
  });
});

describe('what is sent', () => {
  it('fills the defaults the seller may leave out', () => {
    expect(defaultTitle({ brand: 'Samsung', model: 'Galaxy S21' })).toBe('Samsung Galaxy S21');
    expect(defaultTitle({ brand: 'iPhone', model: 'iPhone 12' })).toBe('iPhone 12');
    expect(defaultTitle({ brand: 'OnePlus', model: 'OnePlus 11R' })).toBe('OnePlus 11R');
    expect(defaultTitle({ bhk: '2 BHK', propertyType: 'Apartment' })).toBe('2 BHK Apartment');
    expect(defaultTitle({ propertyType: 'PG', roomType: 'Single' })).toBe('PG - Single room');
    expect(defaultTitle({ brand: 'Jio' })).toBe(DEFAULT_TITLE);
    expect(defaultTitle({})).toBe(DEFAULT_TITLE);

    const payload = buildListingPayload(form({ features: { brand: 'Samsung', model: 'Galaxy S21', storage: '128GB', ram: '8GB' } }), ['u1', 'u2'], {
      categoryId: 'electronics',
      subcategoryId: 'electronics-smartphones',
      askContact: true,
    });
    expect(payload).toMatchObject({
      title: 'Samsung Galaxy S21',
      description: DEFAULT_DESCRIPTION,
      price: 485000,
      currency: 'INR',
      condition: 'USED',
      categoryId: 'electronics',
      subcategoryId: 'electronics-smartphones',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Koramangala',
      images: ['u1', 'u2'],
      sellerName: 'Asha',
      sellerPhone: '9876543210',
    });
    expect(payload.latitude).toBeUndefined();
  });

  it('stores numbers as numbers and drops empty details', () => {
    expect(cleanFeatures({ year: '2019', kmDriven: '45000', brand: ' Honda ', model: '', amenities: [], features: ['5G'] })).toEqual({
      year: 2019,
      kmDriven: 45000,
      brand: 'Honda',
      features: ['5G'],
    });
    expect(featuresToForm({ year: 2019, cornerPlot: true, amenities: ['Lift', 3], nested: { a: 1 } })).toEqual({ year: '2019', cornerPlot: 'Yes', amenities: ['Lift'] });
  });

  it('sends only what changed on edit, and the place as a whole', () => {
    const ctxEdit = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', askContact: false };
    const before = buildListingPayload(form({ title: 'Swift VXi 2019', description: 'Single owner car', features: { brand: 'Maruti Suzuki' } }), ['a', 'b'], ctxEdit);
    const pricier = buildListingPayload(form({ title: 'Swift VXi 2019', description: 'Single owner car', features: { brand: 'Maruti Suzuki' }, price: '470000' }), ['a', 'b'], ctxEdit);
    expect(changedFields(before, pricier)).toEqual({ price: 470000 });
    const reordered = buildListingPayload(form({ title: 'Swift VXi 2019', description: 'Single owner car', features: { brand: 'Maruti Suzuki' } }), ['b', 'a'], ctxEdit);
    expect(changedFields(before, reordered)).toEqual({ images: ['b', 'a'] });
    const moved = buildListingPayload(form({ title: 'Swift VXi 2019', description: 'Single owner car', features: { brand: 'Maruti Suzuki' }, neighbourhood: 'Indiranagar' }), ['a', 'b'], ctxEdit);
    expect(changedFields(before, moved)).toEqual({ state: 'Karnataka', city: 'Bengaluru', neighbourhood: 'Indiranagar' });
    expect(changedFields(before, before)).toEqual({});
  });
});
