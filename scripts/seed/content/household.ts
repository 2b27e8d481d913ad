/** Home & Garden, Fashion, Books & Media, Pets (supplies only — no live animals) and Sports. */
import { goods, type GoodsItem } from './goods';

const FURNITURE: GoodsItem[] = [
  { name: '3 Seater Fabric Sofa', brands: ['Urban Ladder', 'Pepperfry', 'Wakefit', ''], price: [6_000, 22_000], details: ['Grey fabric, no stains or tears, cushions still firm.', 'Solid wood frame, pet-free and smoke-free home.'], weight: 3 },
  { name: 'L-Shaped Sofa Set with Centre Table', brands: ['Durian', 'Godrej Interio', ''], price: [15_000, 38_000], details: ['Seats six comfortably, beige colour.', 'Centre table with glass top included.'], weight: 2 },
  { name: '6 Seater Sheesham Wood Dining Table', brands: ['', 'Pepperfry', 'Urban Ladder'], price: [12_000, 30_000], details: ['Solid sheesham wood with cushioned chairs.', 'Fresh polish done last year.'], weight: 2 },
  { name: 'Queen Size Bed with Storage', brands: ['Wakefit', 'Nilkamal', 'Godrej Interio', ''], price: [8_000, 20_000], details: ['Hydraulic storage, engineered wood.', 'Mattress available separately.'], weight: 3 },
  { name: 'King Size Teak Wood Bed', brands: [''], price: [18_000, 40_000], details: ['Made by a local carpenter in pure teak.', 'Very sturdy, needs two people to shift.'] },
  { name: '3 Door Wardrobe with Mirror', brands: ['Godrej Interio', 'Nilkamal', ''], price: [7_000, 18_000], details: ['Locker and hanging space inside.', 'Can be dismantled for transport.'], weight: 2 },
  { name: 'Study Table with Bookshelf', brands: ['IKEA', 'Nilkamal', ''], price: [2_000, 6_000], details: ['Perfect for kids or work from home.', 'Minor marks on the top.'] },
  { name: 'Ergonomic Office Chair', brands: ['Green Soul', 'Featherlite', 'Featherlite', 'IKEA'], price: [3_500, 12_000], details: ['Lumbar support and adjustable armrests.', 'Mesh back, height adjustment works.'], weight: 2 },
  { name: 'TV Unit with Drawers', brands: ['Pepperfry', 'IKEA', ''], price: [3_000, 9_000], details: ['Fits TVs up to 55 inches.', 'Walnut finish, soft-close drawers.'] },
  { name: 'Recliner Chair', brands: ['Home Centre', 'Duroflex', ''], price: [8_000, 20_000], details: ['Manual recline, leatherette.', 'Very comfortable for reading.'] },
  { name: 'Shoe Rack (5 Shelves)', brands: ['Nilkamal', ''], price: [800, 2_500], details: ['Holds 20 pairs, doors close properly.'] },
];

