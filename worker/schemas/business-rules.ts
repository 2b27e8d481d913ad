/**
 * Seller-package constants shared with the client. No zod here: the client imports this file, and
 * zod's runtime would otherwise land in the home page's vendor chunk.
 */
export const PACKAGE_TYPES = ['FEATURED', 'BOOST', 'AD_SLOTS'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** GST on our services (SAC 998365), in percent. */
export const GST_PERCENT = 18;

/**
 * The most of one package in one order, quote or cart line, and the most different packages in
 * one cart or order. Our own limits (decision 014): far above what a seller buys at once (the
 * largest slot pack is 10 ads), low enough that a slip of the finger (200) is caught, not charged.
 */
export const MAX_PACKAGE_QUANTITY = 20;
export const MAX_CART_LINES = 20;
