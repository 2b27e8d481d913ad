import { describe, expect, it } from 'vitest';
import { CURRENCIES as SERVER_CURRENCIES } from '../../../../worker/schemas/selling';
import { createFormErrors, emptyCreateForm, type CreateFormValues } from './create-rules';
import { CURRENCIES } from './currencies';

const valid: CreateFormValues = {
  ...emptyCreateForm(),
  title: 'Three seater sofa',
  description: 'Fabric sofa, three years old, no stains.',
  price: '12500',
  location: 'Koramangala, Bengaluru',
  categoryId: 'home-and-garden',
  subcategoryId: 'home-and-garden-furniture',
};

describe('create listing form', () => {
  it('accepts a complete form', () => {
    expect(createFormErrors(valid, { ready: 1 })).toEqual({});
  });

  it('uses the spec messages', () => {
    expect(createFormErrors({ ...emptyCreateForm(), condition: '' }, { ready: 0 })).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      price: 'Price is required',
      condition: 'Condition is required',
      categoryId: 'Category is required',
      location: 'Location is required',
      photos: 'Please add at least one photo',
    });
    const short = createFormErrors({ ...valid, title: 'Sofa', description: 'Nice', price: '0', location: 'K' }, { ready: 1 });
    expect(short).toEqual({
      title: 'Title must be at least 5 characters',
      description: 'Description must be at least 10 characters',
      price: 'Price must be greater than 0',
      location: 'Location must be at least 2 characters',
    });
    const long = createFormErrors({ ...valid, title: 'x'.repeat(101), description: 'y'.repeat(2001) }, { ready: 1 });
    expect(long.title).toBe('Title must be less than 100 characters');
    expect(long.description).toBe('Description must be less than 2000 characters');
  });

  it("asks for the category's required details, as the server will", () => {
    const car = createFormErrors({ ...valid, categoryId: 'vehicles', subcategoryId: 'vehicles-cars' }, { ready: 1 });
    expect(Object.keys(car)).toEqual([
      'features.brand',
      'features.year',
      'features.fuel',
      'features.transmission',
      'features.kmDriven',
      'features.noOfOwners',
    ]);
    expect(createFormErrors({ ...valid, categoryId: 'vehicles', subcategoryId: '' }, { ready: 1 })).toEqual({
      'features.brand': 'Brand is required',
      'features.year': 'Year is required',
    });
  });

  it('offers the currencies the server accepts', () => {
    expect([...CURRENCIES]).toEqual([...SERVER_CURRENCIES]);
  });
});
