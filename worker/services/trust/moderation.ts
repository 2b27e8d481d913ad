import { FREE_CATEGORIES } from '../../schemas/options';
import { BANNED_ITEMS, render, type BannedItem, type TextLanguage } from '../../schemas/notification-texts';

/**
 * The automatic check every new or edited ad passes before going live. It holds back what SEL
 * does not allow (drugs, weapons, documents, organs, live wild animals, counterfeit money) and
 * ads with no price outside the categories where free is normal. Returns the reason, or null.
 */
const BANNED: { pattern: RegExp; what: BannedItem }[] = [
  { pattern: /\b(ganja|charas|cocaine|heroin|mdma|lsd|weed|marijuana|opium|brown sugar)\b/i, what: 'drugs' },
  { pattern: /\b(pistol|revolver|rifle|gun|bullets?|ammunition|katta)\b/i, what: 'weapons' },
  { pattern: /\b(aadhaar|aadhar|pan card|passport|voter id|driving licen[cs]e)\b.{0,30}\b(for sale|sell|selling|available)\b/i, what: 'identity documents' },
  { pattern: /\b(kidney|liver|organ)\b.{0,20}\b(sale|sell|donor)\b/i, what: 'human organs' },
  { pattern: /\b(fake|duplicate|counterfeit)\b.{0,20}\b(notes?|currency|money)\b/i, what: 'counterfeit money' },
  { pattern: /\b(ivory|tiger skin|star tortoise|parrots? for sale|exotic birds?)\b/i, what: 'protected wildlife' },
];

type Ad = { title: string; description: string; price: number; categoryId: string; features?: Record<string, unknown> };

/** What the check found, as data, so the owner's notification can say it in their language. */
export type ModerationVerdict = { rule: 'BANNED_ITEM'; what: BannedItem } | { rule: 'NO_PRICE' };

export const moderationVerdict = (ad: Ad): ModerationVerdict | null => {
  const text = `${ad.title}\n${ad.description}\n${Object.values(ad.features ?? {}).filter((v) => typeof v === 'string').join('\n')}`;
  for (const rule of BANNED) {
    if (rule.pattern.test(text)) return { rule: 'BANNED_ITEM', what: rule.what };
  }
  if (ad.price <= 0 && !(FREE_CATEGORIES as readonly string[]).includes(ad.categoryId)) return { rule: 'NO_PRICE' };
  return null;
};

/** The verdict in words. The ad's stored reject_reason is English (the web client translates it on screen). */
export const verdictText = (verdict: ModerationVerdict, language: TextLanguage = 'en') =>
  verdict.rule === 'BANNED_ITEM' ? render(language, 'adBannedItem', { what: BANNED_ITEMS[verdict.what][language] }) : render(language, 'adNoPrice');

export const moderationReason = (ad: Ad): string | null => {
  const verdict = moderationVerdict(ad);
  return verdict ? verdictText(verdict) : null;
};
