import { ERRORS_HINDI } from '../schemas/errors-hi';

/**
 * Error messages in the reader's language (issue 19, decision 010). The web client sends
 * `Accept-Language: hi-IN` while Hindi is chosen (a browser's own header is used otherwise); the
 * error handler passes every message through localiseMessage. Messages with a number in them are
 * catalogued with `{n}`.
 */
export type MessageLanguage = 'en' | 'hi';

/** The first language of an Accept-Language header that we speak; English otherwise. */
export function languageFromHeader(header: string | null | undefined): MessageLanguage {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'hi' || first.startsWith('hi-') ? 'hi' : 'en';
}

const NUMBERED = Object.entries(ERRORS_HINDI)
  .filter(([key]) => key.includes('{n}'))
  .map(([key, value]) => ({
    pattern: new RegExp(`^${key.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('\\{n\\}', '(\\d+)').replace('{n}', '(\\d+)')}$`),
    value,
  }));

export function localiseMessage(message: string, language: MessageLanguage): string {
  if (language === 'en') return message;
  const exact = ERRORS_HINDI[message];
  if (exact) return exact;
  for (const { pattern, value } of NUMBERED) {
    const match = pattern.exec(message);
    if (match) return value.replace('{n}', match[1] ?? '');
  }
  return message;
}