const APPLIANCES: GoodsItem[] = [
  { name: 'Double Door Refrigerator 260L', brands: ['LG', 'Samsung', 'Whirlpool', 'Godrej'], price: [12_000, 22_000], details: ['Frost free, cooling is perfect, compressor never repaired.', '3 star rating, convertible freezer.'], weight: 3 },
  { name: 'Single Door Refrigerator 190L', brands: ['Whirlpool', 'LG', 'Haier', 'Godrej'], price: [6_000, 11_000], details: ['Direct cool, works perfectly.', 'Stabiliser-free operation.'], weight: 2 },
  { name: 'Front Load Washing Machine 7kg', brands: ['LG', 'IFB', 'Bosch', 'Samsung'], price: [12_000, 22_000], details: ['Inverter motor, steam wash.', 'Stand and inlet pipe included.'], weight: 2 },
  { name: 'Top Load Washing Machine 6.5kg', brands: ['Samsung', 'Whirlpool', 'LG'], price: [7_000, 12_000], details: ['Fully automatic, all programs work.', 'Recently serviced.'], weight: 2 },
  { name: '1.5 Ton 3 Star Split AC', brands: ['Voltas', 'LG', 'Daikin', 'Blue Star', 'Lloyd'], price: [16_000, 28_000], details: ['Inverter, copper condenser, cools fast.', 'Outdoor unit stand and remote included.'], weight: 3 },
  { name: '1.5 Ton Window AC', brands: ['Voltas', 'Blue Star', 'Lloyd'], price: [9_000, 16_000], details: ['Serviced before summer, no gas leak.'] },
  { name: '25L Convection Microwave', brands: ['IFB', 'Samsung', 'LG'], price: [5_000, 9_000], details: ['Grill, convection and auto-cook menus.', 'Glass tray and rack included.'] },
  { name: 'RO + UV Water Purifier', brands: ['Kent', 'Aquaguard', 'Pureit'], price: [4_000, 9_000], details: ['Filters changed three months ago.', 'Wall mount kit included.'] },
  { name: '43 inch 4K Smart LED TV', brands: ['Mi', 'Samsung', 'LG', 'Sony', 'OnePlus'], price: [14_000, 28_000], details: ['Netflix, Prime Video and YouTube built in.', 'Wall mount and remote included, no dead pixels.'], weight: 2 },
  { name: '15L Storage Geyser', brands: ['Racold', 'AO Smith', 'Bajaj', 'Havells'], price: [3_500, 7_000], details: ['Heats in 10 minutes, no leakage.'] },
  { name: 'Desert Air Cooler 70L', brands: ['Symphony', 'Bajaj', 'Crompton'], price: [4_500, 9_000], details: ['Honeycomb pads replaced this year.', 'Castor wheels, remote control.'] },
  { name: 'Kitchen Chimney 60cm', brands: ['Elica', 'Faber', 'Hindware'], price: [5_000, 11_000], details: ['Auto-clean, filterless.', 'Removed during kitchen renovation.'] },
];

const GARDEN_TOOLS: GoodsItem[] = [
  { name: 'Electric Lawn Mower', brands: ['Bosch', 'Black+Decker'], price: [5_000, 12_000], details: ['32 cm cutting width, grass box included.'] },
  { name: 'Garden Tool Kit (5 pieces)', brands: ['Falcon', 'Kraft Seeds', ''], price: [500, 1_500], details: ['Trowel, cultivator, pruner, weeder and gloves.'] },
  { name: 'Ceramic Planters (set of 4)', brands: [''], price: [800, 2_500], details: ['Glazed white and blue, drainage holes.', 'Plants can be given free with them.'] },
  { name: 'Garden Hose 30m with Spray Gun', brands: ['Gardena', ''], price: [800, 2_000], details: ['Kink-free, brass fittings.'] },
  { name: 'Cordless Grass Trimmer', brands: ['Bosch', 'Makita'], price: [4_000, 9_000], details: ['Battery and charger included.'] },
  { name: 'Cocopeat and Vermicompost Combo', brands: [''], price: [300, 900], details: ['25 kg of each, for terrace gardening.'], newShare: 0.8 },
];

const HOME_DECOR: GoodsItem[] = [
  { name: 'Madhubani Painting (framed)', brands: [''], price: [1_500, 8_000], details: ['Original hand-painted artwork, 24x36 inches.'] },
  { name: 'Jaipur Hand-knotted Carpet 5x8 ft', brands: [''], price: [6_000, 18_000], details: ['Wool, traditional design, professionally cleaned.'] },
  { name: 'Blackout Curtains (set of 4)', brands: ['Home Centre', 'Story@Home'], price: [1_000, 3_000], details: ['7 ft, eyelet style, maroon.'] },
  { name: 'Brass Diya and Urli Set', brands: [''], price: [800, 3_500], details: ['Perfect for pooja room and festivals.'] },
  { name: 'Wooden Wall Shelves (set of 3)', brands: ['Home Centre', ''], price: [700, 2_000], details: ['Hexagon design, screws included.'] },
  { name: 'Table Lamp with Fabric Shade', brands: ['IKEA', 'Philips', ''], price: [600, 2_500], details: ['Warm white LED bulb included.'] },
  { name: 'Full Length Wall Mirror', brands: [''], price: [1_500, 5_000], details: ['Teak frame, 5 ft tall.'] },
];

