/** Cars, two-wheelers and commercial vehicles as Indian sellers list them. */
import type { Random } from '../random';
import { goods, type GoodsItem } from './goods';
import { charmPrice, clampText, fill, futureMonth, inr, paragraph, placeName, roundPrice } from './text';
import { CONTENT_YEAR, type DraftContext, type Generator } from './types';

type Fuel = 'Petrol' | 'Diesel' | 'CNG & Hybrids' | 'Electric' | 'LPG';

interface Model {
  brand: string;
  model: string;
  /** typical new price today, rupees */
  base: number;
  years: [number, number];
  fuels: Fuel[];
  /** share sold with an automatic gearbox */
  auto: number;
  variants: string[];
  weight: number;
}

const L = 100_000;
const car = (brand: string, model: string, lakh: number, years: [number, number], fuels: Fuel[], auto: number, variants: string[], weight: number): Model => ({
  brand,
  model,
  base: lakh * L,
  years,
  fuels,
  auto,
  variants,
  weight,
});

const MARUTI = ['LXi', 'VXi', 'ZXi', 'ZXi Plus'];
const HYUNDAI = ['E', 'S', 'SX', 'SX (O)', 'Asta'];
const HONDA = ['S', 'V', 'VX', 'ZX'];
const TATA = ['XE', 'XM', 'XZ', 'XZ Plus'];
const MAHINDRA = ['S', 'S11', 'AX5', 'AX7'];
const TOYOTA = ['G', 'GX', 'VX', 'ZX'];
const KIA = ['HTE', 'HTK', 'HTK Plus', 'HTX', 'GTX Plus'];

