/**
 * A budget inside the words: "sofa under 10k", "bike 30 hazar tak", "car 2 se 3 lakh", "iphone
 * 20000", "मोबाइल 10 हज़ार तक" → minPrice / maxPrice in rupees, and the words without it. Numbers
 * that name a model, a size, a count or a year ("redmi 9", "128 gb", "2019 swift", "1.5 ton ac",
 * "2 bhk") stay words. The vocabulary is reviewed data (worker/schemas/price-words-data.ts); the
 * rules are in docs/decisions/017-budgets-in-the-words.md. One pass over a handful of tokens, no
 * allocation beyond them: it runs on every search request and every keystroke's suggestions.
 */
import {
  AMOUNT_FILLERS,
  AROUND_BAND,
  BARE_AMOUNT_MIN,
  type BudgetKind,
  CURRENCY_WORDS,
  MAX_BUDGET_RUPEES,
  MEASURE_WORDS,
  MULTIPLIERS,
  NUMBER_NAMERS,
  OPERATOR_AMOUNT_MIN,
  OPERATORS_AFTER,
  OPERATORS_BEFORE,
  RANGE_CLOSERS,
  RANGE_JOINERS,
  RANGE_OPENERS,
  RESOLUTION_KS,
  WEAK_MULTIPLIERS,
  YEAR_RANGE,
} from '../../schemas/price-words-data';

export interface Budget {
  /** rupees */
  minPrice?: number;
  maxPrice?: number;
  /** the words read as the budget, as they stand in the query ("under 10k") */
  text: string;
  /** the query without them */
  rest: string;
}

interface Token {
  text: string;
  start: number;
  end: number;
  /** a number token: its digits (commas removed) and the letters glued after them ("10k" → 10, "k") */
  digits?: string;
  suffix?: string;
  comma?: boolean;
  /** the number follows letters without a space ("i20", "a52"): part of a name */
  glued?: boolean;
}

const nfc = (s: string) => s.normalize('NFC').toLowerCase();
type PhraseTable = Map<string, { words: string[]; kind: BudgetKind | true }[]>;
/** Phrases by their first word, longest first, so "se kam" wins over "se" and "ke andar" over nothing. */
const phraseTable = (entries: [string, BudgetKind | true][]): PhraseTable => {
  const table: PhraseTable = new Map();
  for (const [phrase, kind] of entries) {
    const words = nfc(phrase).split(' ');
    table.set(words[0]!, [...(table.get(words[0]!) ?? []), { words, kind }]);
  }
  for (const list of table.values()) list.sort((a, b) => b.words.length - a.words.length);
  return table;
};
const BEFORE = phraseTable(Object.entries(OPERATORS_BEFORE));
const AFTER = phraseTable(Object.entries(OPERATORS_AFTER));
const OPENERS = phraseTable(RANGE_OPENERS.map((w) => [w, true]));
const CLOSERS = phraseTable(RANGE_CLOSERS.map((w) => [w, true]));
const MULTIPLIER = new Map(Object.entries(MULTIPLIERS).map(([k, v]) => [nfc(k), v]));
const CURRENCY = new Set(CURRENCY_WORDS.map(nfc).map((w) => w.replace(/\.$/, '')));
const MEASURE = new Set(MEASURE_WORDS.map(nfc));
const NAMERS = new Set(NUMBER_NAMERS.map(nfc));
const JOINERS = new Set(RANGE_JOINERS.map(nfc));
const FILLERS = new Set(AMOUNT_FILLERS.map(nfc));

/** Numbers, words and the few symbols a budget is written with ("₹", "/-", "<", "~", "+", "-"). */
const TOKEN = /(\d+(?:,\d+)*(?:\.\d+)?)([\p{L}\p{M}]*)|[\p{L}\p{M}]+|₹|\/-|<=|>=|[<>~+\-–—/]/gu;
const DEVANAGARI_DIGITS = /[\u0966-\u096f]/g;

const lex = (text: string): Token[] => {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const token: Token = { text: m[0], start, end: start + m[0].length };
    if (m[1] !== undefined) {
      token.digits = m[1].replace(/,/g, '');
      token.suffix = m[2] ?? '';
      token.comma = m[1].includes(',');
      token.glued = start > 0 && /[\p{L}\p{M}]/u.test(text[start - 1]!);
    }
    out.push(token);
  }
  return out;
};

const matchPhrase = (tokens: Token[], at: number, table: PhraseTable) => {
  const first = tokens[at];
  if (!first) return undefined;
  for (const entry of table.get(first.text) ?? []) {
    if (at + entry.words.length > tokens.length) continue;
    if (entry.words.every((w, k) => tokens[at + k]!.text === w)) return { kind: entry.kind, end: at + entry.words.length };
  }
  return undefined;
};

interface Amount {
  value: number;
  /** the number as written, before a unit */
  number: number;
  start: number;
  end: number;
  multiplier?: number;
  weakUnit: boolean;
  /** "10k", "2k": the letter glued to the number */
  kSuffix: boolean;
  currency: boolean;
  comma: boolean;
  decimal: boolean;
}

