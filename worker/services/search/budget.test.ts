import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AROUND_BAND, MULTIPLIERS, OPERATORS_AFTER, OPERATORS_BEFORE } from '../../schemas/price-words-data';
import { readBudget, unfinishedBudgetStart } from './budget';
import { normaliseQuery } from './text';

const read = (q: string) => readBudget(normaliseQuery(q));
const bounds = (q: string) => {
  const b = read(q);
  return b ? { min: b.minPrice, max: b.maxPrice, rest: b.rest } : undefined;
};

describe('budget words: operators and amounts', () => {
  const cases: [string, number | undefined, number | undefined, string][] = [
    // English operators
    ['sofa under 10k', undefined, 10_000, 'sofa'],
    ['iphone below 30000', undefined, 30_000, 'iphone'],
    ['laptop less than 20,000', undefined, 20_000, 'laptop'],
    ['cycle within 5000', undefined, 5_000, 'cycle'],
    ['headphones up to 2000', undefined, 2_000, 'headphones'],
    ['headphones upto 2k', undefined, 2_000, 'headphones'],
    ['camera max 25k', undefined, 25_000, 'camera'],
    ['fridge budget 10000', undefined, 10_000, 'fridge'],
    ['car above 10 lakh', 10_00_000, undefined, 'car'],
    ['laptop over 50000', 50_000, undefined, 'laptop'],
    ['iphone more than 40k', 40_000, undefined, 'iphone'],
    ['bike min 1 lakh', 1_00_000, undefined, 'bike'],
    ['phone 10k+', 10_000, undefined, 'phone'],
    ['villa 2 crore and above', 2_00_00_000, undefined, 'villa'],
    // Hinglish operators after the amount
    ['car 2 lakh tak', undefined, 2_00_000, 'car'],
    ['bike 30 hazar tak', undefined, 30_000, 'bike'],
    ['mobile 10 hazaar ke andar', undefined, 10_000, 'mobile'],
    ['laptop 25000 se kam', undefined, 25_000, 'laptop'],
    ['mobile 20 hazar se zyada', 20_000, undefined, 'mobile'],
    ['mobile 20 hajar se jyada', 20_000, undefined, 'mobile'],
    ['bike 50k ke andar delhi', undefined, 50_000, 'bike delhi'],
    // Hindi
    ['मोबाइल 10 हज़ार तक', undefined, 10_000, 'मोबाइल'],
    ['मोबाइल 10 हजार तक', undefined, 10_000, 'मोबाइल'],
    ['कार 3 लाख तक', undefined, 3_00_000, 'कार'],
    ['बाइक 50000 से कम', undefined, 50_000, 'बाइक'],
    ['सोफा 15 हजार के अंदर', undefined, 15_000, 'सोफा'],
    ['फ्लैट 1 करोड़ से ज्यादा', 1_00_00_000, undefined, 'फ्लैट'],
    ['बाइक ५० हजार तक', undefined, 50_000, 'बाइक'],
    // amounts written every way
    ['sofa under ₹8000', undefined, 8_000, 'sofa'],
    ['sofa under ₹ 8,000', undefined, 8_000, 'sofa'],
    ['sofa rs 5000 se kam', undefined, 5_000, 'sofa'],
    ['phone below rs. 15,000', undefined, 15_000, 'phone'],
    ['phone under rs15000', undefined, 15_000, 'phone'],
    ['phone under 15000rs', undefined, 15_000, 'phone'],
    ['bike 80000 rs', undefined, 80_000, 'bike'],
    ['bike 45000/-', undefined, 45_000, 'bike'],
    ['tv under 20000 rupees', undefined, 20_000, 'tv'],
    ['iphone 1,00,000 tak', undefined, 1_00_000, 'iphone'],
    ['car under 1,50,000', undefined, 1_50_000, 'car'],
    ['mobile under 10 k', undefined, 10_000, 'mobile'],
    ['ac under 20 thousand', undefined, 20_000, 'ac'],
    ['royal enfield under 1.5 lakh', undefined, 1_50_000, 'royal enfield'],
    ['car under 3 lac', undefined, 3_00_000, 'car'],
    ['car under 3 lacs', undefined, 3_00_000, 'car'],
    ['car under 3l', undefined, 3_00_000, 'car'],
    ['car under 3 L', undefined, 3_00_000, 'car'],
    ['flat under 1.5 cr', undefined, 1_50_00_000, 'flat'],
    ['house under 2 crore', undefined, 2_00_00_000, 'house'],
    // a bare amount beside a thing: the budget's ceiling
    ['iphone 20000', undefined, 20_000, 'iphone'],
    ['bike 40k', undefined, 40_000, 'bike'],
    ['car 3 lakh', undefined, 3_00_000, 'car'],
    ['flat 1.5 cr', undefined, 1_50_00_000, 'flat'],
    ['scooty 25 hazar', undefined, 25_000, 'scooty'],
    ['sofa 5,000', undefined, 5_000, 'sofa'],
    ['10 hazar ka phone', undefined, 10_000, 'phone'],
    ['50k wala laptop', undefined, 50_000, 'laptop'],
    ['sofa rs 5000', undefined, 5_000, 'sofa'],
  ];
  for (const [q, min, max, rest] of cases) {
    it(`reads "${q}"`, () => expect(bounds(q)).toEqual({ min, max, rest }));
  }
});