const CARS: Model[] = [
  car('Maruti Suzuki', 'Swift', 6.5, [2008, 2025], ['Petrol', 'Petrol', 'Petrol', 'Diesel', 'CNG & Hybrids'], 0.15, MARUTI, 10),
  car('Maruti Suzuki', 'Baleno', 7.5, [2015, 2025], ['Petrol', 'Petrol', 'Diesel', 'CNG & Hybrids'], 0.2, ['Sigma', 'Delta', 'Zeta', 'Alpha'], 7),
  car('Maruti Suzuki', 'Dzire', 7, [2008, 2025], ['Petrol', 'Petrol', 'Diesel', 'CNG & Hybrids'], 0.15, MARUTI, 7),
  car('Maruti Suzuki', 'Wagon R', 5.5, [2008, 2025], ['Petrol', 'CNG & Hybrids'], 0.1, ['LXi', 'VXi', 'ZXi'], 7),
  car('Maruti Suzuki', 'Alto 800', 3.8, [2008, 2023], ['Petrol', 'Petrol', 'CNG & Hybrids', 'LPG'], 0, ['Std', 'LXi', 'VXi'], 5),
  car('Maruti Suzuki', 'Ertiga', 10, [2012, 2025], ['Petrol', 'Diesel', 'CNG & Hybrids'], 0.15, MARUTI, 5),
  car('Maruti Suzuki', 'Vitara Brezza', 9.5, [2016, 2025], ['Petrol', 'Diesel'], 0.2, MARUTI, 5),
  car('Maruti Suzuki', 'Celerio', 5.5, [2014, 2025], ['Petrol', 'CNG & Hybrids'], 0.2, ['LXi', 'VXi', 'ZXi'], 3),
  car('Maruti Suzuki', 'Ciaz', 10, [2014, 2024], ['Petrol', 'Diesel'], 0.2, ['Delta', 'Zeta', 'Alpha'], 2),
  car('Hyundai', 'Creta', 13.5, [2015, 2025], ['Petrol', 'Diesel'], 0.3, HYUNDAI, 7),
  car('Hyundai', 'i20', 8, [2008, 2025], ['Petrol', 'Diesel'], 0.15, HYUNDAI, 6),
  car('Hyundai', 'Grand i10', 6.2, [2013, 2025], ['Petrol', 'Petrol', 'CNG & Hybrids'], 0.1, ['Era', 'Magna', 'Sportz', 'Asta'], 5),
  car('Hyundai', 'Venue', 9.5, [2019, 2025], ['Petrol', 'Diesel'], 0.25, HYUNDAI, 4),
  car('Hyundai', 'Verna', 11.5, [2008, 2025], ['Petrol', 'Diesel'], 0.3, HYUNDAI, 4),
  car('Hyundai', 'Santro', 4.8, [2008, 2022], ['Petrol', 'CNG & Hybrids'], 0.05, ['Era', 'Magna', 'Sportz'], 3),
  car('Honda', 'City', 12.5, [2008, 2025], ['Petrol', 'Petrol', 'Diesel'], 0.35, HONDA, 6),
  car('Honda', 'Amaze', 7.8, [2013, 2025], ['Petrol', 'Diesel'], 0.2, ['E', 'S', 'VX'], 4),
  car('Honda', 'Jazz', 7.5, [2009, 2023], ['Petrol'], 0.3, ['V', 'VX', 'ZX'], 2),
  car('Tata', 'Nexon', 9.5, [2017, 2025], ['Petrol', 'Diesel'], 0.25, TATA, 6),
  car('Tata', 'Nexon EV', 15, [2020, 2025], ['Electric'], 1, ['XM', 'XZ Plus', 'Max XZ Plus'], 2),
  car('Tata', 'Tiago', 5.8, [2016, 2025], ['Petrol', 'CNG & Hybrids'], 0.15, TATA, 4),
  car('Tata', 'Punch', 7, [2021, 2025], ['Petrol', 'CNG & Hybrids'], 0.2, ['Pure', 'Adventure', 'Accomplished', 'Creative'], 3),
  car('Tata', 'Altroz', 7.5, [2020, 2025], ['Petrol', 'Diesel', 'CNG & Hybrids'], 0.1, TATA, 3),
  car('Tata', 'Harrier', 17, [2019, 2025], ['Diesel'], 0.35, ['XE', 'XM', 'XZ', 'XZA Plus'], 2),
  car('Mahindra', 'XUV700', 18, [2021, 2025], ['Petrol', 'Diesel'], 0.4, ['MX', 'AX3', 'AX5', 'AX7'], 4),
  car('Mahindra', 'Scorpio', 14, [2008, 2025], ['Diesel'], 0.1, MAHINDRA, 5),
  car('Mahindra', 'Thar', 14, [2020, 2025], ['Petrol', 'Diesel'], 0.3, ['AX', 'LX'], 3),
  car('Mahindra', 'Bolero', 9.5, [2008, 2025], ['Diesel'], 0, ['SLE', 'SLX', 'ZLX', 'B6'], 4),
  car('Mahindra', 'XUV500', 15, [2011, 2021], ['Diesel'], 0.2, ['W6', 'W8', 'W10'], 2),
  car('Toyota', 'Innova Crysta', 20, [2016, 2025], ['Diesel', 'Petrol'], 0.3, TOYOTA, 3),
  car('Toyota', 'Innova', 14, [2008, 2016], ['Diesel'], 0, ['G', 'GX', 'VX'], 3),
  car('Toyota', 'Fortuner', 30, [2009, 2015], ['Diesel'], 0.3, ['3.0 4x2', '3.0 4x4'], 2),
  car('Toyota', 'Glanza', 7.5, [2019, 2025], ['Petrol'], 0.2, ['E', 'S', 'G', 'V'], 1),
  car('Toyota', 'Etios Liva', 6, [2011, 2020], ['Petrol', 'Diesel'], 0, ['G', 'GD', 'V'], 1),
  car('Kia', 'Seltos', 13.5, [2019, 2025], ['Petrol', 'Diesel'], 0.35, KIA, 4),
  car('Kia', 'Sonet', 9, [2020, 2025], ['Petrol', 'Diesel'], 0.25, KIA, 3),
  car('MG', 'Hector', 16, [2019, 2025], ['Petrol', 'Diesel'], 0.35, ['Style', 'Smart', 'Sharp'], 2),
  car('Renault', 'Kwid', 4.6, [2015, 2025], ['Petrol'], 0.2, ['RXE', 'RXL', 'RXT', 'Climber'], 3),
  car('Renault', 'Duster', 10, [2012, 2022], ['Petrol', 'Diesel'], 0.1, ['RXE', 'RXS', 'RXZ'], 2),
  car('Volkswagen', 'Polo', 7, [2010, 2022], ['Petrol', 'Diesel'], 0.2, ['Trendline', 'Comfortline', 'Highline'], 2),
  car('Skoda', 'Rapid', 9, [2011, 2021], ['Petrol', 'Diesel'], 0.25, ['Active', 'Ambition', 'Style'], 1),
  car('Ford', 'EcoSport', 9, [2013, 2022], ['Petrol', 'Diesel'], 0.15, ['Ambiente', 'Trend', 'Titanium'], 2),
  car('Ford', 'Figo', 6, [2010, 2021], ['Petrol', 'Diesel'], 0, ['Ambiente', 'Titanium'], 1),
];

