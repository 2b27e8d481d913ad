/** Flats, houses, plots, shops and rentals, priced per square foot by how big the city is. */
import type { Random } from '../random';
import { clampText, fill, inr, lakhs, ordinal, paragraph, placeName, roundPrice } from './text';
import type { Condition, DraftContext, Generator } from './types';

const FACING = ['North', 'North-East', 'East', 'South-East', 'South', 'South-West', 'West', 'North-West'];
const FURNISHING = ['Furnished', 'Semi-Furnished', 'Unfurnished'];
const PARKING = ['No Parking', '1 Car', '2 Cars', '3+ Cars'];
const AGES = ['Under Construction', '0-1 years', '1-5 years', '5-10 years', '10+ years'];
const AMENITIES = ['Lift', 'Power Backup', '24x7 Security', 'Gym', 'Swimming Pool', 'Club House', "Children's Play Area", 'Gated Community', 'Intercom', 'Rainwater Harvesting', 'Visitor Parking', 'Park'];
const SOCIETY = ['Green Valley Residency', 'Sai Krupa Heights', 'Royal Palms', 'Shanti Niketan Apartments', 'Lake View Towers', 'Silver Oak Enclave', 'Sunshine Residency', 'Gokul Dham Society', 'Prestige Park View', 'Orchid Meadows', 'Shree Ganesh Apartments', 'Mayfair Gardens', 'Rose Wood Heights', 'Kalpataru Vihar'];
const METROS = new Set(['Mumbai', 'Delhi', 'New Delhi', 'Bengaluru', 'Bangalore', 'Gurugram', 'Gurgaon', 'Noida', 'Pune', 'Hyderabad', 'Chennai', 'Navi Mumbai', 'Thane', 'Kolkata']);

/** Rupees per sq.ft for a flat: metros cost two to three times a smaller city. */
const ratePerSqft = (rng: Random, city: string) => (METROS.has(city) ? rng.int(6_500, 16_000) : rng.int(3_200, 7_500));

const BHK_SQFT: Record<number, [number, number]> = { 1: [450, 700], 2: [750, 1_250], 3: [1_150, 1_850], 4: [1_800, 2_800], 5: [2_600, 4_200] };
const bhkLabel = (n: number) => (n >= 5 ? '5+ BHK' : `${n} BHK`);

const floorText = (rng: Random, total: number) => {
  const floor = rng.int(0, total);
  return `${floor === 0 ? 'Ground' : ordinal(floor)} of ${total}`;
};

/** "3rd of 12" → "on the 3rd floor of a 12-storey building". */
const onFloor = (floor: string) => {
  const [which, , total] = floor.split(' ');
  const article = /^(8|11|18)\b/.test(total ?? '') ? 'an' : 'a';
  return `on the ${which?.toLowerCase()} floor of ${article} ${total}-storey building`;
};

/** "Kothrud, Pune", or just "Pune" when there is no area. */
const where = (ctx: DraftContext) => (ctx.area ? `${ctx.area}, ${ctx.city}` : ctx.city);

const SALE_CLOSE = [
  'Clear title, loan approved by major banks.',
  'Price slightly negotiable for serious buyers.',
  'Direct owner, no brokerage.',
  'Site visit on weekends, call to fix a time.',
  'Registration charges extra.',
];

const DEALER_SALE_CLOSE = ['Home loan assistance available.', 'Call us to fix a site visit.', 'Verified documents, hassle-free registration.'];

const sizeClamp = (rupees: number, min: number, max: number) => Math.min(max, Math.max(min, roundPrice(rupees)));

