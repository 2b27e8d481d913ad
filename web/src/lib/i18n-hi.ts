/// <reference types="vite/client" />
import { OPTIONS_HINDI } from '../../../worker/schemas/options-hi';
import { TAXONOMY_HINDI } from '../../../worker/schemas/taxonomy-hi';
import { BANNERS_HINDI, POPULAR_SEARCHES_HINDI } from '../../../worker/schemas/catalog-hi';
import { STATE_NAMES_HINDI } from '../../../worker/schemas/places-hi';

/**
 * The Hindi catalogue (decision 010): English text → Hindi, loaded only when someone picks हिन्दी
 * (web/src/lib/i18n.tsx imports this module lazily, so all of it is one chunk of its own).
 *
 * Where a string's Hindi lives — the place for a new one:
 * - a string one feature shows: `web/src/features/<feature>/hindi.ts`, beside its screens;
 * - a string of the app frame (header, menus, footer, dialogs): `web/src/components/hindi.ts`;
 * - a string several of those show, or one of lib/ and routes/: `web/src/lib/hindi/shared.ts`;
 * - names of stored things the worker shares (categories, form options, popular searches,
 *   banners): the reference data in `worker/schemas/*-hi.ts`.
 * Every such file exports `HINDI_TEXTS`; a new feature's file is picked up by the glob below.
 * i18n-hi.test.ts names the file a missing or misplaced key belongs in.
 */
export const HINDI_CATALOGUES = import.meta.glob<Record<string, string>>(['../features/*/hindi.ts', '../components/hindi.ts', './hindi/shared.ts'], {
  import: 'HINDI_TEXTS',
  eager: true,
});

/** The reference data shared with the worker; the interface catalogues above come after it. */
export const REFERENCE_HINDI: Record<string, string> = { ...POPULAR_SEARCHES_HINDI, ...BANNERS_HINDI, ...TAXONOMY_HINDI, ...OPTIONS_HINDI, ...STATE_NAMES_HINDI };

export const HINDI: Record<string, string> = Object.assign({}, REFERENCE_HINDI, ...Object.values(HINDI_CATALOGUES));
