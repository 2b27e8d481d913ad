import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { getDb } from '../../db/client';
import { loadLocations, normaliseName } from '../listings/locations';
import { SpellingDictionary } from './corrector';
import type { SearchDictionary } from './dictionary';
import { lexicon } from './lexicon';
import { placeData } from './places';
import { understand } from './understand';

const db = () => getDb(env.DB);
const dictionary = (list: Record<string, number>): SearchDictionary => ({
  spelling: new SpellingDictionary(Object.entries(list).map(([word, weight]) => ({ word, weight }))),
  phrases: [],
  builtAt: Date.now(),
  version: 'test',
});
// words ads use that a place name is a letter or a sound away from
const vocabulary = dictionary({ sofa: 20, flat: 30, bike: 25, banner: 60, गोपाल: 40, स्कूटी: 5, बाइक: 9, car: 30, fort: 12 });
const plan = (q: string) => understand(db(), vocabulary, q, { placePicked: false });

describe('places data (data/places.json)', () => {
  it('names only cities of the locations table in regions, each form once and never an item word', async () => {
    const index = await loadLocations(db());
    const lex = lexicon();
    const seen = new Set<string>();
    for (const region of placeData.regions) {
      for (const city of region.cities) expect(index.byName.get(normaliseName(city))?.some((p) => p.kind === 'city'), `${region.name}: ${city}`).toBe(true);
      for (const form of region.forms) {
        expect(seen.has(form), `${form} in two regions`).toBe(false);
        seen.add(form);
        expect(lex.byForm.has(form), `${form} is an item word`).toBe(false);
      }
    }
  });

  it('gives every Devanagari name a city or state of the table, and every not-alone word is a locality', async () => {
    const index = await loadLocations(db());
    for (const [hindi, name] of Object.entries(placeData.devanagari)) {
      expect(index.byName.get(normaliseName(name))?.some((p) => p.kind !== 'area'), `${hindi} → ${name}`).toBe(true);
    }
    for (const word of placeData.notAlone) expect(index.byName.get(normaliseName(word))?.some((p) => p.kind === 'area'), word).toBe(true);
  });
});

describe('places inside the words, before spelling correction', () => {
  it('reads a Devanagari place and never corrects it into a common word ("भोपाल" is Bhopal, not गोपाल)', async () => {
    const bhopal = await plan('भोपाल स्कूटी');
    expect(bhopal.place?.name).toBe('Bhopal');
    expect(bhopal.groups.map((g) => g.source)).not.toContain('भोपाल');
    expect(bhopal.groups.some((g) => g.correction?.word === 'गोपाल')).toBe(false);
    for (const [q, city] of [
      ['दिल्ली में बाइक', 'Delhi'],
      ['लखनऊ मोबाइल', 'Lucknow'],
      ['हैदराबाद लैपटॉप', 'Hyderabad'],
      ['गुड़गांव कार', 'Gurugram'],
      ['जयपुर कार', 'Jaipur'],
      ['नागपुर सोफा', 'Nagpur'],
    ] as const) {
      const p = await plan(q);
      expect(p.place?.name, q).toBe(city);
      // the place and its "में" are out of the words: only the thing is searched
      expect(p.groups.map((g) => g.source).filter((w) => w === q.split(' ')[0] || w === 'में'), q).toEqual([]);
    }
  });

  it('takes a locality alone as a place, and a locality with its city as the locality', async () => {
    const koramangala = await plan('2bhk flat koramangala');
    expect(koramangala.place).toMatchObject({ name: 'Koramangala', kind: 'area' });
    expect(koramangala.groups.map((g) => g.source)).toContain('flat');
    expect(koramangala.groups.map((g) => g.source)).not.toContain('koramangala');
    const baner = await plan('baner pune sofa');
    expect(baner.place).toMatchObject({ name: 'Baner', kind: 'area', city: 'Pune' });
    expect(baner.groups.map((g) => g.source)).toEqual(['sofa']);
    // a locality is never corrected into the word it is a letter from
    const alone = await plan('sofa baner');
    expect(alone.place?.name).toBe('Baner');
    expect(alone.groups.some((g) => g.correction)).toBe(false);
  });

  it('keeps an everyday word that is also a locality a word, unless its city is named', async () => {
    const fort = await plan('fort');
    expect(fort.place).toBeUndefined();
    const inMumbai = await plan('flat fort mumbai');
    expect(inMumbai.place).toMatchObject({ name: 'Fort', kind: 'area', city: 'Mumbai' });
    expect(inMumbai.groups.map((g) => g.source)).toEqual(['flat']);
    expect((await plan('honda city')).place).toBeUndefined();
  });

  it('reads a region as its cities (NCR, MMR, Tricity, the twin cities), in Latin letters and Devanagari', async () => {
    for (const q of ['car in ncr', 'delhi ncr car', 'car dilli ncr', 'एनसीआर car']) {
      const p = await plan(q);
      expect(p.region?.name, q).toBe('Delhi NCR');
      expect(p.region?.cities.map((c) => c.name), q).toEqual(expect.arrayContaining(['Delhi', 'Gurugram', 'Noida', 'Ghaziabad', 'Faridabad']));
      expect(p.place, q).toBeUndefined();
      // what is left is the car alone (a word that browses Cars, or a word)
      expect(p.browse ?? p.groups.map((g) => g.source), q).toEqual(p.browse ? { subcategory: 'Cars' } : ['car']);
    }
    expect((await plan('tricity bike')).region?.cities.map((c) => c.name).sort()).toEqual(['Chandigarh', 'Mohali', 'Panchkula']);
    expect((await plan('mmr flat')).region?.cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Mumbai', 'Thane', 'Navi Mumbai']));
    expect((await plan('twin cities laptop')).region?.cities.map((c) => c.name)).toEqual(['Hyderabad']);
  });

  it('reads several cities in the words as all of them', async () => {
    const p = await plan('flat mumbai thane');
    expect(p.region).toMatchObject({ name: 'Mumbai, Thane' });
    expect(p.region?.cities.map((c) => c.name)).toEqual(['Mumbai', 'Thane']);
    expect(p.groups.map((g) => g.source)).toEqual(['flat']);
  });
});

describe('a locality named without its side', () => {
  it('"bike andheri" is a bike in Mumbai, where Andheri East and Andheri West are', async () => {
    const p = await plan('bike andheri');
    expect(p.place?.name).toBe('Mumbai');
    expect(p.browse).toEqual({ subcategory: 'Motorcycles' }); // "andheri" left the words: "bike" alone browses bikes
    expect((await plan('flat in malad')).place?.name).toBe('Mumbai');
    // a side alone is no place, and a city's own name stays the city
    expect((await plan('sofa east')).place).toBeUndefined();
    expect((await plan('flat thane')).place?.name).toBe('Thane');
  });
});
