/**
 * The sellers' package orders over several accounts databases (decision 034): how the every-minute
 * job settles invoice numbers whose order was not yet marked paid, and moves the orders written
 * while there was one accounts database. Reviewed data; the figures are about us.
 */
export const SELLER_ORDERS = {
  /**
   * How old a taken invoice number must be before the sweep finishes its order. Paying takes the
   * number in the core and marks the order paid in the seller's database in the very next round
   * trip (milliseconds); a minute leaves that step to the request that took the number, so the sweep
   * only meets orders whose request died in between (and finds the rest already paid).
   */
  settleAfterMs: 60_000,
  /**
   * Numbers looked at per run. Seller-package orders are a few thousand a day at the anchor volume
   * (an *estimate*), so a run meets a few at most; 200 keeps a backlog after an outage to minutes
   * while each run stays a handful of statements.
   */
  settlePerRun: 200,
  /**
   * Orders moved from the core per run (with their invoice-number rows). An order is one row of a
   * few hundred bytes, copied as JSON parameters, so 500 a run is a few statements, and the orders
   * of the years before the split (hundreds of thousands, an *estimate*) move within a day.
   */
  ordersPerRun: 500,
  /**
   * Sellers whose credits, posting records and promotions move from the core per run, all of a
   * seller's rows of the three at once (so a credit never meets half its uses). A seller has a few
   * to a few hundred rows (an *estimate*; a dealer posting daily for years a few thousand), so 50
   * sellers keep a run to a few statements of JSON, and the sellers of the years before the split
   * (millions, an *estimate*) move within weeks of runs; each run's reads shrink as they go.
   */
  creditSellersPerRun: 50,
} as const;
