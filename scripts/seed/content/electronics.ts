/** Phones (with the post form's mobile fields), laptops, tablets, audio, cameras and consoles. */
import { goods, type GoodsItem } from './goods';
import { charmPrice, clampText, fill, paragraph, pastMonth, placeName, roundPrice } from './text';
import { CONTENT_YEAR, type Condition, type Generator } from './types';

interface Phone {
  /** the post form's brand names: iPhone, Samsung, OnePlus, Xiaomi, Realme, Vivo, Oppo, Nothing, Google Pixel */
  brand: string;
  model: string;
  launched: number;
  /** launch price of the base storage, rupees */
  launch: number;
  storage: string[];
  ram: string[];
  colours: string[];
  weight: number;
}

const phone = (brand: string, model: string, launched: number, launch: number, storage: string[], ram: string[], colours: string[], weight = 2): Phone => ({
  brand,
  model,
  launched,
  launch,
  storage,
  ram,
  colours,
  weight,
});

const PHONES: Phone[] = [
  phone('iPhone', 'iPhone 11', 2019, 64_900, ['64GB', '128GB'], ['4GB'], ['Black', 'White', 'Purple', 'Red'], 4),
  phone('iPhone', 'iPhone 12', 2020, 69_900, ['64GB', '128GB'], ['4GB'], ['Blue', 'Black', 'White'], 3),
  phone('iPhone', 'iPhone 13', 2021, 69_900, ['128GB', '256GB'], ['4GB'], ['Midnight', 'Starlight', 'Blue', 'Pink'], 5),
  phone('iPhone', 'iPhone 14', 2022, 69_900, ['128GB', '256GB'], ['6GB'], ['Midnight', 'Purple', 'Blue'], 4),
  phone('iPhone', 'iPhone 14 Pro', 2022, 119_900, ['128GB', '256GB'], ['6GB'], ['Deep Purple', 'Space Black', 'Gold'], 2),
  phone('iPhone', 'iPhone 15', 2023, 79_900, ['128GB', '256GB'], ['6GB'], ['Black', 'Blue', 'Pink', 'Green'], 4),
  phone('iPhone', 'iPhone 15 Pro Max', 2023, 159_900, ['256GB', '512GB'], ['8GB'], ['Natural Titanium', 'Blue Titanium'], 2),
  phone('Samsung', 'Galaxy S23', 2023, 74_999, ['128GB', '256GB'], ['8GB'], ['Phantom Black', 'Cream', 'Lavender'], 3),
  phone('Samsung', 'Galaxy S23 Ultra', 2023, 124_999, ['256GB', '512GB'], ['12GB'], ['Phantom Black', 'Green'], 2),
  phone('Samsung', 'Galaxy M34 5G', 2023, 18_999, ['128GB'], ['6GB', '8GB'], ['Midnight Blue', 'Prism Silver'], 3),
  phone('Samsung', 'Galaxy A54 5G', 2023, 38_999, ['128GB', '256GB'], ['8GB'], ['Awesome Graphite', 'Awesome Violet'], 2),
  phone('Samsung', 'Galaxy S21 FE', 2022, 49_999, ['128GB'], ['8GB'], ['Graphite', 'Olive'], 2),
  phone('Samsung', 'Galaxy Z Flip5', 2023, 99_999, ['256GB'], ['8GB'], ['Mint', 'Graphite'], 1),
  phone('OnePlus', 'OnePlus 11', 2023, 56_999, ['128GB', '256GB'], ['8GB', '16GB'], ['Titan Black', 'Eternal Green'], 3),
  phone('OnePlus', 'OnePlus 11R', 2023, 39_999, ['128GB', '256GB'], ['8GB', '16GB'], ['Sonic Black', 'Galactic Silver'], 2),
  phone('OnePlus', 'Nord CE 3 Lite', 2023, 19_999, ['128GB', '256GB'], ['8GB'], ['Pastel Lime', 'Chromatic Gray'], 3),
  phone('OnePlus', 'Nord 3', 2023, 33_999, ['128GB', '256GB'], ['8GB', '16GB'], ['Misty Green', 'Tempest Gray'], 2),
  phone('OnePlus', 'OnePlus 9 Pro', 2021, 64_999, ['128GB', '256GB'], ['8GB', '12GB'], ['Morning Mist', 'Pine Green'], 1),
  phone('Xiaomi', 'Redmi Note 12 Pro', 2023, 24_999, ['128GB', '256GB'], ['6GB', '8GB'], ['Onyx Black', 'Glacier Blue'], 4),
  phone('Xiaomi', 'Redmi Note 13 5G', 2024, 17_999, ['128GB', '256GB'], ['6GB', '8GB'], ['Arctic White', 'Prism Gold'], 3),
  phone('Xiaomi', 'Redmi 12', 2023, 9_999, ['64GB', '128GB'], ['4GB', '6GB'], ['Jade Black', 'Pastel Blue'], 3),
  phone('Xiaomi', 'Poco X5 Pro', 2023, 22_999, ['128GB', '256GB'], ['6GB', '8GB'], ['Yellow', 'Astral Black'], 2),
  phone('Realme', 'Realme 11 Pro+', 2023, 27_999, ['256GB'], ['8GB', '12GB'], ['Sunrise Beige', 'Astral Black'], 2),
  phone('Realme', 'Narzo 60 5G', 2023, 17_999, ['128GB', '256GB'], ['8GB'], ['Mars Orange', 'Cosmic Black'], 2),
  phone('Realme', 'Realme C55', 2023, 10_999, ['64GB', '128GB'], ['4GB', '6GB'], ['Sunshower', 'Rainy Night'], 2),
  phone('Vivo', 'Vivo V27', 2023, 32_999, ['128GB', '256GB'], ['8GB', '12GB'], ['Magic Blue', 'Noble Black'], 2),
  phone('Vivo', 'Vivo Y56 5G', 2023, 19_999, ['128GB'], ['8GB'], ['Orange Shimmer', 'Black Engine'], 2),
  phone('Vivo', 'Vivo T2 Pro', 2023, 23_999, ['128GB', '256GB'], ['8GB'], ['New Moon Black', 'Dune Gold'], 1),
  phone('Oppo', 'Reno 10 5G', 2023, 32_999, ['256GB'], ['8GB'], ['Silvery Grey', 'Ice Blue'], 2),
  phone('Oppo', 'Oppo A78 5G', 2023, 18_999, ['128GB'], ['8GB'], ['Glowing Black', 'Glowing Blue'], 2),
  phone('Oppo', 'Oppo F23 5G', 2023, 24_999, ['256GB'], ['8GB'], ['Bold Gold', 'Cool Black'], 1),
  phone('Nothing', 'Phone (1)', 2022, 32_999, ['128GB', '256GB'], ['8GB', '12GB'], ['White', 'Black'], 2),
  phone('Nothing', 'Phone (2)', 2023, 44_999, ['128GB', '256GB'], ['8GB', '12GB'], ['White', 'Dark Grey'], 2),
  phone('Nothing', 'Phone (2a)', 2024, 23_999, ['128GB', '256GB'], ['8GB', '12GB'], ['White', 'Black'], 2),
  phone('Google Pixel', 'Pixel 7', 2022, 59_999, ['128GB'], ['8GB'], ['Obsidian', 'Snow', 'Lemongrass'], 2),
  phone('Google Pixel', 'Pixel 7a', 2023, 43_999, ['128GB'], ['8GB'], ['Charcoal', 'Sea', 'Snow'], 2),
  phone('Google Pixel', 'Pixel 8', 2023, 75_999, ['128GB', '256GB'], ['8GB'], ['Obsidian', 'Hazel', 'Rose'], 1),
  phone('Google Pixel', 'Pixel 6a', 2022, 43_999, ['128GB'], ['6GB'], ['Charcoal', 'Chalk'], 1),
];
const PHONE_WEIGHTS = PHONES.map((p) => p.weight);
const WARRANTY = ['No Warranty', '1 Month', '3 Months', '6 Months', '1 Year', '2 Years'];

