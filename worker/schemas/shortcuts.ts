import { z } from 'zod';
import { queryText } from './common';

/**
 * GET /api/listings/shortcuts: which of the home page's category-sheet shortcuts (budgets, brands,
 * extra filters, "View All"; the data is worker/schemas/category-guides.ts) lead to ads in a place,
 * so the sheets offer only those and the app asks once instead of once per shortcut.
 */
export const homeShortcutsQuery = z.object({
  /** a state, city or area name as GET /listings takes it; none or "India" means everywhere */
  location: queryText('location', 150),
});

export const shortcutSchema = z.object({
  kind: z.enum(['all', 'budget', 'brand', 'extra']),
  /** unique within its guide ("Under ₹3 Lakh", "Honda", "CNG"); "View All" for the category alone */
  label: z.string(),
  /** the GET /listings parameters the shortcut adds to its guide's category and the place */
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const homeShortcutsSchema = z.object({
  guides: z.array(
    z.object({
      /** the sheet's name, as on its home tile ("Cars", "Properties") */
      name: z.string(),
      category: z.string(),
      subcategory: z.string().nullable(),
      /** only the shortcuts with at least one live ad, in sheet order */
      shortcuts: z.array(shortcutSchema),
    }),
  ),
});
export type HomeShortcuts = z.infer<typeof homeShortcutsSchema>;