const bike = (brand: string, model: string, base: number, years: [number, number], weight: number, fuel: Fuel = 'Petrol'): Model => ({
  brand,
  model,
  base,
  years,
  fuels: [fuel],
  auto: 0,
  variants: [],
  weight,
});

const MOTORCYCLES: Model[] = [
  bike('Hero', 'Splendor Plus', 76_000, [2008, 2025], 10),
  bike('Hero', 'HF Deluxe', 60_000, [2010, 2025], 4),
  bike('Hero', 'Passion Pro', 80_000, [2008, 2022], 3),
  bike('Hero', 'Glamour', 86_000, [2008, 2025], 3),
  bike('Hero', 'Xpulse 200', 145_000, [2019, 2025], 1),
  bike('Honda', 'Shine', 82_000, [2008, 2025], 8),
  bike('Honda', 'Unicorn', 112_000, [2008, 2025], 3),
  bike('Honda', 'SP 125', 92_000, [2019, 2025], 3),
  bike('Honda', 'CB350 Hness', 210_000, [2020, 2025], 1),
  bike('Royal Enfield', 'Classic 350', 195_000, [2009, 2025], 7),
  bike('Royal Enfield', 'Bullet 350', 170_000, [2008, 2025], 4),
  bike('Royal Enfield', 'Himalayan', 230_000, [2016, 2025], 2),
  bike('Royal Enfield', 'Meteor 350', 210_000, [2020, 2025], 2),
  bike('Royal Enfield', 'Hunter 350', 155_000, [2022, 2025], 2),
  bike('Royal Enfield', 'Interceptor 650', 310_000, [2018, 2025], 1),
  bike('Bajaj', 'Pulsar 150', 115_000, [2008, 2025], 7),
  bike('Bajaj', 'Pulsar NS200', 150_000, [2012, 2025], 3),
  bike('Bajaj', 'Platina 100', 70_000, [2008, 2025], 4),
  bike('Bajaj', 'Avenger Cruise 220', 140_000, [2008, 2025], 2),
  bike('Bajaj', 'Dominar 400', 230_000, [2017, 2025], 1),
  bike('TVS', 'Apache RTR 160', 125_000, [2008, 2025], 5),
  bike('TVS', 'Raider 125', 95_000, [2021, 2025], 2),
  bike('TVS', 'Star City Plus', 76_000, [2008, 2025], 2),
  bike('Yamaha', 'R15 V4', 185_000, [2021, 2025], 2),
  bike('Yamaha', 'R15 V3', 150_000, [2017, 2021], 2),
  bike('Yamaha', 'FZ-S', 122_000, [2008, 2025], 4),
  bike('Yamaha', 'MT-15', 170_000, [2019, 2025], 2),
  bike('KTM', 'Duke 200', 200_000, [2012, 2025], 3),
  bike('KTM', 'Duke 390', 310_000, [2013, 2025], 2),
  bike('KTM', 'RC 200', 215_000, [2014, 2025], 1),
  bike('Suzuki', 'Gixxer', 140_000, [2015, 2025], 2),
  bike('Revolt', 'RV400', 140_000, [2019, 2025], 1, 'Electric'),
];

/** Scooters are all gearless (CVT), which the form calls Automatic. */
const scooter = (...args: Parameters<typeof bike>): Model => ({ ...bike(...args), auto: 1 });

