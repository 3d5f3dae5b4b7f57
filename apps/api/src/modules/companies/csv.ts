import fs from 'node:fs';

/** One CSV record and the line of the file it starts on (1-based; the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
  /** Set when the record is malformed (an unterminated quote); its fields are unreliable. */
  error?: string;
}

/**
 * An incremental RFC 4180 parser: comma-separated, fields optionally in double quotes ("" is a
 * quote inside), records end at CRLF, LF or CR, and quoted fields may span lines. Feed it chunks
 * of any size (it keeps its state across them), so a large file never has to be in memory at once.
 * Lenient where spreadsheets are sloppy: a quote inside an unquoted field is kept as text.
 */
export class CsvParser {
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  /** The previous character was a quote inside a quoted field: either "" or the closing quote. */
  private quotePending = false;
  /** The previous character was CR (a following LF belongs to the same line break). */
  private afterCr = false;
  private line = 1;
  private recordLine = 1;
  private started = false;
  private first = true;

  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    for (let i = 0; i < chunk.length; i++) {
      let ch = chunk[i]!;
      if (this.first) {
        this.first = false;
        if (ch === '\uFEFF') continue; // byte-order mark
      }
      if (this.afterCr) {
        this.afterCr = false;
        if (ch === '\n') continue;
      }
      if (this.quotePending) {
        this.quotePending = false;
        if (ch === '"') {
          this.field += '"';
          continue;
        }
        this.inQuotes = false; // that quote closed the field; handle ch below
      }
      if (this.inQuotes) {
        if (ch === '"') {
          this.quotePending = true;
          continue;
        }
        if (ch === '\r' || ch === '\n') {
          if (ch === '\r') this.afterCr = true;
          this.line += 1;
          ch = '\n';
        }
        this.field += ch;
        continue;
      }
      if (ch === '"' && this.field === '') {
        this.inQuotes = true;
        this.started = true;
        continue;
      }
      if (ch === ',') {
        this.fields.push(this.field);
        this.field = '';
        this.started = true;
        continue;
      }
      if (ch === '\r' || ch === '\n') {
        if (ch === '\r') this.afterCr = true;
        this.endRecord(out);
        this.line += 1;
        this.recordLine = this.line;
        continue;
      }
      this.field += ch;
      this.started = true;
    }
    return out;
  }

  /** Flushes the last record (a file need not end with a line break). */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.quotePending) {
      this.quotePending = false;
      this.inQuotes = false;
    }
    if (this.inQuotes) {
      this.fields.push(this.field);
      out.push({
        line: this.recordLine,
        fields: this.fields,
        error: `unterminated quoted field (a " is never closed)`,
      });
      this.reset();
      return out;
    }
    this.endRecord(out);
    return out;
  }

  private endRecord(out: CsvRecord[]): void {
    this.fields.push(this.field);
    // A blank line is not a record.
    if (this.started || this.fields.length > 1 || this.fields[0] !== '') {
      out.push({ line: this.recordLine, fields: this.fields });
    }
    this.reset();
  }

  private reset(): void {
    this.field = '';
    this.fields = [];
    this.started = false;
    this.inQuotes = false;
  }
}

/** Every record of a CSV text. */
export function parseCsv(text: string): CsvRecord[] {
  const parser = new CsvParser();
  return [...parser.push(text), ...parser.end()];
}

/** Streams the records of a CSV file (UTF-8) without reading it whole. */
export async function* readCsvFile(filePath: string): AsyncGenerator<CsvRecord> {
  const parser = new CsvParser();
  const stream = fs.createReadStream(filePath, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  for await (const chunk of stream) {
    yield* parser.push(chunk as string);
  }
  yield* parser.end();
}
