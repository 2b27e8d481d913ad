import { describe, expect, it } from 'vitest';
import {
  AMENITIES, FACILITIES, FACING, FUEL_TYPES, FURNISHING, LAND_TYPES, MEALS, MOBILE_FEATURES, OWNER_TYPES, PARKING, PG_TENANTS, PG_TYPES,
  PROPERTY_AGE, PROPERTY_TYPES, RENT_TYPES, ROOM_TYPES, SHOP_TYPES, TENANT_TYPES, TRANSMISSIONS, WARRANTY,
} from './options';
import { OPTIONS_HINDI } from './options-hi';

describe('post-form option words in Hindi', () => {
  it('has every word-valued option (not brands, sizes or BHK) in Hindi', () => {
    const words = [
      ...FUEL_TYPES, ...TRANSMISSIONS, ...OWNER_TYPES, ...PROPERTY_TYPES, ...FURNISHING, ...PROPERTY_AGE, ...PARKING, ...FACING, ...LAND_TYPES,
      ...SHOP_TYPES, ...RENT_TYPES, ...TENANT_TYPES, ...PG_TYPES, ...ROOM_TYPES, ...PG_TENANTS, ...MEALS, ...AMENITIES, ...FACILITIES, ...WARRANTY,
      ...MOBILE_FEATURES,
    ];
    expect(words.filter((w) => !OPTIONS_HINDI[w])).toEqual([]);
    expect(Object.values(OPTIONS_HINDI).filter((v) => !/[\u0900-\u097F]/.test(v))).toEqual([]);
  });
});