const SCOOTERS: Model[] = [
  scooter('Honda', 'Activa 6G', 80_000, [2020, 2025], 9),
  scooter('Honda', 'Activa 5G', 62_000, [2018, 2020], 4),
  scooter('Honda', 'Activa 125', 88_000, [2019, 2025], 3),
  scooter('Honda', 'Activa 3G', 55_000, [2015, 2017], 2),
  scooter('Honda', 'Dio', 72_000, [2008, 2025], 2),
  scooter('TVS', 'Jupiter', 78_000, [2013, 2025], 6),
  scooter('TVS', 'Ntorq 125', 95_000, [2018, 2025], 3),
  scooter('Suzuki', 'Access 125', 86_000, [2008, 2025], 5),
  scooter('Hero', 'Pleasure Plus', 72_000, [2012, 2025], 2),
  scooter('Hero', 'Maestro Edge', 82_000, [2015, 2025], 2),
  scooter('Yamaha', 'Fascino 125', 86_000, [2015, 2025], 2),
  scooter('Yamaha', 'RayZR 125', 88_000, [2016, 2025], 1),
  scooter('Ather', '450X', 145_000, [2020, 2025], 3, 'Electric'),
  scooter('Ola', 'S1 Pro', 130_000, [2021, 2025], 3, 'Electric'),
  scooter('TVS', 'iQube', 120_000, [2020, 2025], 2, 'Electric'),
  scooter('Bajaj', 'Chetak Electric', 125_000, [2020, 2025], 2, 'Electric'),
];

const COMMERCIAL: Model[] = [
  car('Tata', 'Ace Gold', 4.8, [2008, 2025], ['Diesel', 'CNG & Hybrids'], 0, ['Petrol CX', 'Diesel Plus'], 6),
  car('Mahindra', 'Bolero Pik-Up', 8.8, [2008, 2025], ['Diesel'], 0, ['1.3T', '1.7T'], 5),
  car('Ashok Leyland', 'Dost', 6.8, [2011, 2025], ['Diesel'], 0, ['LS', 'Plus', 'Strong'], 3),
  car('Tata', '407 Gold SFC', 13, [2008, 2025], ['Diesel'], 0, ['CBC', 'Cab Chassis'], 3),
  car('Eicher', 'Pro 2049', 14, [2013, 2025], ['Diesel'], 0, ['CBC', 'HSD'], 2),
  car('Mahindra', 'Supro Maxitruck', 6, [2015, 2025], ['Diesel', 'CNG & Hybrids'], 0, ['T2', 'T4'], 2),
  car('Piaggio', 'Ape Xtra LDX', 3.2, [2010, 2025], ['Diesel'], 0, ['Pickup'], 3),
  car('Bajaj', 'RE Compact Auto Rickshaw', 2.8, [2008, 2025], ['CNG & Hybrids', 'LPG'], 0, ['4S', 'Max'], 4),
  car('Tata', 'Winger', 16, [2008, 2025], ['Diesel'], 0, ['12 Seater', '15 Seater'], 2),
  car('Force', 'Traveller', 17, [2008, 2025], ['Diesel'], 0, ['12 Seater', '17 Seater', '26 Seater'], 2),
  car('Mahindra', 'Treo Auto', 3.2, [2019, 2025], ['Electric'], 1, ['Passenger', 'Zor Cargo'], 1),
];

const COLOURS = ['white', 'silver', 'grey', 'red', 'blue', 'black', 'brown', 'pearl white', 'dark grey', 'orange'];
const OWNERS = ['1st', '2nd', '3rd', '4th', '4+'] as const;

const table = (models: Model[]) => ({ models, weights: models.map((m) => m.weight) });
const TABLES = { cars: table(CARS), motorcycles: table(MOTORCYCLES), scooters: table(SCOOTERS), commercial: table(COMMERCIAL) };

interface Spec {
  m: Model;
  year: number;
  age: number;
  fuel: Fuel;
  transmission: 'Manual' | 'Automatic';
  km: number;
  owners: (typeof OWNERS)[number];
  variant: string;
  colour: string;
}

