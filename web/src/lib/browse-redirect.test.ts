import { describe, expect, it } from 'vitest';
import { listingsToProductsSearch } from './browse-redirect';
import { listingFiltersSearchSchema, productsSearchSchema } from './search-params';

const fromUrl = (query: string) => listingsToProductsSearch(listingFiltersSearchSchema.parse(Object.fromEntries(new URLSearchParams(query))));

describe('/listings → /products', () => {
  it('keeps every filter and turns sortBy/sortOrder into the sort word', () => {
    expect(fromUrl('q=honda&category=Vehicles&subcategory=Cars&location=Pune&brand=honda&minPrice=1000&maxPrice=90000&condition=used&sortBy=price&sortOrder=asc&page=3&limit=50')).toEqual({
      q: 'honda',
      category: 'Vehicles',
      subcategory: 'Cars',
      location: 'Pune',
      brand: 'honda',
      minPrice: 1000,
      maxPrice: 90000,
      condition: 'USED',
      sort: 'price-asc',
      page: 3,
    });
  });
  it('gives nothing extra for a bare /listings, and drops sorts /products does not offer', () => {
    expect(fromUrl('')).toEqual({});
    expect(fromUrl('sortBy=title&sortOrder=asc&page=1')).toEqual({});
    expect(fromUrl('sortBy=createdAt')).toEqual({ sort: 'createdAt-desc' });
  });
});

describe('/products prices', () => {
  it('swaps a minimum above the maximum instead of failing', () => {
    expect(productsSearchSchema.parse({ minPrice: '50000', maxPrice: '1000' })).toMatchObject({ minPrice: 1000, maxPrice: 50000 });
    expect(productsSearchSchema.parse({ minPrice: '1000', maxPrice: '50000' })).toMatchObject({ minPrice: 1000, maxPrice: 50000 });
  });
});