const PHONE_MIDDLE = [
  'No scratches or dents, always used with a cover and screen guard.',
  'Original box, bill and charger available.',
  'Battery backup is still good, easily lasts a full day.',
  'Face unlock, fingerprint and all cameras working perfectly.',
  'Never repaired or opened, all original parts.',
  'Small scratch on the back panel, not visible with a cover.',
];
const PHONE_CLOSE = ['Price slightly negotiable.', 'Exchange not available, cash or UPI only.', 'Can meet anywhere near {place}.', 'Call or WhatsApp, serious buyers only.', 'Selling because I upgraded.'];

export const smartphones: Generator = (ctx) => {
  const { rng } = ctx;
  const p = rng.weighted(PHONES, PHONE_WEIGHTS);
  const storageIndex = rng.int(0, p.storage.length - 1);
  const storage = p.storage[storageIndex] as string;
  const ram = rng.pick(p.ram);
  const colour = rng.pick(p.colours);
  const condition: Condition = rng.weighted(['USED', 'NEW', 'REFURBISHED'], ctx.business ? [5, 2, 3] : [17, 1.5, 1.5]);
  const age = Math.max(0, CONTENT_YEAR - p.launched - (rng.chance(0.5) ? 1 : 0));
  const keep = condition === 'NEW' ? 0.92 : Math.max(0.28, Math.pow(0.8, age + 1) * rng.float(0.9, 1.1)) * (condition === 'REFURBISHED' ? 1.05 : 1);
  const price = charmPrice(rng, roundPrice(p.launch * (1 + storageIndex * 0.15) * keep));
  const warranty = condition === 'NEW' ? '1 Year' : condition === 'REFURBISHED' ? rng.pick(['3 Months', '6 Months']) : age <= 1 ? rng.pick(WARRANTY.slice(1)) : 'No Warranty';
  const name = p.brand === 'iPhone' || p.model.startsWith(p.brand) || p.brand === 'Google Pixel' ? p.model : `${p.brand} ${p.model}`;
  const battery = p.brand === 'iPhone' ? rng.int(78, 100) : 0;
  const hint = condition === 'NEW' ? 'sealed pack' : condition === 'REFURBISHED' ? 'refurbished with warranty' : rng.pick(['mint condition', 'with box and bill', 'excellent condition', 'good condition', 'under warranty', 'urgent sale']);
  const title = clampText(
    rng.pick([
      `${name} ${storage} ${colour}`,
      `${name} ${storage} - ${hint}`,
      `${name} (${ram}/${storage}) ${hint}`,
      `${name} ${colour} ${storage}${battery ? `, battery ${battery}%` : ''}`,
    ]),
    70,
  );
  const values = { place: placeName(ctx.city, ctx.area), city: ctx.city };
  const opener =
    condition === 'NEW'
      ? `Brand new ${name} ${storage} ${colour}, seal pack with bill, 1 year brand warranty.`
      : condition === 'REFURBISHED'
        ? `${ctx.business ? `${ctx.business}: ` : ''}Refurbished ${name} ${ram}/${storage} in ${colour}, ${warranty.toLowerCase()} shop warranty.`
        : `Selling my ${name} ${ram}/${storage} in ${colour}, bought in ${pastMonth(rng, age)}.`;
  return {
    title,
    description: paragraph(
      opener,
      ...(condition === 'NEW' ? [] : rng.sample(PHONE_MIDDLE, rng.int(1, 2))),
      battery && condition !== 'NEW' ? `Battery health ${battery}%.` : null,
      fill(rng.pick(condition === 'USED' ? PHONE_CLOSE : PHONE_CLOSE.filter((c) => !c.includes('upgraded'))), values),
    ),
    price,
    condition,
    features: { brand: p.brand, model: p.model, storage, ram, color: colour, warranty },
  };
};

