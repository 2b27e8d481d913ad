import { FREE_CATEGORIES } from '../schemas/options';

/**
 * The automatic check every new or edited ad passes before going live. It holds back what SEL
 * does not allow (drugs, weapons, documents, organs, live wild animals, counterfeit money) and
 * ads with no price outside the categories where free is normal. Returns the reason, or null.
 */
const BANNED: { pattern: RegExp; what: string }[] = [
  { pattern: /\b(ganja|charas|cocaine|heroin|mdma|lsd|weed|marijuana|opium|brown sugar)\b/i, what: 'drugs' },
  { pattern: /\b(pistol|revolver|rifle|gun|bullets?|ammunition|katta)\b/i, what: 'weapons' },
  { pattern: /\b(aadhaar|aadhar|pan card|passport|voter id|driving licen[cs]e)\b.{0,30}\b(for sale|sell|selling|available)\b/i, what: 'identity documents' },
  { pattern: /\b(kidney|liver|organ)\b.{0,20}\b(sale|sell|donor)\b/i, what: 'human organs' },
  { pattern: /\b(fake|duplicate|counterfeit)\b.{0,20}\b(notes?|currency|money)\b/i, what: 'counterfeit money' },
  { pattern: /\b(ivory|tiger skin|star tortoise|parrots? for sale|exotic birds?)\b/i, what: 'protected wildlife' },
];

export const moderationReason = (ad: { title: string; description: string; price: number; categoryId: string; features?: Record<string, unknown> }): string | null => {
  const text = `${ad.title}\n${ad.description}\n${Object.values(ad.features ?? {}).filter((v) => typeof v === 'string').join('\n')}`;
  for (const rule of BANNED) {
    if (rule.pattern.test(text)) return `Your ad seems to offer ${rule.what}, which SEL does not allow. Edit the ad if this is a mistake.`;
  }
  if (ad.price <= 0 && !(FREE_CATEGORIES as readonly string[]).includes(ad.categoryId)) {
    return 'Please set a price: free ads are only allowed in Pets and Books & Media.';
  }
  return null;
};