const pickSpec = (rng: Random, models: Model[], weights: number[], kmPerYear: [number, number], twoWheeler: boolean): Spec => {
  const m = rng.weighted(models, weights);
  // Skew towards recent years: the used market is mostly 2–8 year old vehicles.
  const span = m.years[1] - m.years[0];
  const year = m.years[1] - Math.floor(span * Math.pow(rng.next(), 1.6));
  const age = Math.max(0, CONTENT_YEAR - year);
  let fuel = rng.pick(m.fuels);
  if (m.brand === 'Maruti Suzuki' && fuel === 'Diesel' && year > 2019) fuel = 'Petrol';
  const transmission = fuel === 'Electric' || rng.chance(m.auto) ? 'Automatic' : 'Manual';
  const perYear = rng.int(kmPerYear[0], kmPerYear[1]);
  const km = Math.max(rng.int(300, 2500), Math.round((age + rng.next() * 0.8) * perYear / 10) * 10);
  const ownerRoll = rng.next() * (1 + age / 4);
  const owners = OWNERS[Math.min(OWNERS.length - 1, ownerRoll < 0.9 ? 0 : ownerRoll < 1.8 ? 1 : ownerRoll < 2.6 ? 2 : ownerRoll < 3.2 ? 3 : 4)] as Spec['owners'];
  let variant = m.variants.length ? rng.pick(m.variants) : '';
  if (m.brand === 'Maruti Suzuki' && fuel === 'Diesel') variant = variant.replace('Xi', 'Di');
  if (fuel === 'CNG & Hybrids' && variant && !twoWheeler) variant = `${variant} CNG`;
  if (transmission === 'Automatic' && variant && fuel !== 'Electric' && !twoWheeler) variant = `${variant} AT`;
  return { m, year, age, fuel, transmission, km, owners, variant, colour: rng.pick(COLOURS) };
};

const valueOf = (rng: Random, s: Spec, yearlyKeep: number, floor: number, kmNorm: number) => {
  const depreciation = Math.max(0.18, 0.9 * Math.pow(yearlyKeep, s.age));
  const expectedKm = Math.max(1, s.age) * kmNorm;
  const kmFactor = Math.min(1.06, Math.max(0.85, 1 - (s.km - expectedKm) / (kmNorm * 20)));
  const ownerFactor = s.owners === '1st' ? 1.03 : s.owners === '2nd' ? 0.97 : 0.92;
  return Math.max(floor, s.m.base * depreciation * kmFactor * ownerFactor * rng.float(0.9, 1.1));
};

const vehicleFeatures = (s: Spec, withDrivetrain: boolean) => ({
  brand: s.m.brand,
  model: s.m.model,
  year: s.year,
  ...(withDrivetrain ? { fuel: s.fuel, transmission: s.transmission, kmDriven: s.km, noOfOwners: s.owners } : {}),
});

const kmText = (km: number) => `${inr(km)} km`;

const titleHints = (s: Spec, lowKm: number) =>
  [
    s.owners === '1st' && 'single owner',
    s.owners === '1st' && '1st owner',
    s.km < lowKm * Math.max(1, s.age) * 0.6 && 'low km',
    s.km < lowKm * Math.max(1, s.age) * 0.6 && 'genuine low km',
    'well maintained',
    'excellent condition',
    'urgent sale',
    s.age <= 3 && 'under warranty',
    s.age >= 8 && 'good running condition',
    'all papers clear',
  ].filter((h): h is string => Boolean(h));

const vehicleTitle = (rng: Random, s: Spec, lowKm: number) => {
  const name = `${s.m.brand} ${s.m.model}`;
  const v = s.variant ? ` ${s.variant}` : '';
  const hint = rng.pick(titleHints(s, lowKm));
  const fuel = s.fuel === 'CNG & Hybrids' ? 'CNG' : s.fuel;
  const patterns = [
    `${name}${v} ${s.year}`,
    `${s.year} ${name}${v} ${fuel}`,
    `${name}${v} ${s.year} - ${hint}`,
    `${s.m.model}${v} ${s.year}, ${kmText(s.km)}, ${fuel}`,
    `${s.year} ${s.m.model}${v} ${hint}`,
    `${name} ${s.year} ${s.owners} owner ${fuel}`,
  ];
  return clampText(rng.pick(patterns), 70);
};