const isYear = (a: Amount) => !a.multiplier && !a.comma && !a.decimal && a.value >= YEAR_RANGE[0] && a.value <= YEAR_RANGE[1];

/** An amount at token `i`: [currency] number [unit] [currency]; undefined when the number measures something else. */
const readAmount = (tokens: Token[], i: number): Amount | undefined => {
  let j = i;
  let currency = false;
  if (tokens[j] && CURRENCY.has(tokens[j]!.text)) {
    currency = true;
    j++;
  }
  const num = tokens[j];
  if (!num?.digits) return undefined;
  // glued to letters: a name ("i20", "a52"), unless the letters are a currency ("rs10000")
  if (num.glued && !(currency && j === i + 1)) return undefined;
  const number = Number(num.digits);
  if (!Number.isFinite(number)) return undefined;
  let multiplier: number | undefined;
  let weakUnit = false;
  let kSuffix = false;
  if (num.suffix) {
    const suffix = nfc(num.suffix);
    if (MULTIPLIER.has(suffix)) {
      multiplier = MULTIPLIER.get(suffix);
      weakUnit = WEAK_MULTIPLIERS.has(suffix);
      kSuffix = suffix === 'k';
    } else if (CURRENCY.has(suffix)) currency = true;
    // "128gb", "5g", "10th": a measure or a name
    else return undefined;
  }
  j++;
  if (!multiplier && tokens[j] && MULTIPLIER.has(tokens[j]!.text)) {
    multiplier = MULTIPLIER.get(tokens[j]!.text);
    weakUnit = WEAK_MULTIPLIERS.has(tokens[j]!.text);
    j++;
  }
  if (tokens[j] && CURRENCY.has(tokens[j]!.text)) {
    currency = true;
    j++;
  }
  // "128 gb", "1.5 ton", "50000 km", "2 bhk": the number measures something
  if (tokens[j] && MEASURE.has(tokens[j]!.text)) return undefined;
  // "class 10", "model 2019", "sector 62": the number is a name
  if (!currency && i > 0 && NAMERS.has(tokens[i - 1]!.text)) return undefined;
  const value = number * (multiplier ?? 1);
  if (value > MAX_BUDGET_RUPEES) return undefined;
  return { value, number, start: i, end: j, ...(multiplier ? { multiplier } : {}), weakUnit, kSuffix, currency, comma: Boolean(num.comma), decimal: num.digits.includes('.') };
};

interface Reading {
  start: number;
  end: number;
  low: Amount;
  high?: Amount;
}

/** An amount, or a range of two ("2-3 lakh": the unit of the second carries to the first). */
const readRange = (tokens: Token[], i: number): Reading | undefined => {
  const low = readAmount(tokens, i);
  if (!low) return undefined;
  const joiner = tokens[low.end];
  if (joiner && JOINERS.has(joiner.text) && !matchPhrase(tokens, low.end, AFTER)) {
    const high = readAmount(tokens, low.end + 1);
    if (high) {
      let from = low;
      if (!low.multiplier && high.multiplier && low.number < high.number) from = { ...low, value: low.number * high.multiplier, multiplier: high.multiplier, weakUnit: high.weakUnit };
      if (from.value < high.value) return { start: i, end: high.end, low: from, high };
    }
  }
  return { start: i, end: low.end, low };
};

/** Is what was read money? With an operator most numbers are; without one, only what cannot be a model or a year. */
const isMoney = (r: Reading, withOperator: boolean): boolean => {
  const amounts = r.high ? [r.low, r.high] : [r.low];
  const currency = amounts.some((a) => a.currency);
  const unit = amounts.some((a) => a.multiplier && !a.weakUnit);
  const weak = amounts.some((a) => a.weakUnit);
  if (amounts.some((a) => a.value <= 0)) return false;
  if (currency || withOperator) return unit || weak || currency || amounts.every((a) => a.value >= OPERATOR_AMOUNT_MIN);
  if (r.high) return unit || (amounts.every((a) => a.value >= 1_000) && !amounts.every(isYear));
  const a = r.low;
  if (a.multiplier) return !a.weakUnit && !(a.kSuffix && !a.decimal && RESOLUTION_KS.has(a.number));
  return (a.comma && a.value >= 1_000) || a.value >= BARE_AMOUNT_MIN;
};

interface Found {
  start: number;
  end: number;
  kind: BudgetKind | 'range';
  low: number;
  high?: number;
  bare: boolean;
}

const DEVANAGARI_ZERO = 0x0966;