const LAPTOPS: GoodsItem[] = [
  { name: 'MacBook Air M1', brands: ['Apple'], variants: ['8GB/256GB', '8GB/512GB'], price: [42_000, 62_000], details: ['Battery cycle count under 200, lasts 12+ hours.', 'Space Grey, no dents, keyboard and trackpad perfect.'], weight: 3 },
  { name: 'MacBook Air M2', brands: ['Apple'], variants: ['8GB/256GB', '16GB/512GB'], price: [68_000, 92_000], details: ['Midnight colour, AppleCare till next year.', 'Barely used, battery health 98%.'], weight: 2 },
  { name: 'MacBook Pro 14 M1 Pro', brands: ['Apple'], variants: ['16GB/512GB'], price: [110_000, 140_000], details: ['Perfect for video editing, 120Hz display.', 'Original 67W charger and box included.'] },
  { name: 'Inspiron 15 Core i5 11th Gen', brands: ['Dell'], variants: ['8GB/512GB SSD', '16GB/512GB SSD'], price: [28_000, 42_000], details: ['Full HD display, backlit keyboard.', 'Windows 11 and MS Office activated.'], weight: 3 },
  { name: 'Vostro 3510 Core i3', brands: ['Dell'], variants: ['8GB/256GB SSD'], price: [18_000, 26_000], details: ['Ideal for office work and online classes.', 'Battery gives 3–4 hours.'] },
  { name: 'Pavilion 14 Ryzen 5', brands: ['HP'], variants: ['8GB/512GB SSD', '16GB/512GB SSD'], price: [30_000, 45_000], details: ['Slim and light, fingerprint reader works.', 'Bought from Croma, bill available.'], weight: 2 },
  { name: 'Victus Gaming Core i5 RTX 3050', brands: ['HP'], variants: ['16GB/512GB SSD'], price: [45_000, 60_000], details: ['Runs GTA V and Valorant on high settings.', 'Never overheated, cooling pad included.'] },
  { name: 'IdeaPad Slim 3 Core i5', brands: ['Lenovo'], variants: ['8GB/512GB SSD'], price: [26_000, 38_000], details: ['Good for students, light to carry.', 'Minor wear on the palm rest.'], weight: 2 },
  { name: 'ThinkPad E14 Core i5', brands: ['Lenovo'], variants: ['16GB/512GB SSD'], price: [32_000, 48_000], details: ['Business laptop, legendary keyboard.', 'Company-upgraded, selling personal one.'], refurbShare: 0.3 },
  { name: 'TUF Gaming F15 Core i7 RTX 3060', brands: ['Asus'], variants: ['16GB/1TB SSD'], price: [62_000, 82_000], details: ['144Hz screen, RGB keyboard.', 'Used for gaming on weekends only.'] },
  { name: 'VivoBook 15 Core i3', brands: ['Asus'], variants: ['8GB/512GB SSD'], price: [20_000, 30_000], details: ['Full HD screen, fast SSD boot.', 'Charger and laptop bag included.'], weight: 2 },
  { name: 'Nitro 5 Ryzen 7 RTX 3050', brands: ['Acer'], variants: ['16GB/512GB SSD'], price: [48_000, 62_000], details: ['Great for gaming and editing, 144Hz.', 'Upgraded RAM to 16GB.'] },
];

