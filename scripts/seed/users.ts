/**
 * Demo sellers: individuals and a few dealers (who post many ads in their speciality). Ids are
 * `usr_demo_01_0`, `usr_demo_02_d`…: a number, then the account's group (decision 034), which says
 * which accounts database holds the account's own rows when there are several; the first 25 are
 * always the same people whatever the listing count.
 */
import { ACCOUNT_GROUPS } from '../../worker/schemas/accounts-shards-data';
import type { Random } from './random';

/**
 * The demo account number i's group: a stride of 13 through the 36 groups (13 and 36 share no
 * factor, so every group is used once per 36 accounts), which spreads the 25 default accounts over
 * four databases 6–7 each and over fifteen 1–2 each. Fixed, not drawn, so the demo's other values
 * stay as they were.
 */
export const demoGroup = (i: number) => ACCOUNT_GROUPS[(i * 13) % ACCOUNT_GROUPS.length]!;

export interface DemoUser {
  id: string;
  /** the id without its group (`usr_demo_07`): what the seed's random streams are keyed by, so adding the group changed no other value */
  key: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  businessName: string | null;
  phone: string;
  isVerified: boolean;
  emailVerified: boolean;
  /** top-level category ids a dealer posts in (empty for individuals) */
  specialities: string[];
  /** city names the dealer works from, tried in order against the locations table */
  homeCities: string[];
  /** a dealer's shop neighbourhood, matched against area names */
  homeArea: RegExp | null;
  /** how many ads this user posts relative to others */
  activity: number;
  createdAt: number;
}

const FIRST = [
  'Rahul', 'Priya', 'Amit', 'Sneha', 'Vikram', 'Anjali', 'Suresh', 'Kavya', 'Arjun', 'Neha', 'Rohan', 'Pooja', 'Karthik', 'Divya',
  'Sanjay', 'Meera', 'Aditya', 'Lakshmi', 'Imran', 'Fatima', 'Gurpreet', 'Harpreet', 'Rajesh', 'Sunita', 'Venkatesh', 'Deepika',
  'Manoj', 'Ritu', 'Abhishek', 'Swati', 'Naveen', 'Shalini', 'Farhan', 'Ayesha', 'Joseph', 'Mary', 'Anand', 'Bhavna', 'Siddharth',
  'Nisha', 'Prakash', 'Asha', 'Vivek', 'Tanvi', 'Ravi', 'Geeta', 'Sandeep', 'Ishita', 'Mohan', 'Zoya',
];
const LAST = [
  'Sharma', 'Verma', 'Gupta', 'Patel', 'Reddy', 'Nair', 'Iyer', 'Singh', 'Kumar', 'Das', 'Banerjee', 'Chatterjee', 'Joshi', 'Kulkarni',
  'Deshmukh', 'Pillai', 'Menon', 'Rao', 'Naidu', 'Khan', 'Shaikh', 'Ansari', 'Fernandes', 'Thomas', 'Mehta', 'Shah', 'Agarwal',
  'Bansal', 'Malhotra', 'Kapoor', 'Saxena', 'Mishra', 'Tiwari', 'Pandey', 'Yadav', 'Chauhan', 'Bhat', 'Hegde', 'Gowda', 'Sinha',
];

interface Preset {
  first: string;
  last: string;
  business?: string;
  specialities?: string[];
  cities?: string[];
  area?: RegExp;
  activity?: number;
}

