/**
 * Writing CSV (RFC 4180) for downloads (issue 27, docs/decisions/031): a text cell that a
 * spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return) gets
 * a leading apostrophe; a cell with a comma, quote or line break is quoted, quotes doubled.
 * Numbers are written as they are. Lines end in CRLF.
 */
export type CsvValue = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return [header, ...rows].map(csvLine).join('');
}