const TABLETS: GoodsItem[] = [
  { name: 'iPad 9th Gen Wi-Fi', brands: ['Apple'], variants: ['64GB', '256GB'], price: [18_000, 26_000], details: ['Used for online classes, always in a cover.', 'Apple Pencil 1st gen included.'], weight: 3 },
  { name: 'iPad Air 5 M1', brands: ['Apple'], variants: ['64GB', '256GB'], price: [38_000, 52_000], details: ['Blue colour, battery health 96%.', 'Magic keyboard available at extra cost.'] },
  { name: 'iPad Pro 11 M2', brands: ['Apple'], variants: ['128GB', '256GB'], price: [62_000, 80_000], details: ['Perfect for drawing with Apple Pencil 2.', 'Screen guard applied from day one.'] },
  { name: 'Galaxy Tab S7 FE', brands: ['Samsung'], variants: ['4GB/64GB', '6GB/128GB'], price: [18_000, 28_000], details: ['S Pen included, 12.4 inch display.', 'Great for Netflix and notes.'] },
  { name: 'Galaxy Tab A8 LTE', brands: ['Samsung'], variants: ['3GB/32GB', '4GB/64GB'], price: [9_000, 14_000], details: ['SIM calling works, kids used it for classes.', 'Flip cover included.'], weight: 2 },
  { name: 'Tab M10 Plus', brands: ['Lenovo'], variants: ['4GB/64GB'], price: [8_000, 13_000], details: ['2K display, quad speakers.', 'Charger and box available.'] },
  { name: 'Pad 6', brands: ['Xiaomi'], variants: ['6GB/128GB', '8GB/256GB'], price: [18_000, 24_000], details: ['144Hz screen, very smooth.', 'Keyboard cover included.'] },
  { name: 'Pad Go', brands: ['OnePlus'], variants: ['8GB/128GB'], price: [12_000, 17_000], details: ['LTE model, used for three months.', 'Under warranty till next year.'] },
];

const HEADPHONES: GoodsItem[] = [
  { name: 'WH-1000XM4 Noise Cancelling', brands: ['Sony'], price: [12_000, 18_000], details: ['Best-in-class ANC, ear cushions in good shape.', 'Carry case and cables included.'], weight: 2 },
  { name: 'WH-1000XM5', brands: ['Sony'], price: [20_000, 26_000], details: ['Silver colour, barely used.', 'Bought on sale, bill available.'] },
  { name: 'AirPods Pro (2nd Gen)', brands: ['Apple'], price: [13_000, 19_000], details: ['USB-C case, all tips included.', 'Battery life as new.'], weight: 3 },
  { name: 'AirPods (3rd Gen)', brands: ['Apple'], price: [8_000, 12_000], details: ['Lightning case, works perfectly.', 'Bill and box available.'] },
  { name: 'Rockerz 450 Bluetooth Headphones', brands: ['boAt'], price: [700, 1_200], details: ['15 hours playback, mic works.', 'Light scratches on the headband.'], weight: 2 },
  { name: 'Tune 760NC', brands: ['JBL'], price: [3_500, 5_500], details: ['Active noise cancelling, foldable.', 'Comes with the pouch.'] },
  { name: 'QuietComfort 45', brands: ['Bose'], price: [15_000, 21_000], details: ['Super comfortable for long flights.', 'Original case and cables.'] },
  { name: 'Buds Pro 2', brands: ['OnePlus'], price: [5_000, 8_000], details: ['Spatial audio, ANC works great.', 'All ear tips unused.'] },
  { name: 'HD 450BT', brands: ['Sennheiser'], price: [6_000, 9_000], details: ['Great bass, 30 hour battery.', 'Minor wear on ear pads.'] },
  { name: 'Galaxy Buds2 Pro', brands: ['Samsung'], price: [6_000, 9_500], details: ['Bora Purple, works perfectly.', 'Received with the phone, never used much.'] },
];