describe('budget words: ranges and bands', () => {
  const cases: [string, number, number, string][] = [
    ['2-3 lakh car', 2_00_000, 3_00_000, 'car'],
    ['car 2 se 3 lakh', 2_00_000, 3_00_000, 'car'],
    ['bike 15-20k', 15_000, 20_000, 'bike'],
    ['laptop 10 to 15 thousand', 10_000, 15_000, 'laptop'],
    ['mobile 5000-10000', 5_000, 10_000, 'mobile'],
    ['mobile 5000 – 10000', 5_000, 10_000, 'mobile'],
    ['car 1-2 lac', 1_00_000, 2_00_000, 'car'],
    ['laptop between 30k and 40k', 30_000, 40_000, 'laptop'],
    ['laptop 30k se 40k ke beech', 30_000, 40_000, 'laptop'],
    ['bike 50000 - 1 lakh', 50_000, 1_00_000, 'bike'],
    ['car 2 se 3 lakh tak', 2_00_000, 3_00_000, 'car'],
    ['फ्लैट 40 से 50 लाख', 40_00_000, 50_00_000, 'फ्लैट'],
    ['laptop above 20k under 40k', 20_000, 40_000, 'laptop'],
    ['tv around 15000', Math.round(15_000 * (1 - AROUND_BAND)), Math.round(15_000 * (1 + AROUND_BAND)), 'tv'],
    ['laptop approx 30k', Math.round(30_000 * (1 - AROUND_BAND)), Math.round(30_000 * (1 + AROUND_BAND)), 'laptop'],
    ['car 4 lakh ke aas paas', 3_40_000, 4_60_000, 'car'],
  ];
  for (const [q, min, max, rest] of cases) {
    it(`reads "${q}"`, () => expect(bounds(q)).toEqual({ min, max, rest }));
  }
});

describe('numbers that are never a price', () => {
  const never = [
    'redmi 9',
    'redmi note 10 pro max',
    'iphone 13',
    'iphone 13 pro max 256 gb',
    'iphone 13 128 gb',
    'samsung galaxy s23 256gb',
    '128 gb',
    '2019 swift',
    'swift 2019',
    'honda city 2015 model',
    'i20',
    'hyundai i20 asta',
    '1.5 ton ac',
    '2 bhk',
    '2bhk flat',
    '3 bhk flat for rent',
    '32 inch tv',
    '55 inch 4k tv',
    'samsung 4k',
    '5g phone',
    'activa 5g',
    'class 10 books',
    'ncert books class 12',
    'sector 62 noida',
    'nokia 1100',
    'canon 1500d',
    '5000 mah battery phone',
    'swift 50000 km driven',
    '1 lakh km',
    '3 seater sofa',
    '5 kg washing machine',
    '500 gb hard disk',
    'royal enfield classic 350',
    'pulsar 220',
    'ps5',
    'wooden dining table 6 seater',
    '20000',
    '1,50,000',
    'under 5',
    'tv under 32',
    '5l cooker',
    'flat 110',
    'iphone 12 or 13',
    '2019-2020 model creta',
  ];
  for (const q of never) {
    it(`leaves "${q}" as words`, () => expect(read(q)).toBeUndefined());
  }

  it('keeps a model number beside a budget', () => {
    expect(bounds('iphone 13 under 40k')).toEqual({ min: undefined, max: 40_000, rest: 'iphone 13' });
    expect(bounds('redmi 9 10 hazar tak')).toEqual({ min: undefined, max: 10_000, rest: 'redmi 9' });
    expect(bounds('2019 swift under 5 lakh')).toEqual({ min: undefined, max: 5_00_000, rest: '2019 swift' });
    expect(bounds('2 bhk flat under 50 lakh')).toEqual({ min: undefined, max: 50_00_000, rest: '2 bhk flat' });
    expect(bounds('samsung galaxy s23 256gb under 50k')).toEqual({ min: undefined, max: 50_000, rest: 'samsung galaxy s23 256gb' });
  });

  it('says which words were the budget', () => {
    expect(read('Sofa UNDER 10K in Pune')?.text).toBe('under 10k');
    expect(read('car 2 se 3 lakh')?.text).toBe('2 se 3 lakh');
    expect(read('bike ₹50,000 tak')?.text).toBe('₹50,000 tak');
  });
});