const CAR_MIDDLE = [
  'Single owner, all service records available.',
  'Insurance valid till {insurance}.',
  'All four tyres replaced last year and the battery is new.',
  'Regularly serviced at the authorised service centre, last service done two months back.',
  'No accidents, original paint on most panels, only minor scratches on the rear bumper.',
  'Comes with touchscreen music system, reverse camera and new seat covers.',
  'AC cools very well, no engine or gearbox work needed.',
  'RC, insurance and PUC are all in order; NOC available if you need to transfer it out of state.',
  'Both keys, original manual and service book available.',
  'Driven mostly on the highway, engine is very smooth.',
  'Family-used car, never used for taxi or commercial purpose.',
  'Fastag installed, fresh wheel alignment and balancing done.',
];

const CAR_CLOSE = [
  'Price slightly negotiable.',
  'Genuine buyers only, no brokers please.',
  'Test drive available on weekends.',
  'Serious buyers can call or WhatsApp.',
  'Reason for selling: upgrading to a bigger car.',
  'Reason for selling: moving abroad next month.',
  'Exchange offers also considered.',
  'Final price, inspection welcome at any garage in {city}.',
];

const DEALER_CLOSE = [
  'Easy finance with low down payment available; RC transfer done by us.',
  'Visit our showroom in {place} for a test drive, 100+ vehicles in stock.',
  'Exchange your old vehicle, best price guaranteed. Loan approval in 24 hours.',
  '140-point inspection done, 6 months engine and gearbox warranty included.',
];

const describe = (ctx: DraftContext, s: Spec, middle: string[], close: string[], kind: string, more: Record<string, string | number> = {}) => {
  const { rng } = ctx;
  const values = {
    year: s.year,
    name: `${s.m.brand} ${s.m.model}${s.variant ? ` ${s.variant}` : ''}`,
    km: kmText(s.km),
    colour: s.colour,
    fuel: s.fuel === 'CNG & Hybrids' ? 'CNG' : s.fuel.toLowerCase(),
    transmission: s.transmission.toLowerCase(),
    owners: s.owners,
    city: ctx.city,
    place: placeName(ctx.city, ctx.area),
    insurance: futureMonth(rng),
    business: ctx.business ?? '',
    kind,
    ...more,
  };
  const openers = ctx.business
    ? ['{business} presents a certified {year} {name} in {colour}, {km} on the odometer.', 'Dealer-checked {name}, {year} model, {fuel}, {transmission}, {km} driven.']
    : [
        '{year} {name} in {colour}, {fuel} {transmission}, driven {km}.',
        'Selling my {name} ({year} model), {owners} owner, {km} done.',
        'Well maintained {name} {fuel} for sale, registered in {year}.',
        'Neatly used {colour} {name}, {year}, {km} on the clock.',
      ];
  const middles = rng.sample(
    middle.filter((m) => s.owners === '1st' || !m.startsWith('Single owner')),
    rng.int(1, 2),
  );
  const extra =
    s.fuel === 'CNG & Hybrids'
      ? 'Company-fitted CNG, gives excellent mileage in the city.'
      : s.fuel === 'Electric'
        ? 'Battery health is excellent and the home charger is included.'
        : s.transmission === 'Automatic' && rng.chance(0.5)
          ? `Automatic ${kind} is very easy to drive in ${ctx.city} traffic.`
          : null;
  return paragraph(
    fill(rng.pick(openers), values),
    ...middles.map((m) => fill(m, values)),
    extra,
    fill(rng.pick(ctx.business ? DEALER_CLOSE : close), values),
  );
};

export const cars: Generator = (ctx) => {
  const s = pickSpec(ctx.rng, TABLES.cars.models, TABLES.cars.weights, [6_000, 14_000], false);
  const price = Math.min(25 * L, roundPrice(valueOf(ctx.rng, s, 0.93, 1.5 * L, 10_000)));
  return {
    title: vehicleTitle(ctx.rng, s, 10_000),
    description: describe(ctx, s, CAR_MIDDLE, CAR_CLOSE, 'car'),
    price,
    condition: ctx.business && ctx.rng.chance(0.15) ? 'REFURBISHED' : 'USED',
    features: vehicleFeatures(s, true),
  };
};