/** The budget in a query (already lower-cased and NFC, see normaliseQuery), or undefined when it names none. */
export const readBudget = (query: string): Budget | undefined => {
  if (!/[\d\u0966-\u096f]/.test(query)) return undefined;
  // Devanagari digits are one character each, like ASCII ones: offsets stay valid
  const text = query.replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
  const tokens = lex(text);
  const found: Found[] = [];
  for (let i = 0; i < tokens.length; ) {
    const before = matchPhrase(tokens, i, BEFORE) ?? matchPhrase(tokens, i, OPENERS);
    const at = before ? before.end : i;
    const r = readRange(tokens, at);
    if (!r) {
      i++;
      continue;
    }
    let end = r.end;
    const after = matchPhrase(tokens, end, AFTER);
    const closer = r.high ? matchPhrase(tokens, end, CLOSERS) : undefined;
    const withOperator = Boolean(before || after);
    if (!isMoney(r, withOperator)) {
      i = before ? before.end : r.end;
      continue;
    }
    if (after) end = after.end;
    else if (closer) end = closer.end;
    // "10 hazar ka phone", "50k wala": "costing this much"
    if (!withOperator && tokens[end] && FILLERS.has(tokens[end]!.text)) end++;
    // a range is its own bounds whatever the operator says ("2-3 lakh tak"); "between" is no kind
    const kind: Found['kind'] = r.high ? 'range' : before && before.kind !== true ? before.kind : after && after.kind !== true ? after.kind : 'max';
    found.push({ start: before ? i : r.start, end, kind, low: r.low.value, ...(r.high ? { high: r.high.value } : {}), bare: !withOperator && !r.low.currency && !r.high?.currency });
    i = end;
  }
  if (!found.length) return undefined;
  const spans = found.map((f) => [tokens[f.start]!.start, tokens[f.end - 1]!.end] as const);
  let rest = '';
  let from = 0;
  for (const [s, e] of spans) {
    rest += `${text.slice(from, s)} `;
    from = e;
  }
  rest = (rest + text.slice(from)).replace(/\s+/g, ' ').trim();
  // a number alone is no budget: "20000" may be an ad's number or a pincode; "iphone 20000" is one
  if (found.every((f) => f.bare) && !/[\p{L}]/u.test(rest)) return undefined;

  let minPrice: number | undefined;
  let maxPrice: number | undefined;
  const atLeast = (v: number) => (minPrice = minPrice === undefined ? v : Math.max(minPrice, v));
  const atMost = (v: number) => (maxPrice = maxPrice === undefined ? v : Math.min(maxPrice, v));
  for (const f of found) {
    if (f.kind === 'range') {
      atLeast(f.low);
      atMost(f.high!);
    } else if (f.kind === 'min') atLeast(f.low);
    else if (f.kind === 'max') atMost(f.low);
    else {
      atLeast(Math.round(f.low * (1 - AROUND_BAND)));
      atMost(Math.round(f.low * (1 + AROUND_BAND)));
    }
  }
  // "above 50k under 20k": the buyer means between them
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    text: spans.map(([s, e]) => query.slice(s, e)).join(' '),
    rest,
  };
};

/** Operators that are also words of things' names ("iphone 13 pro max", "budget phone", "game over"). */
const NAME_WORDS = new Set(['max', 'maximum', 'min', 'minimum', 'over', 'about', 'budget', 'from', 'plus']);

/**
 * The bounds the words add to a request's own (decision 017): a bound the request names (the price
 * filter, a saved search's minPrice/maxPrice) wins over the words' bound of the same side; when the
 * two sides together would be an empty range, the request's filters alone apply.
 */
export const boundsFromWords = (explicit: { minPrice?: number; maxPrice?: number }, budget: Budget | undefined): { minPrice?: number; maxPrice?: number } => {
  if (!budget) return {};
  const out: { minPrice?: number; maxPrice?: number } = {};
  if (explicit.minPrice === undefined && budget.minPrice !== undefined) out.minPrice = budget.minPrice;
  if (explicit.maxPrice === undefined && budget.maxPrice !== undefined) out.maxPrice = budget.maxPrice;
  const min = explicit.minPrice ?? out.minPrice;
  const max = explicit.maxPrice ?? out.maxPrice;
  return min !== undefined && max !== undefined && min > max ? {} : out;
};

/**
 * Where a budget is still being typed at the end of the words ("sofa under", "bike 30 hazar",
 * "car 2 se"): the index it starts at, so suggestions look at the words before it. -1 when none.
 */
export const unfinishedBudgetStart = (query: string): number => {
  const tokens = lex(query);
  let j = tokens.length;
  // the amount so far: numbers, units, currency and range joiners at the end
  while (j > 0) {
    const t = tokens[j - 1]!;
    if (t.digits !== undefined || MULTIPLIER.has(t.text) || CURRENCY.has(t.text) || JOINERS.has(t.text)) j--;
    else break;
  }
  for (let start = Math.max(0, j - 3); start < j; start++) {
    const op = matchPhrase(tokens, start, BEFORE) ?? matchPhrase(tokens, start, OPENERS);
    // "pro max", "budget phone": a word of a name until an amount follows it
    if (op && op.end === j && (j < tokens.length || !NAME_WORDS.has(tokens.slice(start, j).map((t) => t.text).join(' ')))) return tokens[start]!.start;
  }
  // an amount with no operator yet ("bike 30 hazar", "car 2 se"): only once it has a unit, a currency or a joiner
  if (j < tokens.length && tokens.slice(j).some((t) => t.digits === undefined) && j > 0) return tokens[j]!.start;
  return -1;
};
