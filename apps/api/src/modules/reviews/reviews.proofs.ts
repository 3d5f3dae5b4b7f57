import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ProofContentType,
  type ProofFileInput,
} from '@trustlinks/contract/reviews';
import { badRequest } from '../../errors';

// Payment proof files (issue 14). The type is read from the file's first bytes (its "magic
// number"), never from its name or a type the client claims: a script renamed proof.png is
// refused. Files are only ever served as downloads (attachment + nosniff), never inline.

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

/**
 * `attachment` with the name twice: an ASCII fallback and the UTF-8 original (RFC 6266), so a
 * name in any script never makes an invalid header.
 */
export function attachmentDisposition(name: string): string {
  const safe = safeFileName(name);
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
    return { fileName, contentType, data };
  });
}