// The default cast: 8 dealers and 17 individuals spread over the big cities.
const PRESETS: Preset[] = [
  { first: 'Rakesh', last: 'Sharma', business: 'Sharma Motors', specialities: ['vehicles'], cities: ['Delhi', 'New Delhi'], area: /karol bagh|rajouri/i, activity: 8 },
  { first: 'Venkatesh', last: 'Rao', business: 'Krishna Realty', specialities: ['properties'], cities: ['Hyderabad'], area: /gachibowli|madhapur|kondapur/i, activity: 6 },
  { first: 'Imran', last: 'Shaikh', business: 'Mobile Hub Andheri', specialities: ['electronics'], cities: ['Mumbai'], area: /andheri/i, activity: 8 },
  { first: 'Karthik', last: 'Iyer', business: 'Balaji Car Bazaar', specialities: ['vehicles'], cities: ['Chennai'], area: /velachery|t\.? ?nagar|anna nagar/i, activity: 6 },
  { first: 'Sanjay', last: 'Kulkarni', business: 'Sai Properties', specialities: ['properties'], cities: ['Pune'], area: /kothrud|baner|wakad/i, activity: 6 },
  { first: 'Farhan', last: 'Khan', business: 'Royal Furniture House', specialities: ['home-and-garden'], cities: ['Bengaluru', 'Bangalore'], area: /jayanagar|indira ?nagar|hsr/i, activity: 4 },
  { first: 'Manoj', last: 'Patel', business: 'Shree Om Placements', specialities: ['jobs'], cities: ['Ahmedabad'], area: /navrangpura|satellite|vastrapur/i, activity: 3 },
  { first: 'Naveen', last: 'Gowda', business: 'QuickFix Home Services', specialities: ['services'], cities: ['Bengaluru', 'Bangalore'], area: /koramangala|btm|whitefield/i, activity: 3 },
  { first: 'Priya', last: 'Menon' },
  { first: 'Rahul', last: 'Verma' },
  { first: 'Sneha', last: 'Kulkarni' },
  { first: 'Arjun', last: 'Reddy' },
  { first: 'Anjali', last: 'Gupta' },
  { first: 'Vikram', last: 'Singh' },
  { first: 'Kavya', last: 'Nair' },
  { first: 'Aditya', last: 'Joshi' },
  { first: 'Fatima', last: 'Ansari' },
  { first: 'Gurpreet', last: 'Kaur' },
  { first: 'Suresh', last: 'Naidu' },
  { first: 'Deepika', last: 'Chatterjee' },
  { first: 'Joseph', last: 'Fernandes' },
  { first: 'Ritu', last: 'Agarwal' },
  { first: 'Abhishek', last: 'Mishra' },
  { first: 'Lakshmi', last: 'Pillai' },
  { first: 'Rohan', last: 'Mehta' },
];

const SPECIALITY_SUFFIX: Record<string, string[]> = {
  vehicles: ['Motors', 'Auto Deals', 'Car World', 'Two Wheelers'],
  properties: ['Realty', 'Estates', 'Properties', 'Homes'],
  electronics: ['Mobile Point', 'Electronics', 'Mobile Gallery'],
  'home-and-garden': ['Furniture Mart', 'Home Appliances', 'Interiors'],
  jobs: ['Placements', 'Manpower Services'],
  services: ['Home Services', 'Repairs & Services'],
};

const DAY = 86_400_000;

/**
 * `count` users, deterministic for a seed. `taken` holds phones and e-mails already used by real
 * accounts, so demo rows never collide with the unique indexes.
 */
export const makeUsers = (rng: Random, count: number, anchor: number, taken: { phones: Set<string>; emails: Set<string> }): DemoUser[] => {
  const width = Math.max(2, String(count).length);
  const users: DemoUser[] = [];
  const phones = new Set(taken.phones);
  const emails = new Set(taken.emails);
  const usernames = new Set<string>();
  for (let i = 0; i < count; i++) {
    const r = rng.fork(`user:${i}`);
    const preset: Preset = PRESETS[i] ?? randomPreset(r);
    const base = `${preset.first}.${preset.last}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${base}@example.in`;
    for (let n = 2; emails.has(email); n++) email = `${base}${n}@example.in`;
    emails.add(email);
    let username = r.chance(0.5) ? base : `${base.replace('.', '_')}${r.int(10, 99)}`;
    for (let n = 2; usernames.has(username); n++) username = `${base}${n}`;
    usernames.add(username);
    let phone = '';
    do phone = `${r.int(6, 9)}${String(r.int(0, 999_999_999)).padStart(9, '0')}`;
    while (phones.has(phone));
    phones.add(phone);
    const dealer = Boolean(preset.business);
    const key = `usr_demo_${String(i + 1).padStart(width, '0')}`;
    users.push({
      id: `${key}_${demoGroup(i)}`,
      key,
      email,
      username,
      firstName: preset.first,
      lastName: preset.last,
      businessName: preset.business ?? null,
      phone,
      isVerified: dealer || r.chance(0.35),
      emailVerified: dealer || r.chance(0.6),
      specialities: preset.specialities ?? [],
      homeCities: preset.cities ?? [],
      homeArea: preset.area ?? null,
      activity: preset.activity ?? r.float(0.3, 1.2),
      // Joined between three years and three months ago, so every ad is newer than its seller.
      createdAt: anchor - Math.round(r.float(95, 3 * 365) * DAY),
    });
  }
  return users;
};

/** Beyond the 25 presets (large seeds): random names, about one in six a dealer. */
const randomPreset = (r: Random): Preset => {
  const first = r.pick(FIRST);
  const last = r.pick(LAST);
  if (!r.chance(0.16)) return { first, last };
  const speciality = r.pick(Object.keys(SPECIALITY_SUFFIX));
  return {
    first,
    last,
    business: `${r.chance(0.5) ? last : r.pick(['Shree', 'Sai', 'Balaji', 'New', 'Royal', 'City', 'Star'])} ${r.pick(SPECIALITY_SUFFIX[speciality] ?? ['Traders'])}`,
    specialities: [speciality],
    activity: r.float(3, 8),
  };
};
