/**
 * Writing CSV (RFC 4180) for downloads (docs/decisions/031-results-over-time.md, "CSV"), safe to
 * open in a spreadsheet (OWASP, CSV injection):
 *
 * - A text cell a spreadsheet could read as a formula gets a leading apostrophe: one that starts
 *   with = + - @ (or their full-width forms, which some spreadsheets read alike), a tab, a
 *   carriage return or a line feed, also when only spaces or quote characters come before it
 *   (some spreadsheets trim them on import: ` =1+1`, `"=1+1`).
 * - A text cell that holds a separator of any spreadsheet's CSV dialect (comma, semicolon, tab),
 *   a quote or a line break is quoted, quotes doubled: `Deal;=1+1` stays one cell, so its `=1+1`
 *   never starts a cell of its own in a spreadsheet that splits on semicolons.
 *
 * Numbers are written as they are. Lines end in CRLF.
 */
export type CsvValue = string | number;

/**
 * The byte order mark a download starts with: without it Excel reads a CSV in the system's code
 * page and garbles every non-ASCII label (docs/decisions/031, note of 2026-11-29).
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[\s"']*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return [header, ...rows].map(csvLine).join('');
}
