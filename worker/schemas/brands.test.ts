import { describe, expect, it } from 'vitest';
import { CAR_BRANDS, MOBILE_BRANDS, VEHICLE_BRANDS } from './options';
import { brandInText, brandKey, listingBrand } from './brands';

describe('brand keys ("Apple" finds an iPhone, "Dell" a laptop named in its title)', () => {
  it('gives a brand and its other names one key', () => {
    expect(brandKey('Apple')).toBe('apple');
    expect(brandKey('iPhone')).toBe('apple');
    expect(brandKey('Tata Motors')).toBe(brandKey('Tata'));
    expect(brandKey('  Maruti Suzuki ')).toBe('maruti suzuki');
  });

  it('keeps every brand of the post form distinct from the others', () => {
    for (const list of [CAR_BRANDS, MOBILE_BRANDS, ...Object.values(VEHICLE_BRANDS)]) {
      const keys = list.filter((b) => b !== 'Other').map(brandKey);
      expect(new Set(keys).size, list.join(', ')).toBe(keys.length);
    }
  });

  it('finds the first known brand named as whole words in a title', () => {
    expect(brandInText('Dell Inspiron 15 Core i5 11th Gen 8GB/512GB SSD')).toBe('dell');
    expect(brandInText('Study Table with Bookshelf by IKEA')).toBe('ikea');
    expect(brandInText('Apple MacBook Air M1')).toBe('apple');
    expect(brandInText('Godrej Interio 3 Door Wardrobe')).toBe('godrej interio');
    expect(brandInText('Chocolate chip cookies')).toBeNull(); // "hp" inside a word is no brand
    expect(brandInText('Laptop (HP) Pavilion 14')).toBe('hp');
  });

  it('stores the brand field first, else the title, never "other"', () => {
    expect(listingBrand({ brand: 'iPhone', model: 'iPhone 12' }, 'iPhone 12 128GB')).toBe('apple');
    expect(listingBrand({ additionalDetails: 'Brand: Lenovo' }, 'IdeaPad Slim 3 Core i5')).toBe('lenovo');
    expect(listingBrand({ brand: 'Other' }, 'Hero Sprint cycle')).toBe(null);
    expect(listingBrand({}, 'Nike Air Max Running Shoes UK 9')).toBe('nike');
  });
});