const KITCHEN: GoodsItem[] = [
  { name: '5L Pressure Cooker', brands: ['Prestige', 'Hawkins'], price: [900, 2_200], details: ['New gasket and safety valve fitted.'], weight: 2 },
  { name: 'Mixer Grinder 750W (3 jars)', brands: ['Bajaj', 'Preethi', 'Philips', 'Sujata'], price: [1_500, 4_500], details: ['All jars and blades in good condition.', 'Grinds dosa batter smoothly.'], weight: 2 },
  { name: 'Induction Cooktop', brands: ['Prestige', 'Philips', 'Pigeon'], price: [1_000, 2_500], details: ['All touch buttons working.'] },
  { name: '3 Burner Glass Top Gas Stove', brands: ['Prestige', 'Sunflame', 'Butterfly'], price: [2_000, 5_000], details: ['Brass burners, auto ignition.'] },
  { name: 'Non-stick Cookware Set', brands: ['Prestige', 'Hawkins Futura', 'Wonderchef'], price: [1_200, 3_500], details: ['Kadhai, tawa and frying pan with lids.'] },
  { name: 'Opalware Dinner Set (27 pieces)', brands: ['La Opala', 'Borosil', 'Cello'], price: [1_500, 4_000], details: ['Unused, gifted at housewarming.'], newShare: 0.4 },
  { name: 'Air Fryer 4.1L', brands: ['Philips', 'Inalsa', 'Havells'], price: [3_000, 6_500], details: ['Makes crispy fries with a spoon of oil.'] },
  { name: 'Oven Toaster Griller 28L', brands: ['Bajaj', 'Morphy Richards', 'Agaro'], price: [2_500, 5_500], details: ['Rotisserie and convection, baking trays included.'] },
];

const CLOTHING: GoodsItem[] = [
  { name: 'Banarasi Silk Saree', brands: [''], price: [2_500, 12_000], details: ['Worn once for a wedding, with matching blouse piece.', 'Dry cleaned and kept in a saree cover.'], weight: 2 },
  { name: 'Kanjeevaram Silk Saree', brands: ['Nalli', 'Pothys', ''], price: [6_000, 25_000], details: ['Pure zari border, original silk mark tag.'] },
  { name: 'Designer Lehenga Choli', brands: ['', 'Manyavar Mohey'], price: [5_000, 20_000], details: ['Bridal/reception wear, size M, worn once.', 'Heavy embroidery with dupatta and can-can.'], weight: 2 },
  { name: 'Sherwani with Safa', brands: ['Manyavar', ''], price: [4_000, 14_000], details: ['Size 40, cream colour, worn for my wedding only.'] },
  { name: 'Jeans (pack of 2)', brands: ["Levi's", 'Wrangler', 'Pepe Jeans'], price: [800, 2_500], details: ['Waist 32, slim fit, hardly worn.'] },
  { name: 'Formal Shirts (set of 3)', brands: ['Allen Solly', 'Van Heusen', 'Peter England'], price: [700, 2_000], details: ['Size 40, ironed and ready to wear.'] },
  { name: 'Winter Jacket', brands: ['Woodland', 'Decathlon', 'Monte Carlo'], price: [1_200, 4_000], details: ['Used on one Manali trip, size L.'] },
  { name: 'Two-piece Suit', brands: ['Raymond', 'Blackberrys'], price: [3_000, 9_000], details: ['Navy blue, chest 40, tailored fit.'] },
];

const SHOES: GoodsItem[] = [
  { name: 'Air Max Running Shoes', brands: ['Nike'], variants: ['UK 8', 'UK 9', 'UK 10'], price: [3_000, 7_000], details: ['Original with box, worn a few times.'], weight: 2 },
  { name: 'Ultraboost Running Shoes', brands: ['Adidas'], variants: ['UK 8', 'UK 9'], price: [4_500, 9_000], details: ['Bought from the Adidas store, bill available.'] },
  { name: 'Sports Shoes', brands: ['Puma', 'Skechers', 'ASICS'], variants: ['UK 7', 'UK 8', 'UK 9'], price: [1_500, 4_000], details: ['Comfortable for walking and gym.'], weight: 2 },
  { name: 'Leather Trekking Boots', brands: ['Woodland', 'Red Chief'], variants: ['UK 8', 'UK 9', 'UK 10'], price: [2_000, 4_500], details: ['Good grip, waterproof, used on two treks.'] },
  { name: 'Formal Leather Shoes', brands: ['Bata', 'Red Tape', 'Hush Puppies'], variants: ['UK 8', 'UK 9'], price: [1_000, 3_500], details: ['Black, worn at two office events.'] },
  { name: 'Classic Clogs', brands: ['Crocs'], variants: ['M8', 'M9', 'W6'], price: [1_200, 2_500], details: ['Original, not a copy.'] },
];

