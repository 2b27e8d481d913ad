/** The built-in premium buyer plans (part 2 §3, §9). Prices in rupees per 30-day period. */
export const PREMIUM_PLANS = [
  {
    id: 'basic',
    name: 'SEL Buyer Basic',
    type: 'BASIC',
    description: 'Stand out to sellers: a premium badge and priority in their chat lists.',
    price: 99,
    validityDays: 30,
    phoneNumbersLimit: 0,
    features: ['Premium badge on your messages', 'Priority position in sellers’ chat lists', 'Faster responses from sellers'],
  },
  {
    id: 'pro',
    name: 'SEL Buyer Pro',
    type: 'PRO',
    description: 'Call owners directly and buy fast: seller phone numbers and curated leads.',
    price: 299,
    validityDays: 30,
    phoneNumbersLimit: 50,
    features: [
      'Everything in Basic',
      'Direct access to seller phone numbers (50 per month)',
      'Curated seller leads in your categories',
    ],
  },
] as const;
