/**
 * The words a buyer uses to name a budget in a search ("sofa under 10k", "bike 30 hazar tak",
 * "car 2 se 3 lakh", "मोबाइल 10 हज़ार तक"): reviewed data for the parser in
 * worker/services/search/budget.ts (docs/decisions/017-budgets-in-the-words.md). Free of zod and
 * of worker imports. Every phrase is written lower-case; Devanagari is compared in NFC. Checked by
 * worker/services/search/budget.test.ts: change a list here and the test that names it.
 */

/** What an operator makes of the amount it belongs to. */
export type BudgetKind = 'max' | 'min' | 'around';

/** Operators written before the amount ("under 10k", "above 2 crore", "बजट 10000"). */
export const OPERATORS_BEFORE: Record<string, BudgetKind> = {
  under: 'max',
  below: 'max',
  'less than': 'max',
  'lesser than': 'max',
  'not more than': 'max',
  'no more than': 'max',
  within: 'max',
  'up to': 'max',
  upto: 'max',
  max: 'max',
  maximum: 'max',
  budget: 'max',
  'my budget': 'max',
  'budget is': 'max',
  till: 'max',
  '<': 'max',
  '<=': 'max',
  बजट: 'max',
  above: 'min',
  over: 'min',
  'more than': 'min',
  'greater than': 'min',
  min: 'min',
  minimum: 'min',
  'at least': 'min',
  atleast: 'min',
  'starting from': 'min',
  '>': 'min',
  '>=': 'min',
  around: 'around',
  approx: 'around',
  approximately: 'around',
  about: 'around',
  'close to': 'around',
  lagbhag: 'around',
  karib: 'around',
  kareeb: 'around',
  '~': 'around',
  लगभग: 'around',
  करीब: 'around',
  क़रीब: 'around',
};

/** Operators written after the amount, as Hindi and Hinglish put them ("10k tak", "50 hazar se kam"). */
export const OPERATORS_AFTER: Record<string, BudgetKind> = {
  tak: 'max',
  'tak ka': 'max',
  'tak ki': 'max',
  'tak ke': 'max',
  'ke andar': 'max',
  'ke andr': 'max',
  'ke under': 'max',
  'ke niche': 'max',
  'ke neeche': 'max',
  'ke bhitar': 'max',
  'se kam': 'max',
  'se niche': 'max',
  'se neeche': 'max',
  'or less': 'max',
  'and below': 'max',
  'and under': 'max',
  'or below': 'max',
  'max': 'max',
  'maximum': 'max',
  'budget': 'max',
  तक: 'max',
  'के अंदर': 'max',
  'के अन्दर': 'max',
  'के नीचे': 'max',
  'से कम': 'max',
  'se zyada': 'min',
  'se jyada': 'min',
  'se jada': 'min',
  'se zada': 'min',
  'se upar': 'min',
  'se uper': 'min',
  'se adhik': 'min',
  'or more': 'min',
  'and above': 'min',
  'or above': 'min',
  plus: 'min',
  '+': 'min',
  'से ज़्यादा': 'min',
  'से ज्यादा': 'min',
  'से ऊपर': 'min',
  'से अधिक': 'min',
  'ke aas paas': 'around',
  'ke aaspaas': 'around',
  'ke aas pass': 'around',
  'ke around': 'around',
  'ke kareeb': 'around',
  'ke karib': 'around',
  'ke lagbhag': 'around',
  'के आसपास': 'around',
  'के आस पास': 'around',
  'के करीब': 'around',
};

/** "around ₹20,000" searches this share either side: 17,000–23,000. */
export const AROUND_BAND = 0.15;

/** Between two amounts of a range ("2-3 lakh", "10 to 15 thousand", "2 se 3 lakh", "10 से 20 हज़ार"). */
export const RANGE_JOINERS = ['-', '–', '—', 'to', 'se', 'and', 'or', '/', 'से'];
/** Opens a range ("between 10k and 20k", "10k se 20k ke beech" closes with the words after). */
export const RANGE_OPENERS = ['between', 'from', 'बीच'];
export const RANGE_CLOSERS = ['ke beech', 'ke bich', 'ke bich me', 'ke beech mein', 'ke beech me', 'के बीच'];