describe('unfinished budgets (suggestions as you type)', () => {
  const start = (q: string) => {
    const i = unfinishedBudgetStart(q);
    return i < 0 ? undefined : q.slice(0, i).trim();
  };
  it('finds an operator waiting for its amount', () => {
    expect(start('sofa under')).toBe('sofa');
    expect(start('sofa under 1')).toBe('sofa');
    expect(start('mobile less than')).toBe('mobile');
    expect(start('car 2 se')).toBe('car');
    expect(start('car between 2')).toBe('car');
  });
  it('leaves names alone', () => {
    expect(start('iphone 13 pro max')).toBeUndefined();
    expect(start('iphone 13')).toBeUndefined();
    expect(start('budget')).toBeUndefined();
    expect(start('sofa')).toBeUndefined();
  });
});

describe('budget words: properties', () => {
  const amount = fc.integer({ min: 1, max: 999 });
  const unit = fc.constantFrom(...Object.keys(MULTIPLIERS).filter((u) => u !== 'l'));
  const thing = fc.constantFrom('sofa', 'bike', 'iphone', 'car', 'laptop', 'फ्रिज', 'scooty');

  it('reads "<thing> under <n> <unit>" as at most n × unit, with the thing left', () => {
    fc.assert(
      fc.property(thing, amount, unit, (t, n, u) => {
        const b = read(`${t} under ${n} ${u}`);
        expect(b).toEqual({ maxPrice: n * MULTIPLIERS[u]!, text: `under ${n} ${u}`.normalize('NFC').toLowerCase(), rest: t });
      }),
    );
  });

  it('reads every operator with every unit as the kind the lexicon gives it', () => {
    const before = fc.constantFrom(...Object.entries(OPERATORS_BEFORE));
    const after = fc.constantFrom(...Object.entries(OPERATORS_AFTER));
    fc.assert(
      fc.property(thing, amount, unit, fc.oneof(before.map((e) => ['before', ...e] as const), after.map((e) => ['after', ...e] as const)), (t, n, u, [where, op, kind]) => {
        const q = where === 'before' ? `${t} ${op} ${n} ${u}` : `${t} ${n} ${u} ${op}`;
        const b = read(q)!;
        const v = n * MULTIPLIERS[u]!;
        expect(b.rest, q).toBe(t);
        if (kind === 'max') expect([b.minPrice, b.maxPrice], q).toEqual([undefined, v]);
        if (kind === 'min') expect([b.minPrice, b.maxPrice], q).toEqual([v, undefined]);
        if (kind === 'around') expect([b.minPrice, b.maxPrice], q).toEqual([Math.round(v * (1 - AROUND_BAND)), Math.round(v * (1 + AROUND_BAND))]);
      }),
    );
  });

  it('reads a range "<a>-<b> <unit>" as a to b in that unit', () => {
    fc.assert(
      fc.property(thing, amount, amount, unit, fc.constantFrom('-', ' to ', ' se '), (t, x, y, u, join) => {
        fc.pre(x < y);
        const b = read(`${t} ${x}${join}${y} ${u}`);
        expect(b).toMatchObject({ minPrice: x * MULTIPLIERS[u]!, maxPrice: y * MULTIPLIERS[u]!, rest: t });
      }),
    );
  });

  it('never reads a small number without a unit, operator or currency, nor a number glued to letters', () => {
    fc.assert(
      fc.property(thing, fc.integer({ min: 0, max: 9_999 }), fc.stringMatching(/^[a-z]{1,3}$/).filter((l) => !['rs', 'inr'].includes(l)), (t, n, letters) => {
        expect(read(`${t} ${n}`)).toBeUndefined();
        expect(read(`${t} ${letters}${n * 10}`)).toBeUndefined();
      }),
    );
  });

  it('never reads a number followed by a measure', () => {
    fc.assert(
      fc.property(thing, fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom('gb', 'inch', 'ton', 'km', 'bhk', 'seater', 'kg', 'mah', 'cc', 'year'), (t, n, m) => {
        expect(read(`${t} ${n} ${m}`)).toBeUndefined();
        expect(read(`${t} under ${n} ${m}`)).toBeUndefined();
      }),
    );
  });

  it('keeps every bound within the stated amounts and min ≤ max', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('sofa', 'under', 'above', 'tak', '10k', '2', 'lakh', '-', '5000', 'se', 'kam', 'around', '₹', '20,000', '128', 'gb', 'rs'), { maxLength: 8 }), (words) => {
        const b = read(words.join(' '));
        if (!b) return;
        if (b.minPrice !== undefined && b.maxPrice !== undefined) expect(b.minPrice).toBeLessThanOrEqual(b.maxPrice);
        for (const v of [b.minPrice, b.maxPrice]) if (v !== undefined) expect(v).toBeGreaterThan(0);
        expect(b.rest.length).toBeLessThan(words.join(' ').length);
      }),
    );
  });
});

describe('budget words: everyday shorthand', () => {
  it('reads "5k" as money beside a thing, but "4k"/"8k" stay screen resolutions', () => {
    expect(bounds('sofa 5k')).toEqual({ min: undefined, max: 5_000, rest: 'sofa' });
    expect(read('samsung 8k tv')).toBeUndefined();
    expect(bounds('4k tv under 30k')).toEqual({ min: undefined, max: 30_000, rest: '4k tv' });
  });
});
