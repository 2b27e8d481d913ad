/**
 * GST reference data and arithmetic for tax invoices (decision 015). Reviewed data, not scattered
 * conditions: the state codes are the GSTN's (the first two digits of a GSTIN), keyed by the state
 * names our locations table uses; the rates and the SAC are the ones SEL's advertising services
 * attract (SAC 998365, "sale of internet advertising space", 18 %).
 */

/** Services accounting code of online advertising space. */
export const ADVERTISING_SAC = '998365';
/** Intra-state supply: half to the Centre, half to the State. */
export const CGST_PERCENT = 9;
export const SGST_PERCENT = 9;
/** Inter-state supply. */
export const IGST_PERCENT = 18;

export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** A GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, "Z", check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export interface TaxSplit {
  intraState: boolean;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
}

/**
 * Splits the order's GST (already rounded once, on the subtotal) by place of supply. Same state:
 * CGST is 9 % of the taxable value rounded half up and SGST the rest, so the two always add up to
 * the GST the buyer paid, to the paisa. Other state: all of it is IGST.
 */
export const splitGst = (taxableMinor: number, gstMinor: number, supplierState: string, placeOfSupply: string): TaxSplit => {
  if (supplierState !== placeOfSupply) return { intraState: false, cgstMinor: 0, sgstMinor: 0, igstMinor: gstMinor };
  const cgstMinor = Math.min(gstMinor, Math.round((taxableMinor * CGST_PERCENT) / 100));
  return { intraState: true, cgstMinor, sgstMinor: gstMinor - cgstMinor, igstMinor: 0 };
};

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99: "Eighty-Two". */
const twoDigits = (n: number) => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`);

/** 1–999: "Four Hundred Seventy". */
const threeDigits = (n: number) => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? twoDigits(rest) : ''].filter(Boolean).join(' ');
};

/** A whole number in words with Indian grouping (crore, lakh, thousand): 12,34,56,789 → "Twelve Crore Thirty-Four Lakh …". */
export const numberInIndianWords = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of rupees: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [crore ? `${numberInIndianWords(crore)} Crore` : '', lakh ? `${twoDigits(lakh)} Lakh` : '', thousand ? `${twoDigits(thousand)} Thousand` : '', rest ? threeDigits(rest) : '']
    .filter(Boolean)
    .join(' ');
};

/** An amount in paise as an invoice writes it: "Four Hundred Seventy Rupees and Eighty-Two Paise", "One Rupee Only". */
export const amountInWords = (minor: number): string => {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Not an amount in paise: ${minor}`);
  const rupees = Math.floor(minor / 100);
  const paise = minor % 100;
  const rupeePart = `${numberInIndianWords(rupees)} ${rupees === 1 ? 'Rupee' : 'Rupees'}`;
  if (!paise) return `${rupeePart} Only`;
  const paisePart = `${twoDigits(paise)} ${paise === 1 ? 'Paisa' : 'Paise'}`;
  return rupees ? `${rupeePart} and ${paisePart}` : `${paisePart} Only`;
};

/** ₹ with Indian digit grouping and two decimals: 123456.5 → "₹1,23,456.50". */
export const formatRupees = (minor: number) =>
  `₹${(minor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