const homeForSale = (kind: 'Apartment' | 'House'): Generator => (ctx) => {
  const { rng } = ctx;
  const metro = METROS.has(ctx.city);
  const propertyType = kind === 'Apartment' ? rng.weighted(['Apartment', 'Builder Floor', 'Penthouse'], [8, 2, metro ? 0.5 : 0]) : rng.weighted(['House', 'Villa'], [3, 1]);
  const bhk = propertyType === 'Penthouse' ? rng.int(3, 5) : kind === 'House' ? rng.weighted([1, 2, 3, 4, 5], [1, 4, 4, 2, 1]) : rng.weighted([1, 2, 3, 4], [3, 6, 4, 1]);
  const [lo, hi] = BHK_SQFT[Math.min(5, bhk)] as [number, number];
  const area = Math.round(rng.int(lo, hi) * (kind === 'House' ? 1.3 : 1) / 5) * 5;
  const rate = ratePerSqft(rng, ctx.city) * (propertyType === 'Villa' || propertyType === 'Penthouse' ? 1.3 : 1);
  const price = sizeClamp(area * rate, 25 * 100_000, 3 * 10_000_000);
  const age = rng.weighted(AGES, [1, 2, 4, 3, 2]);
  const totalFloors = kind === 'House' ? rng.int(1, 3) : propertyType === 'Builder Floor' ? 4 : rng.int(4, 22);
  const features = {
    propertyType,
    bhk: bhkLabel(bhk),
    area,
    floor: floorText(rng, totalFloors),
    furnishing: rng.weighted(FURNISHING, [1, 3, 3]),
    age,
    parking: rng.weighted(PARKING, kind === 'House' ? [1, 4, 3, 1] : [1, 6, 2, 0.3]),
    facing: rng.pick(FACING),
    amenities: rng.sample(AMENITIES, kind === 'House' ? rng.int(2, 4) : rng.int(4, 8)),
  };
  const place = placeName(ctx.city, ctx.area);
  const society = rng.pick(SOCIETY);
  const label = propertyType === 'Apartment' ? rng.pick(['Apartment', 'Flat']) : propertyType === 'House' ? rng.pick(['Independent House', 'House']) : propertyType;
  const title = clampText(
    rng.pick([
      `${bhkLabel(bhk)} ${label} for Sale in ${place}`,
      `${features.facing} facing ${bhkLabel(bhk)} ${label}, ${place}`,
      `${age === 'Under Construction' ? 'New launch' : 'Ready to move'} ${bhkLabel(bhk)} ${label} in ${kind === 'Apartment' ? society : place}`,
      `Spacious ${bhkLabel(bhk)} ${label}, ${inr(area)} sq.ft, ${place}`,
    ]),
    70,
  );
  const values = { bhk: bhkLabel(bhk), label: label.toLowerCase(), area: inr(area), place, city: ctx.city, society, where: where(ctx), floor: onFloor(features.floor), facing: features.facing.toLowerCase(), business: ctx.business ?? '' };
  const openers = ctx.business
    ? ['{business} offers a {bhk} {label} of {area} sq.ft in {where}.', 'Exclusive listing by {business}: {bhk} {label} in {society}, {place}.']
    : kind === 'Apartment'
      ? ['{bhk} {label} for sale in {society}, {place}: {area} sq.ft super built-up, {floor}.', 'Selling our {facing} facing {bhk} {label} in {place}, {area} sq.ft with good ventilation.']
      : ['Independent {bhk} house on a corner plot in {place}, {area} sq.ft built-up.', '{bhk} {label} for sale in a quiet lane of {place}, {area} sq.ft.'];
  const middles = [
    '24-hour water supply from borewell and corporation line.',
    'Close to schools, hospitals and the main market.',
    'Modular kitchen, wardrobes in all bedrooms and vitrified flooring.',
    kind === 'Apartment' ? 'Society has a gym, swimming pool and children\'s play area.' : 'Private terrace and a small garden in front.',
    'Well-lit rooms with a balcony overlooking the garden.',
    'Covered car parking and 100% power backup.',
    features.facing === 'East' ? 'Vastu compliant, main door facing east.' : 'Cross ventilation in every room.',
  ];
  return {
    title,
    description: paragraph(fill(rng.pick(openers), values), ...rng.sample(middles, rng.int(1, 2)), rng.pick(ctx.business ? DEALER_SALE_CLOSE : SALE_CLOSE)),
    price,
    condition: age === 'Under Construction' || age === '0-1 years' ? 'NEW' : 'USED',
    features,
  };
};

export const apartments = homeForSale('Apartment');
export const houses = homeForSale('House');

