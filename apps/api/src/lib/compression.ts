import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/**
 * How answers are compressed: one set of settings for @fastify/compress (every answer, app.ts)
 * and for the read cache's kept compressed bytes (read-cache/store.ts), so a cached answer is encoded
 * exactly as the plugin would encode it.
 */
export const COMPRESSION = {
  /** Answers smaller than this many bytes are sent as they are. */
  threshold: 1024,
  /** In the server's order of preference. */
  encodings: ['br', 'gzip'],
  /** @fastify/compress's own default (quality 4: quality 11 costs far more CPU per answer). */
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
} as const satisfies {
  threshold: number;
  encodings: readonly Encoding[];
  brotliOptions: zlib.BrotliOptions;
};

export type Encoding = 'br' | 'gzip';

const SUPPORTED: Encoding[] = [...COMPRESSION.encodings];
const GZIP_ALIAS = /\*|x-gzip/g;
const negotiated = new Map<string, Encoding | null>();
const MAX_NEGOTIATED = 100;

/**
 * The encoding @fastify/compress would choose for this request's answer, or undefined for none
 * (no or only `identity` Accept-Encoding, `x-no-compression`): the plugin's own negotiation
 * (@fastify/accept-negotiator over COMPRESSION.encodings, `*` and `x-gzip` read as gzip).
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  // Browsers send a handful of distinct headers: each is negotiated once (emptied when full).
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), SUPPORTED);
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding ?? undefined;
}

/** `body` compressed with COMPRESSION's settings. */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, COMPRESSION.brotliOptions)
    : zlib.gzipSync(body);
}