const ACCESSORIES: GoodsItem[] = [
  { name: 'Aviator Sunglasses', brands: ['Ray-Ban'], price: [3_000, 7_000], details: ['Original with case and certificate card.'] },
  { name: 'Leather Handbag', brands: ['Caprese', 'Lavie', 'Baggit', 'Hidesign'], price: [1_000, 5_000], details: ['Tan colour, used a few times, no peeling.'], weight: 2 },
  { name: 'Laptop Backpack', brands: ['Wildcraft', 'American Tourister', 'Skybags'], price: [800, 2_500], details: ['Fits 15.6 inch laptop, rain cover included.'], weight: 2 },
  { name: 'Cabin Trolley Bag', brands: ['VIP', 'Safari', 'American Tourister'], price: [1_500, 4_500], details: ['Four spinner wheels, TSA lock.'] },
  { name: 'Leather Wallet and Belt Combo', brands: ['Tommy Hilfiger', 'Woodland', 'Allen Solly'], price: [800, 2_500], details: ['Gift set, unused.'], newShare: 0.5 },
];

const JEWELRY: GoodsItem[] = [
  { name: 'Kundan Necklace Set with Earrings', brands: [''], price: [1_500, 6_000], details: ['Bridal wear, worn once, no stones missing.'], weight: 2 },
  { name: 'Oxidised Silver Jhumkas', brands: [''], price: [300, 1_200], details: ['Lightweight, good for daily wear.'] },
  { name: '925 Silver Anklets (Payal) Pair', brands: ['GIVA', ''], price: [1_500, 4_000], details: ['Hallmarked silver, bill available.'] },
  { name: 'American Diamond Necklace Set', brands: [''], price: [1_200, 4_500], details: ['Rose gold finish, comes in a box.'] },
  { name: 'Gold-plated Temple Jewellery Set', brands: [''], price: [2_000, 7_000], details: ['South Indian design, worn for a function.'] },
];

const WATCHES: GoodsItem[] = [
  { name: 'Analog Watch for Men', brands: ['Titan', 'Fastrack', 'Timex'], price: [1_200, 4_500], details: ['Leather strap, battery changed recently.'], weight: 2 },
  { name: 'G-Shock Digital Watch', brands: ['Casio'], price: [4_000, 9_000], details: ['Shock resistant, 200m water resistant, original.'], weight: 2 },
  { name: 'Chronograph Watch', brands: ['Fossil', 'Tommy Hilfiger', 'Armani Exchange'], price: [4_000, 11_000], details: ['All subdials working, box and warranty card.'] },
  { name: 'Seiko 5 Automatic', brands: ['Seiko'], price: [8_000, 16_000], details: ['Keeps good time, serviced last year.'] },
  { name: 'Apple Watch Series 8 GPS 45mm', brands: ['Apple'], price: [18_000, 26_000], details: ['Battery health 92%, two extra straps.'] },
  { name: 'Smartwatch with Calling', brands: ['Noise', 'boAt', 'Amazfit', 'Fire-Boltt'], price: [900, 3_500], details: ['AMOLED display, SpO2 and heart-rate tracking.'], weight: 2 },
];