const BIKE_MIDDLE = [
  'Single owner, all service records available.',
  'Insurance valid till {insurance}.',
  'New tyres and chain sprocket kit changed recently.',
  'Self start and kick start both working, battery is new.',
  'Serviced every 3,000 km at the company service centre.',
  'No scratches, no accident history, original paint.',
  'Comes with crash guard, phone holder and seat cover.',
  'Gives around {mileage} kmpl in the city.',
  'RC, insurance and PUC are valid; original bill available.',
  'Used only for office commute, garage parked.',
];

const BIKE_CLOSE = [
  'Price slightly negotiable.',
  'Genuine buyers only, no time pass please.',
  'Test ride available in {place}.',
  'Call or WhatsApp for more photos.',
  'Selling because I bought a car.',
  'Selling as I am relocating out of {city}.',
];

const twoWheeler = (models: { models: Model[]; weights: number[] }, kind: string): Generator => (ctx) => {
  const s = pickSpec(ctx.rng, models.models, models.weights, [3_500, 9_000], true);
  // Two-wheelers hold their value well in India (a 5-year-old Classic 350 still fetches ~60% of new).
  const price = roundPrice(valueOf(ctx.rng, s, 0.92, 12_000, 6_000));
  const mileage = s.m.base > 150_000 ? ctx.rng.int(28, 40) : ctx.rng.int(45, 62);
  const middle = s.fuel === 'Electric' ? BIKE_MIDDLE.filter((m) => !/kmpl|PUC|kick/.test(m)) : BIKE_MIDDLE;
  return {
    title: vehicleTitle(ctx.rng, s, 6_000),
    description: describe(ctx, s, middle, BIKE_CLOSE, kind, { mileage }),
    price: charmPrice(ctx.rng, price),
    condition: 'USED',
    features: vehicleFeatures(s, true),
  };
};

export const motorcycles = twoWheeler(TABLES.motorcycles, 'bike');
export const scooters = twoWheeler(TABLES.scooters, 'scooter');

const COMMERCIAL_MIDDLE = [
  'All permits and fitness certificate valid till {insurance}.',
  'Insurance valid till {insurance}.',
  'Body and chassis in good condition, new tyres fitted.',
  'Engine in top condition, no major work pending.',
  'Used for local transport only, regularly serviced.',
  'Loan closed, NOC from the bank available.',
];

export const commercialVehicles: Generator = (ctx) => {
  const s = pickSpec(ctx.rng, TABLES.commercial.models, TABLES.commercial.weights, [15_000, 35_000], false);
  const price = Math.min(25 * L, roundPrice(valueOf(ctx.rng, s, 0.9, 60_000, 25_000)));
  return {
    title: vehicleTitle(ctx.rng, s, 25_000),
    description: describe(ctx, s, COMMERCIAL_MIDDLE, CAR_CLOSE.filter((c) => !c.includes('bigger car')), 'vehicle'),
    price,
    condition: 'USED',
    features: vehicleFeatures(s, true),
  };
};