export const rentals: Generator = (ctx) => {
  const { rng } = ctx;
  const place = placeName(ctx.city, ctx.area);
  const metro = METROS.has(ctx.city);
  if (rng.chance(0.18)) return pg(ctx, place, metro);
  const propertyType = rng.weighted(['Apartment', 'Builder Floor', 'House', 'Villa'], [8, 2, 2, 0.3]);
  const bhk = rng.weighted([1, 2, 3, 4], [4, 6, 3, 0.6]);
  const [lo, hi] = BHK_SQFT[bhk] as [number, number];
  const area = Math.round(rng.int(lo, hi) / 5) * 5;
  const furnishing = rng.weighted(FURNISHING, [2, 4, 3]);
  const perSqft = (metro ? rng.float(28, 55) : rng.float(12, 24)) * (furnishing === 'Furnished' ? 1.25 : 1) * (propertyType === 'Villa' ? 1.4 : 1);
  const rent = sizeClamp(area * perSqft, 8_000, 80_000);
  const tenantType = rng.weighted(['Family', 'Bachelors', 'Company', 'Anyone'], [5, 2, 1, 2]);
  const features = {
    propertyType,
    bhk: bhkLabel(bhk),
    area,
    floor: floorText(rng, propertyType === 'Apartment' ? rng.int(4, 18) : 3),
    furnishing,
    parking: rng.weighted(PARKING, [2, 6, 1, 0.2]),
    facing: rng.pick(FACING),
    rentType: 'Monthly',
    tenantType,
    securityDeposit: roundPrice(rent * rng.pick([2, 3, 3, 6, 10])),
    maintenanceCharges: rng.int(0, 6) * 500,
    amenities: rng.sample(AMENITIES, rng.int(2, 6)),
  };
  const label = propertyType === 'Apartment' ? 'Flat' : propertyType;
  const title = clampText(
    rng.pick([
      `${bhkLabel(bhk)} ${label} for Rent in ${place}`,
      `${furnishing} ${bhkLabel(bhk)} ${label.toLowerCase()} for rent, ${place}`,
      `${bhkLabel(bhk)} ${furnishing} ${label} for ${tenantType === 'Anyone' ? 'rent' : tenantType.toLowerCase()}, ${place}`,
    ]),
    70,
  );
  const description = paragraph(
    `${furnishing} ${bhkLabel(bhk)} ${label.toLowerCase()} available for rent in ${place}, ${inr(area)} sq.ft ${onFloor(features.floor)}.`,
    rng.pick([
      `Deposit ₹${inr(features.securityDeposit)}, maintenance ${features.maintenanceCharges ? `₹${inr(features.maintenanceCharges)} extra` : 'included'}.`,
      `Rent ₹${inr(rent)} per month plus ${features.maintenanceCharges ? `₹${inr(features.maintenanceCharges)} maintenance` : 'electricity as per meter'}.`,
    ]),
    rng.pick([
      'Walking distance to the metro and bus stop, grocery shops right below.',
      furnishing === 'Unfurnished' ? 'Fresh paint done, new fans and lights fitted.' : 'Comes with beds, wardrobes, fridge, washing machine and ACs.',
      '24x7 water, lift and security; quiet, well-maintained society.',
    ]),
    rng.pick([`Available from ${rng.pick(['1st', '5th', '10th', '15th'])} of next month.`, `Preferred: ${tenantType === 'Anyone' ? 'anyone with a stable job' : tenantType.toLowerCase()}.`, 'No brokerage, contact owner directly.', 'Pets allowed.']),
  );
  return { title, description, price: rent, condition: 'USED', features };
};

const pg = (ctx: DraftContext, place: string, metro: boolean) => {
  const { rng } = ctx;
  const roomType = rng.weighted(['Single', 'Double', 'Triple', 'Quad', 'Dormitory'], [3, 4, 2, 1, 0.5]);
  const meals = rng.weighted(['No Meals', 'Breakfast Only', 'Breakfast + Dinner', 'All Meals'], [1, 1, 3, 3]);
  const tenantType = rng.weighted(['Boys', 'Girls', 'Anyone'], [4, 4, 1]);
  const base = { Single: 11_000, Double: 8_000, Triple: 6_500, Quad: 5_500, Dormitory: 4_500 }[roomType] ?? 7_000;
  const rent = roundPrice(base * (metro ? rng.float(1.1, 1.6) : rng.float(0.7, 1)) + (meals === 'All Meals' ? 2_000 : meals === 'No Meals' ? -1_000 : 1_000));
  const propertyType = rng.weighted(['PG', 'Hostel', 'Guest House'], [6, 2, 1]);
  return {
    title: clampText(`${propertyType} for ${tenantType === 'Anyone' ? 'Working Professionals' : tenantType} in ${place} - ${roomType} Sharing`, 70),
    description: paragraph(
      `${roomType === 'Single' ? 'Single occupancy' : `${roomType} sharing`} rooms available for ${tenantType === 'Anyone' ? 'students and working professionals' : tenantType.toLowerCase()} in ${place}.`,
      `${meals === 'No Meals' ? 'Kitchen access available, no meals provided' : `${meals} included, homely veg and non-veg food`}, Wi-Fi, washing machine and daily housekeeping.`,
      rng.pick(['CCTV and biometric entry, 24x7 warden.', 'Walking distance from IT parks and colleges.', 'Power backup and RO water on every floor.']),
      'One month deposit, no brokerage.',
    ),
    price: rent,
    condition: 'USED' as Condition,
    features: { propertyType, roomType, mealsIncluded: meals, tenantType, rentType: 'Monthly', furnishing: 'Furnished', securityDeposit: rent },
  };
};