const BOOKS: GoodsItem[] = [
  { name: 'NCERT Class 12 PCM Full Set', brands: [''], price: [600, 1_500], details: ['Physics, Chemistry and Maths, some highlighting.', 'Useful for JEE and board exams.'], weight: 3 },
  { name: 'HC Verma Concepts of Physics (Vol 1 & 2)', brands: [''], price: [400, 800], details: ['Clean copies, no writing inside.'], weight: 2 },
  { name: 'UPSC Books Combo (Laxmikanth, Spectrum, Ramesh Singh)', brands: [''], price: [800, 1_800], details: ['Latest editions, notes in pencil only.'], weight: 2 },
  { name: 'Harry Potter Complete Box Set', brands: ['Bloomsbury'], price: [1_800, 3_500], details: ['All seven books in paperback, like new.'] },
  { name: 'Shiva Trilogy by Amish', brands: [''], price: [350, 700], details: ['All three books, read once.'] },
  { name: 'Allen NEET Study Modules', brands: [''], price: [1_500, 4_000], details: ['Complete set for Biology, Physics and Chemistry.'] },
  { name: 'CA Foundation Books and Notes', brands: ['ICAI'], price: [800, 2_000], details: ['Latest syllabus with solved papers.'] },
  { name: 'Premchand Story Collection (Hindi)', brands: [''], price: [150, 450], details: ['Mansarovar volumes, good condition.'] },
];

const MOVIES: GoodsItem[] = [
  { name: 'Bollywood DVD Collection (40 films)', brands: [''], price: [800, 2_000], details: ['Classic and 2000s hits, all discs play fine.'] },
  { name: 'Marvel Blu-ray Box Set', brands: ['Disney'], price: [2_500, 6_000], details: ['Original discs, mint condition.'] },
  { name: 'Satyajit Ray Film Collection DVD', brands: [''], price: [1_000, 2_500], details: ['Restored editions with subtitles.'] },
];

const MUSIC: GoodsItem[] = [
  { name: 'F310 Acoustic Guitar', brands: ['Yamaha'], price: [5_000, 8_000], details: ['New strings, bag and capo included.', 'Perfect for beginners.'], weight: 3 },
  { name: 'CT-S300 Keyboard 61 keys', brands: ['Casio'], price: [6_000, 10_000], details: ['Adapter and stand included, all keys working.'], weight: 2 },
  { name: 'Harmonium (3.5 octave, scale changer)', brands: [''], price: [6_000, 18_000], details: ['Made in Kolkata, rich sound.'] },
  { name: 'Tabla Set with Hammer', brands: [''], price: [3_000, 8_000], details: ['Copper bayan, recently tuned.'] },
  { name: 'Soprano Ukulele', brands: ['Kadence', 'Juarez'], price: [1_200, 3_000], details: ['Comes with gig bag and tuner.'] },
  { name: 'Vinyl Records Lot (Old Hindi Film Songs)', brands: ['HMV', 'Saregama'], price: [1_500, 5_000], details: ['20 LPs from the 70s and 80s, good sleeves.'] },
];

const GAMES: GoodsItem[] = [
  { name: 'PS4 Games Bundle (FIFA 23, GTA V, Spider-Man)', brands: ['Sony'], price: [1_800, 3_500], details: ['All discs scratch-free.'], weight: 2 },
  { name: 'PS5 Game: God of War Ragnarok', brands: ['Sony'], price: [1_800, 2_800], details: ['Disc in perfect condition, finished once.'] },
  { name: 'Monopoly and Scrabble Board Games', brands: ['Hasbro', 'Mattel'], price: [700, 1_600], details: ['All pieces complete.'] },
  { name: 'Wooden Chess Board with Staunton Pieces', brands: [''], price: [800, 2_500], details: ['Tournament size, folding board.'] },
  { name: 'Xbox Game Discs (set of 5)', brands: ['Microsoft'], price: [1_500, 3_500], details: ['Forza, Halo and more, all original.'] },
];

const MAGAZINES: GoodsItem[] = [
  { name: 'Competition Success Review (24 issues)', brands: [''], price: [200, 600], details: ['Useful for current affairs preparation.'] },
  { name: 'Tinkle Comics Collection (50 issues)', brands: ['Tinkle'], price: [600, 1_500], details: ['Old issues from the 90s, good condition.'] },
  { name: 'National Geographic Magazines (3 years)', brands: ['National Geographic'], price: [800, 2_000], details: ['Complete set, no torn pages.'] },
  { name: 'India Today Back Issues', brands: [''], price: [150, 500], details: ['Bundle of 30, for collectors or scrap art.'] },
];

