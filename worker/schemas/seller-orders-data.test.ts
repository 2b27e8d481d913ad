import { describe, expect, it } from 'vitest';
import { SELLER_ORDERS } from './seller-orders-data';

describe('seller orders data', () => {
  it('holds the reviewed figures', () => {
    expect(SELLER_ORDERS).toEqual({ settleAfterMs: 60_000, settlePerRun: 200, ordersPerRun: 500, creditSellersPerRun: 50 });
  });

  it('leaves the request that took a number time to finish it, and moves in bounded runs', () => {
    // shorter than a request's own two round trips would let the sweep race every payment
    expect(SELLER_ORDERS.settleAfterMs).toBeGreaterThanOrEqual(10_000);
    expect(SELLER_ORDERS.settlePerRun).toBeGreaterThan(0);
    expect(SELLER_ORDERS.ordersPerRun).toBeGreaterThan(0);
    expect(SELLER_ORDERS.ordersPerRun).toBeLessThanOrEqual(1_000);
    // all of a seller's rows move in one run: a bounded number of sellers keeps the run's JSON small
    expect(SELLER_ORDERS.creditSellersPerRun).toBeGreaterThan(0);
    expect(SELLER_ORDERS.creditSellersPerRun).toBeLessThanOrEqual(200);
  });
});
