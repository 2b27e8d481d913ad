import { describe, expect, it } from 'vitest';
import { badgeText, filterWishlist, wishlistCountText } from './wishlist';

const item = (title: string, description: string, location: string, category: string) => ({ title, description, location, category: { name: category } });

describe('wishlist', () => {
  it('words the count as the spec does', () => {
    expect(wishlistCountText(1)).toBe('1 item');
    expect(wishlistCountText(0)).toBe('0 items in your wishlist');
    expect(wishlistCountText(12)).toBe('12 items in your wishlist');
  });

  it('searches title, description, location and category, every word, any case and accents', () => {
    const items = [
      item('Maruti Swift VXi', 'Single owner, petrol', 'Koramangala, Bengaluru', 'Vehicles'),
      item('Study table', 'Sheesham wood', 'Andheri East, Mumbai', 'Home & Garden'),
      item('Café chairs', 'Set of four', 'Panaji, Goa', 'Home & Garden'),
    ];
    expect(filterWishlist(items, '').length).toBe(3);
    expect(filterWishlist(items, 'swift').map((i) => i.title)).toEqual(['Maruti Swift VXi']);
    expect(filterWishlist(items, 'PETROL')).toHaveLength(1);
    expect(filterWishlist(items, 'mumbai')).toHaveLength(1);
    expect(filterWishlist(items, 'garden')).toHaveLength(2);
    expect(filterWishlist(items, 'cafe')).toHaveLength(1);
    expect(filterWishlist(items, 'garden wood')).toHaveLength(1);
    expect(filterWishlist(items, 'boat')).toHaveLength(0);
  });

  it('caps the header badge at 99+', () => {
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