const CAMERAS: GoodsItem[] = [
  { name: 'EOS 1500D DSLR with 18-55mm', brands: ['Canon'], price: [22_000, 30_000], details: ['Shutter count around 8,000.', 'Bag, 32GB card and extra battery included.'], weight: 3 },
  { name: 'EOS 200D II with 18-55mm', brands: ['Canon'], price: [38_000, 48_000], details: ['Flip screen, great for vlogging.', 'Lens has no fungus or scratches.'] },
  { name: 'EOS R10 with 18-45mm', brands: ['Canon'], price: [62_000, 76_000], details: ['Mirrorless, 4K video.', 'Used for two wedding shoots only.'] },
  { name: 'D5600 with 18-140mm', brands: ['Nikon'], price: [38_000, 50_000], details: ['Shutter count 12,000, sensor clean.', 'Nikon bag and charger included.'], weight: 2 },
  { name: 'Alpha a6400 with 16-50mm', brands: ['Sony'], price: [55_000, 68_000], details: ['Fast autofocus, perfect for YouTube.', 'Two batteries and a SmallRig cage.'], weight: 2 },
  { name: 'Alpha a7 III Body', brands: ['Sony'], price: [95_000, 120_000], details: ['Full frame, shutter count 22,000.', 'No scratches on the screen.'] },
  { name: 'X-T30 with 15-45mm', brands: ['Fujifilm'], price: [48_000, 60_000], details: ['Beautiful film simulations, silver body.', 'Box and bill available.'] },
  { name: 'Hero 11 Black', brands: ['GoPro'], price: [22_000, 30_000], details: ['Waterproof, with chest mount and selfie stick.', 'Two extra batteries.'] },
  { name: 'Osmo Pocket 3', brands: ['DJI'], price: [36_000, 44_000], details: ['Creator combo with mic.', 'Used on one trip.'] },
];

const CONSOLES: GoodsItem[] = [
  { name: 'PlayStation 5 Disc Edition', brands: ['Sony'], price: [32_000, 42_000], details: ['Two DualSense controllers and three games included.', 'Indian unit with bill, never opened for repair.'], weight: 3 },
  { name: 'PlayStation 5 Digital Edition', brands: ['Sony'], price: [26_000, 34_000], details: ['Comes with one controller and the original box.', 'Account will be logged out.'], weight: 2 },
  { name: 'PlayStation 4 Slim 1TB', brands: ['Sony'], price: [14_000, 20_000], details: ['Two controllers, FIFA and GTA V discs.', 'Runs quietly, recently cleaned.'], weight: 2 },
  { name: 'Xbox Series S 512GB', brands: ['Microsoft'], price: [20_000, 26_000], details: ['Game Pass ready, one controller.', 'Box and HDMI cable included.'], weight: 2 },
  { name: 'Xbox Series X 1TB', brands: ['Microsoft'], price: [36_000, 44_000], details: ['4K gaming, two controllers.', 'Used very little.'] },
  { name: 'Nintendo Switch OLED', brands: ['Nintendo'], price: [24_000, 30_000], details: ['With Mario Kart 8 and Zelda cartridges.', 'Screen protector from day one.'], weight: 2 },
  { name: 'Nintendo Switch Lite', brands: ['Nintendo'], price: [13_000, 17_000], details: ['Turquoise, with case and Pokemon game.', 'Kids have moved on to a PS5.'] },
  { name: 'DualSense Wireless Controller', brands: ['Sony'], price: [3_500, 5_000], details: ['No stick drift, all buttons work.', 'Extra controller, hardly used.'] },
];

export const laptops = goods(LAPTOPS);
export const tablets = goods(TABLETS);
export const headphones = goods(HEADPHONES);
export const cameras = goods(CAMERAS);
export const consoles = goods(CONSOLES);
