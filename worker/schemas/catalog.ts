import { z } from 'zod';
import { queryInt, queryText } from './common';

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  count: z.number().int(),
  subcategories: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), count: z.number().int() })),
});
export type Category = z.infer<typeof categorySchema>;

export const popularSearchSchema = z.object({ id: z.string(), term: z.string() });
export type PopularSearch = z.infer<typeof popularSearchSchema>;

export const bannerAdSchema = z.object({
  id: z.string(),
  logo: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttonText: z.string(),
  link: z.string(),
});
export type BannerAd = z.infer<typeof bannerAdSchema>;

export const locationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['state', 'city', 'area']),
  name: z.string(),
  state: z.string(),
  city: z.string().nullable(),
  area: z.string().nullable(),
  country: z.literal('India'),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  count: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const popularSearchQuery = z.object({ category: queryText('category', 100) });
export const locationsQuery = z.object({ limit: queryInt('limit', { min: 1, max: 500, fallback: 50 }) });
export const locationSearchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(2, 'Type at least 2 characters to search locations')
    .max(100, 'q must be at most 100 characters'),
  limit: queryInt('limit', { min: 1, max: 50, fallback: 10 }),
});
export const areasQuery = z.object({
  city: z.string({ error: 'city is required' }).trim().min(1, 'city is required').max(100, 'city is too long'),
  state: queryText('state', 100),
});