const PET_SUPPLIES: GoodsItem[] = [
  { name: 'Large Dog Cage (42 inch)', brands: ['', 'Pet Club 51'], price: [2_500, 6_000], details: ['Foldable, with removable tray.', 'Fits Labrador or German Shepherd.'], weight: 2 },
  { name: 'Aquarium 3 ft with Filter and Light', brands: ['', 'SOBO'], price: [3_000, 8_000], details: ['Glass tank with stand, filter and heater.', 'Fish not included.'], weight: 2 },
  { name: 'Bird Cage (large, double door)', brands: [''], price: [1_000, 3_000], details: ['Powder coated, feeders included.'] },
  { name: 'Cat Litter Box with Scoop', brands: ['Trixie', ''], price: [500, 1_500], details: ['Hooded, easy to clean.'] },
  { name: 'Dog Kennel (wooden)', brands: [''], price: [3_000, 8_000], details: ['Waterproof roof, suits medium breeds.'] },
];

const PET_FOOD: GoodsItem[] = [
  { name: 'Adult Dog Food Chicken & Vegetables 10kg', brands: ['Pedigree'], price: [1_800, 2_600], details: ['Sealed bag, expiry next year.', 'My dog switched to a vet diet, hence selling.'], newShare: 0.9, weight: 2 },
  { name: 'Maxi Adult Dry Dog Food 4kg', brands: ['Royal Canin'], price: [2_500, 3_500], details: ['Sealed pack, bought extra.'], newShare: 0.9 },
  { name: 'Puppy Dry Food 3kg', brands: ['Drools', 'Purepet'], price: [600, 1_100], details: ['Unopened, long expiry.'], newShare: 0.9 },
  { name: 'Ocean Fish Cat Food 3kg', brands: ['Whiskas', 'Me-O'], price: [700, 1_300], details: ['Sealed, our cat prefers wet food.'], newShare: 0.9 },
  { name: 'Fish Food Flakes (3 packs)', brands: ['Tetra', 'Taiyo'], price: [300, 700], details: ['Unopened.'], newShare: 0.9 },
];

const PET_ACCESSORIES: GoodsItem[] = [
  { name: 'Dog Harness and Leash Set', brands: ['Heads Up For Tails', 'Trixie', ''], price: [400, 1_500], details: ['Size M, reflective strips.'], weight: 2 },
  { name: 'Orthopedic Dog Bed (large)', brands: ['Heads Up For Tails', ''], price: [1_500, 4_000], details: ['Washable cover, used for a few months.'] },
  { name: 'Cat Scratching Post Tower', brands: [''], price: [1_200, 3_500], details: ['Three levels with a hideout.'] },
  { name: 'Pet Grooming Kit', brands: ['Wahl', ''], price: [800, 2_500], details: ['Clipper, combs and nail cutter.'] },
  { name: 'Steel Feeding Bowls (set of 2)', brands: [''], price: [200, 600], details: ['Anti-skid base.'] },
];

const FITNESS: GoodsItem[] = [
  { name: 'Motorised Treadmill', brands: ['PowerMax', 'Cockatoo', 'Fitkit'], price: [15_000, 35_000], details: ['2 HP motor, auto incline, 12 programs.', 'Used for six months, lubricated regularly.'], weight: 3 },
  { name: 'Adjustable Dumbbell Set 20kg', brands: ['Kore', 'Decathlon Domyos', ''], price: [1_500, 4_000], details: ['Rods, plates and locks included.'], weight: 2 },
  { name: 'Home Gym Bench (incline/decline)', brands: ['Kore', 'Cockatoo'], price: [3_000, 8_000], details: ['Supports 150 kg, with leg curl attachment.'] },
  { name: 'Exercise Spin Bike', brands: ['Reach', 'PowerMax', 'Domyos'], price: [8_000, 18_000], details: ['Flywheel 6 kg, digital monitor.'] },
  { name: 'Yoga Mat with Blocks', brands: ['Boldfit', 'Decathlon'], price: [400, 1_200], details: ['6mm, anti-slip, carry strap included.'] },
];