export const land: Generator = (ctx) => {
  const { rng } = ctx;
  const place = placeName(ctx.city, ctx.area);
  const propertyType = rng.weighted(['Residential Plot', 'Commercial Plot', 'Agricultural Land', 'Industrial Land', 'Farm House'], [6, 2, 3, 1, 1]);
  const agricultural = propertyType === 'Agricultural Land' || propertyType === 'Farm House';
  const [length, width] = agricultural ? [rng.int(120, 600), rng.int(80, 400)] : rng.pick([[30, 40], [30, 50], [40, 60], [50, 80], [60, 40], [45, 60]] as const);
  const area = length * width;
  const rate = agricultural ? rng.int(60, 450) : METROS.has(ctx.city) ? rng.int(3_500, 9_000) : rng.int(1_200, 4_000);
  const price = sizeClamp(area * rate, 8 * 100_000, 2.5 * 10_000_000);
  const acres = area / 43_560;
  const size = agricultural ? `${acres.toFixed(acres < 1 ? 2 : 1)} acres` : `${length}x${width} ft`;
  const features = {
    propertyType,
    area,
    length,
    width,
    roadWidth: `${rng.pick([20, 30, 40, 60])} ft`,
    cornerPlot: rng.chance(0.25) ? 'Yes' : 'No',
    boundaryWall: rng.pick(['Yes', 'No', 'Partial']),
    facing: rng.pick(FACING),
  };
  return {
    title: clampText(rng.pick([`${size} ${propertyType} for Sale in ${place}`, `${propertyType}, ${size}, ${features.facing} facing, ${place}`, `${features.cornerPlot === 'Yes' ? 'Corner ' : ''}${propertyType} near ${place}`]), 70),
    description: paragraph(
      `${propertyType} of ${inr(area)} sq.ft (${size}) available in ${where(ctx)}.`,
      agricultural
        ? rng.pick(['Borewell with good water, electricity connection available.', 'Fertile red soil, mango and coconut trees on the land.'])
        : rng.pick([`DTCP approved layout, ${features.roadWidth} road in front.`, 'Clear title, all documents ready for registration.', 'Gated layout with underground drainage and street lights.']),
      rng.pick(['Ideal for investment, area developing fast.', 'Bank loan available.', 'Direct owner, no commission.']),
    ),
    price,
    condition: 'USED',
    features,
  };
};

export const commercial: Generator = (ctx) => {
  const { rng } = ctx;
  const place = placeName(ctx.city, ctx.area);
  const propertyType = rng.weighted(['Shop', 'Office', 'Showroom', 'Warehouse', 'Restaurant', 'Clinic'], [5, 5, 2, 2, 1, 1]);
  const area = Math.round((propertyType === 'Warehouse' ? rng.int(2_000, 12_000) : propertyType === 'Shop' ? rng.int(120, 600) : rng.int(400, 3_000)) / 10) * 10;
  const forRent = rng.chance(0.45);
  const metro = METROS.has(ctx.city);
  const price = forRent
    ? sizeClamp(area * (propertyType === 'Warehouse' ? rng.float(15, 35) : metro ? rng.float(60, 140) : rng.float(30, 70)), 8_000, 5_00_000)
    : sizeClamp(area * (propertyType === 'Warehouse' ? rng.float(1_800, 3_500) : metro ? rng.int(9_000, 22_000) : rng.int(4_000, 9_000)), 25 * 100_000, 3 * 10_000_000);
  const features = {
    propertyType,
    area,
    floor: floorText(rng, rng.int(1, 8)),
    furnishing: rng.weighted(FURNISHING, [1, 2, 3]),
    parking: rng.weighted(PARKING, [2, 3, 2, 1]),
    facing: rng.pick(FACING),
    powerBackup: rng.pick(['Full', 'Partial', 'None']),
    ...(forRent ? { rentType: 'Monthly', securityDeposit: roundPrice(price * rng.pick([3, 6, 10])) } : {}),
  };
  const deal = forRent ? 'for Rent' : 'for Sale';
  return {
    title: clampText(rng.pick([`${propertyType} ${deal} in ${place}, ${inr(area)} sq.ft`, `${inr(area)} sq.ft ${propertyType.toLowerCase()} space ${deal.toLowerCase()}, ${place}`, `Main road ${propertyType.toLowerCase()} ${deal.toLowerCase()} - ${place}`]), 70),
    description: paragraph(
      `${inr(area)} sq.ft ${propertyType.toLowerCase()} ${deal.toLowerCase()} in ${where(ctx)}, ${onFloor(features.floor)}.`,
      rng.pick(['Main road frontage with heavy footfall.', 'Suitable for bank, clinic, showroom or office.', 'Lift, washroom and 24x7 security in the building.', 'Loading bay and wide access road for trucks.']),
      forRent ? `Rent ₹${inr(price)} per month, deposit ${lakhs(features.securityDeposit ?? price * 6)}.` : rng.pick(['Currently rented, good rental yield.', 'Clear title, immediate possession.']),
      ctx.business ? `Contact ${ctx.business} for a site visit.` : 'Owner listing, brokers excuse.',
    ),
    price,
    condition: 'USED',
    features,
  };
};
