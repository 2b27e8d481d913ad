/** Mirrors CURRENCIES in worker/schemas/selling.ts (a value import from there would pull full zod into the chunk). */
export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD'] as const;
export const CURRENCY_SIGNS: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£', CAD: '$' };
