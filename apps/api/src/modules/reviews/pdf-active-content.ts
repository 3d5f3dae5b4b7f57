import { constants, inflateSync } from 'node:zlib';

// A payment proof PDF is opened by an admin: it may carry no JavaScript, no embedded or attached
// files and no action that runs or opens something by itself (docs/decisions/024).
// PDF dictionaries are plain text, except inside object streams (PDF 1.5), which are compressed:
// the checker reads the text outside every stream and the decoded object streams, with names'
// #xx escapes decoded (`/J#61vaScript` is `/JavaScript`).

/** Keys and types that make a PDF act by itself or carry files. */
const ACTIVE_NAMES = new Set([
  'JS', // a JavaScript action's script
  'JavaScript', // the action type, and the document-level scripts name tree
  'AA', // additional actions: on page open/close, on field focus…
  'Launch', // runs or opens an application or file
  'EmbeddedFile', // an embedded file stream
  'EmbeddedFiles', // the document's embedded files name tree
  'EF', // a file specification's embedded file
  'FileAttachment', // an annotation that carries a file
  'RichMedia', // Flash/video with scripts
  'XFA', // XML forms, with their own scripts
  'SubmitForm', // sends form data to a URL
  'ImportData',
  'GoToE', // goes to an embedded file
  'GoToR', // opens another file
  'Sound',
  'Movie',
]);

/** Decoded object streams of one file together may not grow past this (a compression bomb). */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

export type PdfCheck = 'plain' | 'active' | 'uncheckable';

/** A name's #xx escapes decoded. */
const decodeName = (name: string) =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const NAME = /\/([^\s/<>[\]()%{}]*)/g;

/** The names of a chunk of PDF text, decoded. */
function namesIn(text: string): string[] {
  return [...text.matchAll(NAME)].map((match) => decodeName(match[1]!));
}

const hasActiveName = (text: string) => namesIn(text).some((name) => ACTIVE_NAMES.has(name));

/** The stream's dictionary: the text since the last object header (`n g obj`) before it. */
function streamDictionary(outside: string): string {
  const headers = [...outside.matchAll(/\d+\s+\d+\s+obj\b/g)];
  const last = headers[headers.length - 1];
  return last ? outside.slice(last.index) : outside;
}

/**
 * 'active' when the PDF has JavaScript, embedded files or self-running actions; 'uncheckable'
 * when an object stream cannot be read (encrypted, a filter other than Flate, a predictor, broken
 * or too large); otherwise 'plain'. One pass over the file (a proof is at most 2 MB).
 */
export function checkPdf(data: Buffer): PdfCheck {
  const text = data.toString('latin1');
  let budget = MAX_DECODED_BYTES;
  let outsideStart = 0;
  let encrypted = false;
  const objectStreams: { raw: Buffer; dictionary: string }[] = [];
  // The keyword "stream" at the end of a line (not "endstream").
  const streamStart = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const outside = text.slice(outsideStart, match.index);
    const names = namesIn(outside);
    if (names.some((name) => ACTIVE_NAMES.has(name))) return 'active';
    if (names.includes('Encrypt')) encrypted = true;
    const dataStart = match.index + match[0].length;
    const dictionary = streamDictionary(outside);
    const dataEnd = streamEnd(text, dataStart, dictionary);
    if (namesIn(dictionary).includes('ObjStm')) {
      objectStreams.push({ raw: data.subarray(dataStart, dataEnd), dictionary });
    }
    outsideStart = dataEnd;
    streamStart.lastIndex = dataEnd;
  }
  const rest = namesIn(text.slice(outsideStart));
  if (rest.some((name) => ACTIVE_NAMES.has(name))) return 'active';
  if (rest.includes('Encrypt')) encrypted = true;
  // An encrypted file's object streams are ciphertext: nothing in them can be checked.
  if (encrypted && objectStreams.length > 0) return 'uncheckable';
  let uncheckable = false;
  for (const stream of objectStreams) {
    const decoded = decodeObjectStream(stream.raw, stream.dictionary, budget);
    if (decoded === null) {
      uncheckable = true;
      continue;
    }
    budget -= decoded.length;
    if (hasActiveName(decoded)) return 'active';
  }
  return uncheckable ? 'uncheckable' : 'plain';
}

/**
 * Where the stream's data ends: by its direct /Length when "endstream" follows there (the bytes
 * may hold a fake "endstream" to end the stream early for a scanner), else at the next
 * "endstream".
 */
function streamEnd(text: string, dataStart: number, dictionary: string): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  if (length) {
    const end = dataStart + Number(length[1]);
    if (/^\s*endstream/.test(text.slice(end, end + 32))) return end;
  }
  const end = text.indexOf('endstream', dataStart);
  return end === -1 ? text.length : end;
}

/** An object stream's text when it is unfiltered or Flate without a predictor, else null. */
function decodeObjectStream(raw: Buffer, escaped: string, budget: number): string | null {
  // `/F#69lter` is `/Filter`: read the keys as a PDF reader does.
  const dictionary = escaped.replace(NAME, (name) => decodeName(name));
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()%{}]+)/.exec(dictionary);
  const filters = filter ? namesIn(filter[1]!) : [];
  if (filters.length === 0) return raw.toString('latin1');
  if (filters.length > 1 || !['FlateDecode', 'Fl'].includes(filters[0]!)) return null;
  const predictor = /\/Predictor\s+(\d+)/.exec(dictionary);
  if (predictor && Number(predictor[1]) > 1) return null;
  try {
    return inflateSync(raw, {
      maxOutputLength: budget,
      finishFlush: constants.Z_SYNC_FLUSH,
    }).toString('latin1');
  } catch {
    return null;
  }
}