/** Units that multiply the number before them ("10k", "1.5 lakh", "2 cr", "50 हज़ार"). */
export const MULTIPLIERS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  thousands: 1_000,
  hazar: 1_000,
  hazaar: 1_000,
  hajar: 1_000,
  hajaar: 1_000,
  hazzar: 1_000,
  hajjar: 1_000,
  हज़ार: 1_000,
  हजार: 1_000,
  lakh: 1_00_000,
  lakhs: 1_00_000,
  lac: 1_00_000,
  lacs: 1_00_000,
  lak: 1_00_000,
  lk: 1_00_000,
  l: 1_00_000,
  लाख: 1_00_000,
  crore: 1_00_00_000,
  crores: 1_00_00_000,
  cr: 1_00_00_000,
  crs: 1_00_00_000,
  करोड़: 1_00_00_000,
  करोड: 1_00_00_000,
};

/**
 * Units read as money only when an operator or a currency says the words are a price: "5l" is as
 * often a cooker's litres as five lakh.
 */
export const WEAK_MULTIPLIERS = new Set(['l']);

/** Currency words, before or after the amount ("₹10,000", "rs 5000", "10000 rupees", "5000/-"). */
export const CURRENCY_WORDS = ['₹', 'rs', 'rs.', 'inr', 'rupees', 'rupee', 'rupaye', 'rupay', 'rupaiye', 'rupya', 'रुपये', 'रुपए', 'रुपया', 'रु', '/-'];

/**
 * Words that say a number measures something else, never money: it is a size, a weight, a count,
 * a storage or a distance ("128 gb", "1.5 ton ac", "32 inch tv", "2 bhk", "50000 km", "3 seater").
 */
export const MEASURE_WORDS = [
  'gb', 'tb', 'mb', 'gig', 'ram', 'rom', 'mah', 'mp', 'megapixel', 'hz', 'ghz', 'mhz', 'w', 'watt', 'watts', 'kw', 'kva', 'volt', 'amp',
  'inch', 'inches', 'cm', 'mm', 'meter', 'metre', 'feet', 'ft', 'foot', 'sq', 'sqft', 'sqyd', 'gaj', 'gaz', 'acre', 'acres', 'bigha', 'marla', 'kanal', 'guntha', 'cent', 'cents', 'hectare',
  'ton', 'tons', 'tonne', 'kg', 'kgs', 'g', 'gm', 'gram', 'grams', 'litre', 'liter', 'litres', 'liters', 'ltr', 'ml',
  'cc', 'bhp', 'hp', 'km', 'kms', 'kmpl', 'kilometer', 'kilometers', 'driven', 'owner', 'owners', 'seater', 'seat', 'seats', 'door', 'doors', 'speed', 'gear', 'gears',
  'bhk', 'rk', 'room', 'rooms', 'bed', 'beds', 'bedroom', 'floor', 'storey', 'pcs', 'pieces', 'piece', 'pc', 'set', 'sets', 'pair', 'pairs', 'nos',
  'year', 'years', 'yr', 'yrs', 'saal', 'month', 'months', 'day', 'days', 'hour', 'hours', 'model', 'series', 'gen', 'generation', 'edition', 'th', 'st', 'nd', 'rd',
  'साल', 'इंच', 'किलो', 'टन', 'जीबी',
];

/** Words before a number that make it a name or a count, not money ("class 10", "model 2019", "pin 110001"). */
export const NUMBER_NAMERS = ['class', 'std', 'standard', 'model', 'no', 'number', 'pin', 'pincode', 'sector', 'phase', 'block', 'gen', 'series', 'version', 'mark', 'size', 'kaksha', 'कक्षा'];

/**
 * A bare number with no operator, unit or currency reads as a price only from this much: "iphone
 * 20000" is a budget, "nokia 1100", "redmi 9" and "2019 swift" are models and years.
 */
export const BARE_AMOUNT_MIN = 10_000;
/** With an operator, an amount smaller than this is no price either ("under 5", "tv under 32"). */
export const OPERATOR_AMOUNT_MIN = 100;
/** "4k tv", "8k": screen resolutions, never a bare price. */
export const RESOLUTION_KS = new Set([2, 4, 8]);
/** Four-digit numbers in this range are years when nothing says they are money. */
export const YEAR_RANGE = [1950, 2039] as const;
/** Words after a bare amount that only say "costing this much" ("10 hazar ka phone", "50k wala"). */
export const AMOUNT_FILLERS = ['ka', 'ki', 'wala', 'wali', 'waala', 'waali', 'vala', 'vali', 'वाला', 'वाली', 'का', 'की'];
/** The largest budget read from words (₹1,000 crore): above it the words are a number, not money. */
export const MAX_BUDGET_RUPEES = 10_000_000_000;
