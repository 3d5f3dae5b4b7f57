import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv-writer';

// OWASP's CSV injection rules, cell by cell (docs/decisions/031-results-over-time.md, "CSV").
describe('csvCell', () => {
  it('writes numbers and plain text as they are', () => {
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell('Horizon Ads')).toBe('Horizon Ads');
    expect(csvCell('2026-11-29')).toBe('2026-11-29');
  });

  it('defuses a cell that starts with a formula character, a tab, CR or LF', () => {
    for (const text of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', '\n=1']) {
      expect(csvCell(text), JSON.stringify(text)).toMatch(/^"?'/);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('defuses a formula behind spaces or quotes, and in full-width characters', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('"=1+1')).toBe(`"'""=1+1"`);
    expect(csvCell("'=1+1")).toBe("''=1+1");
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
  });

  it('quotes a cell with any separator of a spreadsheet dialect, a quote or a line break', () => {
    expect(csvCell('Deal;=1+1')).toBe('"Deal;=1+1"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('does both when both apply', () => {
    expect(csvCell('=HYPERLINK("http://x.example");1')).toBe(
      `"'=HYPERLINK(""http://x.example"");1"`,
    );
  });
});

describe('csvDocument', () => {
  it('is a header and rows, comma-separated, CRLF lines', () => {
    expect(csvDocument(['A', 'B'], [['x;y', 1]])).toBe('A,B\r\n"x;y",1\r\n');
  });
});
