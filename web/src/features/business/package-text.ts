import { msg, type Translate, type TranslatePlural } from '../../lib/i18n';

/**
 * Seller packages' names and descriptions in the reader's language. The server stores them in English
 * in a fixed form ("5 extra ads · Cars", "Post 5 more ads in Cars beyond the free limit, …"), written
 * once by migration 0011; the parts (count, days, the limit group's name) are read back out of that
 * form and put into a catalogue sentence, so Hindi can order them its own way. A text in any other
 * form is shown as it came (package-text.test.ts checks every stored package is understood).
 */
type Words = { t: Translate; tn: TranslatePlural };

const NAMES: { pattern: RegExp; say: (m: RegExpExecArray, w: Words) => string }[] = [
  { pattern: /^(\d+) extra ads?$/, say: (m, { tn }) => tn(Number(m[1]), '{n} extra ad', '{n} extra ads') },
  { pattern: /^Featured ad for (\d+) days$/, say: (m, { t }) => t('Featured ad for {days} days', { days: Number(m[1]) }) },
  { pattern: /^Boost to top$/, say: (_, { t }) => t('Boost to top') },
  { pattern: /^(\d+) boosts to top$/, say: (m, { t }) => t('{n} boosts to top', { n: Number(m[1]) }) },
];

const DESCRIPTIONS: { pattern: RegExp; say: (m: RegExpExecArray, w: Words) => string }[] = [
  {
    pattern: /^Post one more ad in (.+) beyond the free limit, within (\d+) days of buying\.$/,
    say: (m, { t }) => t('Post one more ad in {group} beyond the free limit, within {days} days of buying.', { group: t(m[1]!), days: Number(m[2]) }),
  },
  {
    pattern: /^Post (\d+) more ads in (.+) beyond the free limit, within (\d+) days of buying\.$/,
    say: (m, { t }) =>
      t('Post {n} more ads in {group} beyond the free limit, within {days} days of buying.', { n: Number(m[1]), group: t(m[2]!), days: Number(m[3]) }),
  },
  {
    pattern: /^Your ad shows with the FEATURED badge above plain ads in (.+) and on the home page for (\d+) days\.$/,
    say: (m, { t }) => t('Your ad shows with the FEATURED badge above plain ads in {group} and on the home page for {days} days.', { group: t(m[1]!), days: Number(m[2]) }),
  },
  {
    pattern: /^Your ad goes back to the top of the newest ads in (.+) once\.$/,
    say: (m, { t }) => t('Your ad goes back to the top of the newest ads in {group} once.', { group: t(m[1]!) }),
  },
  {
    pattern: /^Send an ad back to the top of the newest ads in (.+) (\d+) times, whenever you choose\.$/,
    say: (m, { t }) => t('Send an ad back to the top of the newest ads in {group} {n} times, whenever you choose.', { group: t(m[1]!), n: Number(m[2]) }),
  },
];

function sayWith(rules: typeof NAMES, text: string, words: Words): string | undefined {
  for (const rule of rules) {
    const m = rule.pattern.exec(text);
    if (m) return rule.say(m, words);
  }
  return undefined;
}

/** "5 extra ads · Cars" → "5 अतिरिक्त विज्ञापन · कारें"; `withGroup: false` leaves the group out. */
export function packageName(name: string, words: Words, { withGroup = true } = {}): string {
  const [what = name, group] = name.split(' · ');
  const said = sayWith(NAMES, what, words);
  if (said === undefined) return withGroup ? name : what;
  return withGroup && group ? `${said} · ${words.t(group)}` : said;
}

export function packageDescription(description: string, words: Words): string {
  return sayWith(DESCRIPTIONS, description, words) ?? description;
}

/** The package kinds as the account page labels them. */
export const PACKAGE_TYPE_LABELS = { AD_SLOTS: msg('Extra ads'), FEATURED: msg('Featured'), BOOST: msg('Boost to top') } as const;
