/**
 * CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would run as a formula is
 * turned into text. Every CSV the API hands out builds its cells here.
 */

/** The characters that start a formula (or a DDE call) in Excel, LibreOffice and Google Sheets. */
const FORMULA_STARTERS = new Set(['=', '+', '-', '@', '\u2212']);

/** Skipped when looking for the first real character: spaces, controls, invisible format characters. */
const LEADING_BLANK = /^[\s\p{Cc}\p{Cf}]*/u;

/**
 * Whether a spreadsheet could read this text as a formula (OWASP "CSV injection"): it starts with
 * a tab, carriage return or line feed, or its first visible character is = + - @ — also in their
 * full-width, small and superscript forms (＝ ＋ － ＠ ﹦ ⁺ …, which spreadsheets fold to the ASCII
 * ones) and after leading spaces or invisible characters, which some spreadsheets skip.
 */
export const looksLikeFormula = (text: string) => {
  if (/^[\t\r\n]/.test(text)) return true;
  const rest = text.slice(LEADING_BLANK.exec(text)?.[0].length ?? 0);
  const first = String.fromCodePoint(rest.codePointAt(0) ?? 32).normalize('NFKC');
  return FORMULA_STARTERS.has(first.charAt(0));
};

/**
 * One CSV cell: always quoted, quotes doubled. Text a spreadsheet would run as a formula gets a
 * leading apostrophe, which spreadsheets show as text. Numbers stay numbers (a negative number is
 * not an injection, and an apostrophe would make it text).
 */
export const csvCell = (value: string | number | null) => {
  const s = value === null ? '' : String(value);
  const safe = typeof value === 'string' && looksLikeFormula(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Rows to a CSV document: CRLF line ends, and a byte-order mark so Excel reads UTF-8 (Hindi, ₹). */
export const csvDocument = (rows: readonly (readonly (string | number | null)[])[]) => '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
