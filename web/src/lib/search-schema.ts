/**
 * A tiny validator for URL search state (`validateSearch`), in place of zod/mini: route options land
 * in the entry chunk, and zod's core cost the home page ~6 KB gzipped (decision 011, `npm run bench:bundle`).
 *
 * A schema is an object of fields; each field turns what the router parsed (TanStack Router
 * JSON-parses each value, so `?q=2024` arrives as the number 2024) into its value, or undefined for
 * missing or bad input, so a hand-edited URL never breaks a page. Unknown keys are dropped and
 * undefined values left out. `parse` is what the router (and the tests) call.
 */
export type SearchField<T> = (value: unknown) => T | undefined;

export type SearchShapeOutput<S> = { [K in keyof S]?: (S[K] extends SearchField<infer T> ? T : never) | undefined };

export interface SearchSchema<T> {
  parse: (input: unknown) => T;
}
export type SearchOutput<T> = T extends SearchSchema<infer O> ? O : never;

export function searchObject<S extends Record<string, SearchField<unknown>>>(shape: S): SearchSchema<SearchShapeOutput<S>>;
export function searchObject<S extends Record<string, SearchField<unknown>>, R>(shape: S, refine: (search: SearchShapeOutput<S>) => R): SearchSchema<R>;
export function searchObject<S extends Record<string, SearchField<unknown>>, R>(shape: S, refine?: (search: SearchShapeOutput<S>) => R) {
  return {
    parse: (input: unknown) => {
      const source = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(shape)) {
        const value = Object.hasOwn(source, key) ? shape[key]!(source[key]) : undefined;
        if (value !== undefined) out[key] = value;
      }
      return refine ? refine(out as SearchShapeOutput<S>) : out;
    },
  };
}

/** A string or a number (the router reads `?q=2024` as 2024), else undefined. */
export const textOrNumber = (value: unknown): string | number | undefined => (typeof value === 'string' || typeof value === 'number' ? value : undefined);

/** Trimmed text, at most `max` characters; empty is undefined. */
export const optionalText =
  (max = 200): SearchField<string> =>
  (value) => {
    const input = textOrNumber(value);
    const text = input === undefined ? '' : String(input).trim();
    return text ? text.slice(0, max) : undefined;
  };

/** A number within [min, max] (truncated when `integer`), else undefined. */
export const optionalNumber =
  ({ min, max, integer }: { min: number; max: number; integer?: boolean }): SearchField<number> =>
  (value) => {
    const input = textOrNumber(value);
    if (input === undefined || input === '') return undefined;
    const number = Number(input);
    if (!Number.isFinite(number) || number < min || number > max) return undefined;
    return integer ? Math.trunc(number) : number;
  };

/** One of `choices` (a string, after `normalise`), else undefined. */
export const optionalChoice =
  <const T extends readonly string[]>(choices: T, normalise: (value: string) => string = (v) => v): SearchField<T[number]> =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const normalised = normalise(value.trim());
    return (choices as readonly string[]).includes(normalised) ? (normalised as T[number]) : undefined;
  };

/** true / false, or the words "true" / "false"; anything else undefined. */
export const optionalBoolean: SearchField<boolean> = (value) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
