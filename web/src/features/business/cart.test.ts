import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, parseCart } from './cart';

describe('parseCart (a cart kept on the device, before it is sent to the account)', () => {
  it('keeps package ids and whole quantities 1–20 only, once each, and survives junk', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('not json')).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    expect(
      parseCart(
        JSON.stringify([
          { packageId: 'featured-7d-vehicles-cars', quantity: 2, price: 1 },
          { packageId: 'featured-7d-vehicles-cars', quantity: 5 },
          { packageId: 'boost-1-vehicles-cars', quantity: 99 },
          { packageId: 'ad-slots-1-vehicles-cars', quantity: 0 },
          { packageId: 'x<script>', quantity: 1 },
          { packageId: 'boost-3-vehicles-cars', quantity: 1.5 },
          null,
        ]),
      ),
    ).toEqual([
      { packageId: 'featured-7d-vehicles-cars', quantity: 2 },
      { packageId: 'boost-1-vehicles-cars', quantity: MAX_QUANTITY },
      { packageId: 'ad-slots-1-vehicles-cars', quantity: 1 },
      { packageId: 'boost-3-vehicles-cars', quantity: 1 },
    ]);
  });
});
