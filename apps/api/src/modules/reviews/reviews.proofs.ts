import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ProofContentType,
  type ProofFileInput,
} from '@trustlinks/contract/reviews';
import { badRequest } from '../../errors';
import { checkPdf } from './pdf-active-content';

// Payment proof files (docs/decisions/012). The type is read from the file's first bytes (its "magic
// number"), never from its name or a type the client claims: a script renamed proof.png is
// refused. Files are stored and served under a name with the extension of the type found
// (`invoice.html` with PNG bytes is `invoice.png`), a PDF with scripts, embedded files or
// self-running actions is refused (docs/decisions/024), and files are only ever served as downloads
// (attachment + nosniff + no-store), never inline.

const SIGNATURES: { type: ProofContentType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** The file's type by its bytes, or null when it is none of PNG, JPEG, PDF. */
function detectProofType(data: Uint8Array): ProofContentType | null {
  for (const sig of SIGNATURES) {
    if (data.length >= sig.bytes.length && sig.bytes.every((b, i) => data[i] === b)) {
      return sig.type;
    }
  }
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A name safe to put in a header: no path, no control or quote characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f' && !'"\\;'.includes(c))
    .join('')
    .trim();
  return cleaned.slice(0, REVIEW_LIMITS.proofFileNameMax) || 'proof';
}

/** The extensions each type may keep; the first is the one a name without them gets. */
const EXTENSIONS: Record<ProofContentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};

/**
 * The name a proof is stored and served under: its own name with the extension of the type its
 * bytes were recognised as (`invoice.html` holding a PNG is `invoice.png`; `scan.JPEG` stays).
 * Migration 0022 applied the same rule to the files stored before.
 */
export function proofFileName(name: string, type: string): string {
  const safe = safeFileName(name);
  const dot = safe.lastIndexOf('.');
  const extension = dot > 0 ? safe.slice(dot + 1).toLowerCase() : '';
  // review_proofs_type_check keeps the stored type one of the three.
  const allowed = EXTENSIONS[type as ProofContentType];
  if (!allowed || allowed.includes(extension)) return safe;
  const suffix = `.${allowed[0]}`;
  const stem = dot > 0 ? safe.slice(0, dot) : safe;
  return stem.slice(0, REVIEW_LIMITS.proofFileNameMax - suffix.length) + suffix;
}

/**
 * `attachment` with the name twice: an ASCII fallback and the UTF-8 original (RFC 6266), so a
 * name in any script never makes an invalid header.
 */
export function attachmentDisposition(name: string, type: string): string {
  const safe = proofFileName(name, type);
  const ascii = [...safe].map((c) => (c >= ' ' && c <= '~' ? c : '_')).join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

export interface DecodedProof {
  fileName: string;
  contentType: ProofContentType;
  data: Buffer;
}

/** Decodes and checks every file; the first bad one is a 400 naming it (nothing is stored). */
export function decodeProofs(files: readonly ProofFileInput[]): DecodedProof[] {
  return files.map((file) => {
    const fileName = safeFileName(file.file_name);
    const text = file.data_base64.replace(/\s+/g, '');
    if (!BASE64.test(text) || text.length % 4 !== 0) {
      throw badRequest(REVIEW_MESSAGES.proofNotBase64(fileName));
    }
    const data = Buffer.from(text, 'base64');
    if (data.length === 0) throw badRequest(REVIEW_MESSAGES.proofEmpty(fileName));
    if (data.length > REVIEW_LIMITS.proofFileMaxBytes) {
      throw badRequest(REVIEW_MESSAGES.proofTooLarge(fileName));
    }
    const contentType = detectProofType(data);
    if (!contentType) throw badRequest(REVIEW_MESSAGES.proofBadType(fileName));
    if (contentType === 'application/pdf') {
      const pdf = checkPdf(data);
      if (pdf === 'active') throw badRequest(REVIEW_MESSAGES.proofActivePdf(fileName));
      if (pdf === 'uncheckable') throw badRequest(REVIEW_MESSAGES.proofUncheckablePdf(fileName));
    }
    return { fileName: proofFileName(fileName, contentType), contentType, data };
  });
}