const BICYCLES: GoodsItem[] = [
  { name: 'Sprint Pro 26T Mountain Bike', brands: ['Hero'], price: [5_000, 9_000], details: ['21-speed Shimano gears, front suspension and disc brakes.', 'Fits riders 5\'4" to 6 feet.'] },
  { name: 'Roadeo A50 21 Speed', brands: ['Hercules'], price: [6_000, 10_000], details: ['Dual disc brakes, gears shift smoothly.', 'Comes with stand, bell and mudguards.'] },
  { name: 'Bad Attitude 8 Speed', brands: ['Firefox'], price: [12_000, 21_000], details: ['Alloy frame, hydraulic disc brakes, recently serviced.', 'Tyres have plenty of grip left.'] },
  { name: 'Rockrider ST100 Mountain Bike', brands: ['Btwin'], price: [9_000, 15_000], details: ['Bought from Decathlon, lifetime frame warranty card available.', 'Used on weekends only, no rust.'] },
  { name: 'Riverside 500 Hybrid Cycle', brands: ['Btwin'], price: [16_000, 26_000], details: ['Great for daily 10–15 km rides, very comfortable seat.', 'Bottle cage and rear carrier included.'] },
  { name: 'Rock 1.1 Hybrid', brands: ['Montra'], price: [12_000, 19_000], details: ['Lightweight alloy frame, 21 gears.', 'Front suspension lockout works.'] },
  { name: 'Marlin 5 Mountain Bike', brands: ['Trek'], price: [32_000, 45_000], details: ['Size M frame, hydraulic disc brakes.', 'Ridden on trails a few times, serviced at the Trek store.'] },
  { name: 'Kids Cycle 16T with Side Wheels', brands: ['Hero', 'Hercules', 'Leader'], price: [2_500, 4_500], details: ['For 4–7 year olds, training wheels can be removed.', 'My son has outgrown it.'] },
  { name: 'T-Rex Electric Cycle', brands: ['EMotorad'], price: [22_000, 34_000], details: ['Range around 40 km per charge, charger included.', 'Battery health good, pedal assist works on all levels.'] },
  { name: 'Ladybird Ladies Cycle 26T', brands: ['Hero', 'BSA'], price: [4_000, 7_000], details: ['Front basket and comfortable saddle.', 'Used for short trips to the market.'] },
];

export const bicycles = goods(BICYCLES, { vehicle: true });

const SPARE_PARTS: GoodsItem[] = [
  { name: 'Alloy Wheels 15 inch (set of 4)', brands: ['Neo Wheels', 'Plati', 'Hyundai OEM'], price: [12_000, 28_000], details: ['Removed from a Creta after upgrading to 17 inch, no bends or cracks.', 'PCD 4x100, fits Swift, Baleno, i20 and City.'] },
  { name: 'Android Car Stereo 9 inch', brands: ['Pioneer', 'Sony', 'Blaupunkt', 'Woodman'], price: [4_000, 14_000], details: ['Wireless Android Auto and Apple CarPlay, with reverse camera.', 'Wiring harness and frame for Swift included.'] },
  { name: 'Car Battery 35Ah', brands: ['Exide', 'Amaron'], price: [2_500, 5_500], details: ['One year old, still under warranty, works perfectly.', 'Selling because the car was sold.'] },
  { name: 'Tyres 185/65 R15 (set of 2)', brands: ['MRF', 'Apollo', 'CEAT', 'Bridgestone'], price: [4_000, 9_000], details: ['About 70% tread left, no cuts or puncture repairs.', 'Removed from a City at 12,000 km.'] },
  { name: 'Royal Enfield Stock Silencer', brands: ['Royal Enfield'], price: [1_500, 4_000], details: ['Original exhaust removed after fitting an aftermarket one.', 'Fits Classic 350 BS6.'] },
  { name: 'Bike Crash Guard', brands: ['Zana', 'Royal Enfield', 'Auto Engina'], price: [900, 3_000], details: ['Heavy duty, powder coated, no rust.', 'All bolts included.'] },
  { name: 'Full Face Helmet', brands: ['Steelbird', 'Studds', 'Vega', 'Axor'], price: [900, 4_500], details: ['ISI certified, size L, used for six months.', 'Clear and tinted visor both included.'] },
  { name: 'LED Fog Lamps (pair)', brands: ['Philips', 'Bosch', 'Hella'], price: [1_200, 4_000], details: ['Bright white light, plug and play wiring.', 'Fitted for only two months.'] },
  { name: 'Seat Covers (full set)', brands: ['Autoform', 'Elegant'], price: [2_000, 6_000], details: ['Custom fit leatherette covers for a 5-seater hatchback.', 'Beige colour, no tears.'] },
  { name: 'Activa Front Panel Set', brands: ['Honda'], price: [800, 2_500], details: ['Original company panels in matte black.', 'Fits Activa 5G and 6G.'] },
];

export const spareParts = goods(SPARE_PARTS, { vehicle: true });
