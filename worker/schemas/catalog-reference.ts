/**
 * Popular search terms and banner ads as first written into the database by
 * scripts/generate-reference-data.ts (migration 0002). Kept here, importing nothing, so the Hindi
 * catalogue's test can check that every one of them has its Hindi words (catalog-hi.ts).
 */

/** Popular search terms per category id ('' = the whole site), in display order. */
export const POPULAR_SEARCH_TERMS: Record<string, string[]> = {
  '': ['iphone', 'royal enfield', 'swift', '2 bhk rent', 'activa', 'sofa', 'laptop', 'creta', 'samsung', 'pg'],
  vehicles: ['swift', 'creta', 'activa', 'royal enfield classic', 'innova', 'nexon', 'pulsar', 'city', 'splendor', 'xuv700'],
  properties: ['2 bhk', '3 bhk flat', 'independent house', 'plot', 'pg', 'office space', 'villa', 'rent'],
  electronics: ['iphone 15', 'samsung galaxy', 'oneplus', 'macbook', 'ps5', 'canon', 'ipad', 'airpods'],
  jobs: ['delivery', 'data entry', 'sales', 'driver', 'teacher', 'work from home', 'accountant'],
  sports: ['treadmill', 'cricket bat', 'cycle', 'dumbbells', 'football'],
  'home-and-garden': ['sofa', 'bed', 'fridge', 'washing machine', 'dining table', 'ac', 'wardrobe'],
  fashion: ['watch', 'saree', 'sneakers', 'kurta', 'handbag'],
  'books-and-media': ['ncert', 'novels', 'guitar', 'upsc books', 'comics'],
  pets: ['dog food', 'cage', 'aquarium', 'cat litter'],
  services: ['plumber', 'electrician', 'packers movers', 'tuition', 'ac repair'],
};

export interface BannerAdSeed {
  id: string;
  logo: string;
  title: string;
  subtitle: string;
  buttonText: string;
  link: string;
}

export const BANNER_ADS: BannerAdSeed[] = [
  {
    id: 'ban_elite_buyer',
    logo: '/favicon.svg',
    title: 'Get SEL Buyer Pro',
    subtitle: 'Call sellers directly and buy faster with SEL Buyer Pro',
    buttonText: 'Go Pro',
    link: '/premium',
  },
  {
    id: 'ban_sell_faster',
    logo: '/favicon.svg',
    title: 'Sell faster on SEL',
    subtitle: 'Post your ad in under two minutes and reach buyers near you',
    buttonText: 'Start selling',
    link: '/en-in/post',
  },
];
