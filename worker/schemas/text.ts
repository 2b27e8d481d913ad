/**
 * Free text that people type and other people read in a list or a log (moderators' reasons, report
 * details, names). Shared with the web client; imports nothing server-side. Decision 008.
 *
 * Such text is normalised rather than refused: what a moderator pastes from a document (a line
 * break, a tab, an invisible mark) keeps its meaning, while nothing survives that could fake a
 * new line in the audit log, hide words, or flip the order a reader sees (Trojan Source tricks).
 */
import { z } from 'zod';

/** Explicit direction marks, embeddings, overrides and isolates: they reorder what a reader sees. */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Zero-width joiner and non-joiner shape Devanagari and other scripts (क्‍ष), so they stay between two
 * letters or marks; anywhere else they only hide things.
 */
const STRAY_JOINERS = /(?<![\p{L}\p{M}])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{M}])/gu;

/**
 * Every other invisible format character (zero-width space, word joiner, byte-order mark, soft
 * hyphen, invisible operators, tag characters …); the joiners are decided above.
 */
const INVISIBLE = /(?![\u200C\u200D])\p{Cf}/gu;

/** C0 and C1 controls (tab, CR, LF, NEL, DEL …) and the Unicode line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

const stripInvisible = (text: string) => text.replace(BIDI_CONTROLS, '').replace(STRAY_JOINERS, '').replace(INVISIBLE, '');

/**
 * One line of plain text: NFC; controls and line breaks become a space; direction controls and
 * invisible characters go; runs of spaces become one; trimmed.
 */
export const cleanSingleLine = (text: string) => stripInvisible(text.normalize('NFC').replace(CONTROLS, ' ')).replace(/\s+/gu, ' ').trim();

/**
 * Several lines of plain text: as cleanSingleLine within each line; line breaks (CR, LF, CRLF,
 * U+2028/2029) become LF, at most one empty line in a row; trimmed.
 */
export const cleanMultiline = (text: string) =>
  text
    .normalize('NFC')
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/u)
    .map(cleanSingleLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * A zod string that is cleaned first, then checked: the length limits count what is kept, so a
 * reason made of spaces and invisible marks is "too short", not stored as an empty line.
 */
export const plainText = (
  label: string,
  { min = 0, max, multiline = false, messages = {} }: { min?: number; max: number; multiline?: boolean; messages?: { type?: string; min?: string; max?: string } },
) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (multiline ? cleanMultiline(v) : cleanSingleLine(v)) : v),
    z
      .string({ error: messages.type ?? (min > 0 ? `${label} is required` : `${label} must be text`) })
      .min(min, messages.min ?? `${label} must be at least ${min} characters`)
      .max(max, messages.max ?? `${label} can be at most ${max} characters`),
  );