const SPORTS_GEAR: GoodsItem[] = [
  { name: 'English Willow Cricket Bat', brands: ['SS', 'SG', 'MRF', 'Kookaburra'], price: [3_000, 12_000], details: ['Knocked in and oiled, full size.', 'Grade 2 willow, 10 grains.'], weight: 3 },
  { name: 'Badminton Racket', brands: ['Yonex', 'Li-Ning'], variants: ['Nanoray 7000i', 'Astrox 88', 'G-Force 3600'], price: [1_200, 6_000], details: ['Strung at 26 lbs, with cover.'], weight: 2 },
  { name: 'Football Size 5', brands: ['Nivia', 'Adidas', 'Cosco'], price: [500, 2_000], details: ['FIFA quality, holds air well.'] },
  { name: 'Table Tennis Table (foldable)', brands: ['Stag', 'Decathlon'], price: [12_000, 25_000], details: ['Net, bats and balls included.'] },
  { name: 'Inline Skates', brands: ['Jaspo', 'Oxelo'], variants: ['Size 7', 'Size 8'], price: [1_500, 4_500], details: ['ABEC-7 bearings, with protective gear.'] },
];

const OUTDOOR: GoodsItem[] = [
  { name: '4 Person Camping Tent', brands: ['Quechua', 'Coleman'], price: [2_500, 7_000], details: ['Waterproof, used on two trips, all pegs present.'], weight: 2 },
  { name: '50L Trekking Backpack', brands: ['Wildcraft', 'Forclaz', 'Quechua'], price: [1_500, 4_500], details: ['Rain cover and hip belt, used for Kedarkantha trek.'], weight: 2 },
  { name: 'Sleeping Bag (0°C)', brands: ['Quechua', 'Forclaz'], price: [1_500, 3_500], details: ['Compression sack included, washed.'] },
  { name: 'Trekking Poles (pair)', brands: ['Forclaz', ''], price: [800, 2_000], details: ['Aluminium, adjustable, anti-shock.'] },
  { name: 'Portable Camping Stove', brands: ['Quechua', ''], price: [700, 2_000], details: ['Butane canister model, works perfectly.'] },
];

const TEAM_SPORTS: GoodsItem[] = [
  { name: 'Complete Cricket Kit (Senior)', brands: ['SS', 'SG'], price: [5_000, 12_000], details: ['Bat, pads, gloves, helmet, thigh guard and kit bag.'], weight: 3 },
  { name: 'Football Goal Post Nets (pair)', brands: ['Nivia', ''], price: [1_500, 4_000], details: ['Heavy-duty nylon, 7-a-side size.'] },
  { name: 'Volleyball with Net', brands: ['Mikasa', 'Cosco'], price: [1_000, 3_000], details: ['Used by our society team.'] },
  { name: 'Hockey Sticks (set of 4)', brands: ['Vixen', 'Grays'], price: [2_000, 6_000], details: ['Composite, suitable for turf.'] },
  { name: 'Team Jerseys Printed (set of 15)', brands: [''], price: [2_500, 6_000], details: ['Dry-fit, sizes M to XL, custom names removable.'] },
];

export const furniture = goods(FURNITURE);
export const appliances = goods(APPLIANCES);
export const gardenTools = goods(GARDEN_TOOLS);
export const homeDecor = goods(HOME_DECOR);
export const kitchen = goods(KITCHEN);
export const clothing = goods(CLOTHING);
export const shoes = goods(SHOES);
export const accessories = goods(ACCESSORIES);
export const jewelry = goods(JEWELRY);
export const watches = goods(WATCHES);
export const books = goods(BOOKS);
export const movies = goods(MOVIES);
export const music = goods(MUSIC);
export const games = goods(GAMES);
export const magazines = goods(MAGAZINES);
export const petSupplies = goods(PET_SUPPLIES);
export const petFood = goods(PET_FOOD);
export const petAccessories = goods(PET_ACCESSORIES);
export const fitness = goods(FITNESS);
export const sportsGear = goods(SPORTS_GEAR);
export const outdoor = goods(OUTDOOR);
export const teamSports = goods(TEAM_SPORTS);
