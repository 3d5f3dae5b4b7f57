import { describe, expect, it } from 'vitest';
import { CsvParser, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain and quoted fields, with the line each record starts on', () => {
    const text = [
      'a,b,c',
      '1,"two, with comma","say ""hi"""',
      '"multi',
      'line",x,',
      '',
      'last,,"" ',
    ].join('\r\n');
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'two, with comma', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'x', ''] },
      { line: 6, fields: ['last', '', ' '] },
    ]);
  });

  it('ignores a byte-order mark and accepts LF, CR and a missing final line break', () => {
    expect(parseCsv('\uFEFFh1,h2\nx,y\ry,z')).toEqual([
      { line: 1, fields: ['h1', 'h2'] },
      { line: 2, fields: ['x', 'y'] },
      { line: 3, fields: ['y', 'z'] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries', () => {
    const text = 'a,"b\r\n""c""",d\r\ne,f,"g"\r\n';
    const parser = new CsvParser();
    const records = [...text].flatMap((ch) => parser.push(ch)).concat(parser.end());
    expect(records).toEqual(parseCsv(text));
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b\n"c"', 'd'] },
      { line: 3, fields: ['e', 'f', 'g'] },
    ]);
  });

  it('flags an unterminated quote instead of swallowing the file silently', () => {
    const records = parseCsv('a,b\n"open,1\n2,3\n');
    expect(records[1]).toMatchObject({ line: 2, error: expect.stringContaining('unterminated') });
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(parseCsv('5" screen,ok')).toEqual([{ line: 1, fields: ['5" screen', 'ok'] }]);
  });
});
