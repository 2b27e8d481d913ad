import { ERRORS_HINDI } from '../schemas/errors-hi';

/**
 * Error messages in the reader's language (decision 010). The web client sends
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

/**
 * The language a client asked for, when it said so: the web client always sends `hi-IN` or `en-IN`
 * (decision 010). No header, or a first language we do not speak, says nothing (undefined), so a
 * stored choice is not overwritten by a tool that sends no preference.
 */
export function chosenLanguage(header: string | null | undefined): MessageLanguage | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (first === 'hi' || first.startsWith('hi-')) return 'hi';
  if (first === 'en' || first.startsWith('en-')) return 'en';
  return undefined;
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
