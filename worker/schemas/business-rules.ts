/**
 * Seller-package constants shared with the client. No zod here: the client imports this file, and
 * zod's runtime would otherwise land in the home page's vendor chunk.
 */
export const PACKAGE_TYPES = ['FEATURED', 'BOOST', 'AD_SLOTS'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** GST on our services (SAC 998365), in percent. */
export const GST_PERCENT = 18;
