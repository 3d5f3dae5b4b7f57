import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESSION, type Encoding } from '../compression';
import { noteReadSources } from './page-sources';
import { type Body, type ReadCache, scopeOf } from './store';

/**
 * Answers with the cached serialization for `key`, or serializes `load()`'s result through the
 * route's response schema and keeps it (as UTF-8 bytes, sent as they are). Errors propagate (and
 * are not kept).
 *
 * The answer for `key` must be the same for every request of the same URL by the same kind of
 * viewer (a visitor, or a signed-in user past the route's guard): the next such GET is answered
 * from the kept bytes before validation and the handler run (registerReadCache). A route that
 * shares less (one viewer's own view) does not call sendCached for it.
 */
export async function sendCached<V>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<V>,
  tagsOf?: (value: V) => readonly string[],
): Promise<FastifyReply> {
  const request = reply.request;
  const shared = sharesKept(request, cache);
  if (shared && request.method === 'GET') cache.remember(request.auth !== null, request.url, key);
  const answer = await keptAnswer(reply, cache, key, load, tagsOf, shared);
  // x-cache: whether this request ran the load (miss) or was answered from a kept or shared one
  // (hit); the benchmark counts it (apps/api/bench).
  if (!shared) {
    return sendBody(reply, answer.body, 'miss', undefined, undefined, undefined, [
      scopeOf(key),
      ...answer.tags,
    ]);
  }
  return sendBody(reply, answer.body, answer.miss ? 'miss' : 'hit', cache, key);
}

/**
 * The value every visitor is answered for `key` (the bytes sendCached keeps, parsed), for an
 * answer to a signed-in reader made of it and what is theirs alone (their votes on a page of
 * reviews): the shared part is loaded once for all readers until a write changes it, the
 * reader's own part is read each time by the caller. Not remembered per URL: the early answer in
 * preParsing would send the shared bytes without the reader's part. x-cache says whether the
 * shared part was loaded. A client that has just written, or the cache off: `load()`, unkept.
 */
export async function sharedValue<V>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<V>,
  tagsOf?: (value: V) => readonly string[],
): Promise<V> {
  // A reader's answer: `private, no-cache` (no ETag: it is not the kept bytes).
  cacheHeaders(reply, undefined, undefined, false);
  const shared = sharesKept(reply.request, cache);
  if (!shared) {
    reply.header('x-cache', 'miss');
    return load();
  }
  const answer = await keptAnswer(reply, cache, key, load, tagsOf, shared);
  reply.header('x-cache', answer.miss ? 'miss' : 'hit');
  return JSON.parse(answer.body.toString()) as V;
}

/**
 * Whether this request may be answered from kept answers: not a client that has just written (it
 * reads the primary, past entries that may come from the read replica: db/read-routing.ts), and
 * not with the cache off.
 */
const sharesKept = (request: FastifyRequest, cache: ReadCache) =>
  !request.readsPrimary && cache.enabled;

/**
 * `key`'s kept bytes, or `load()`'s result serialized through the route's response schema (kept
 * when `keep`). `miss`: whether this request ran the load; `tags`: what a loaded answer shows.
 */
async function keptAnswer<V>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<V>,
  tagsOf: ((value: V) => readonly string[]) | undefined,
  keep: boolean,
): Promise<{ body: Buffer; miss: boolean; tags: readonly string[] }> {
  let miss = false;
  let tags: readonly string[] = [];
  const serialize = async () => {
    miss = true;
    const value = await load();
    if (tagsOf) tags = tagsOf(value);
    const serialized = reply.serialize(value);
    if (typeof serialized === 'string') return Buffer.from(serialized);
    return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
  };
  const body = keep ? await cache.get(key, serialize, () => tags) : await serialize();
  return { body, miss, tags };
}

/**
 * Like sendCached for an answer that is not JSON (a server-rendered page, modules/pages): `load`
 * makes the bytes, sent as `contentType`; `tags` (asked once it has) what they show, null if not
 * known (collectReadSources). Not remembered per URL (the early answer in preParsing sends JSON).
 * A load that throws is not kept; the error propagates.
 */
export async function sendCachedBody(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<Buffer>,
  contentType: string,
  tags?: () => readonly string[] | null,
): Promise<FastifyReply> {
  let miss = false;
  const counted = () => {
    miss = true;
    return load();
  };
  if (reply.request.readsPrimary || !cache.enabled) {
    return sendBody(reply, await counted(), 'miss', undefined, undefined, contentType, null);
  }
  const body = await cache.get(key, counted, tags);
  return sendBody(reply, body, miss ? 'miss' : 'hit', cache, key, contentType);
}

/**
 * Sends a serialized answer, with its HTTP caching headers (cacheHeaders). A kept answer
 * (`cache` and `key`) of at least COMPRESSION.threshold bytes goes to a client that accepts br or
 * gzip as the kept compressed bytes (ReadCache.encoded), with the headers @fastify/compress would
 * set; the plugin passes an answer that already has a Content-Encoding as it is, so it is
 * compressed once per entry and encoding, not per request. `unkeptTags`: what an answer that is
 * not kept shows (for a page made from it, collectReadSources).
 */
export function sendBody(
  reply: FastifyReply,
  body: Body,
  state: 'hit' | 'miss',
  cache?: ReadCache,
  key?: string,
  contentType = 'application/json; charset=utf-8',
  unkeptTags: readonly string[] | null = null,
) {
  const request = reply.request;
  const kept = cache && key !== undefined ? cache.describe(key) : undefined;
  noteReadSources(request, kept ? kept.tags : unkeptTags);
  reply.type(contentType).header('x-cache', state);
  let encoding: Encoding | undefined;
  if (kept && Buffer.isBuffer(body) && body.length >= COMPRESSION.threshold) {
    encoding = acceptedEncoding(request);
  }
  const etag = kept && encoding ? `${kept.etag.slice(0, -1)}-${encoding}"` : kept?.etag;
  const document = contentType.startsWith('text/html');
  if (cacheHeaders(reply, cache, etag, document) === 'not-modified') {
    return reply.code(304).send();
  }
  if (encoding !== undefined) {
    reply.header('content-encoding', encoding);
    return reply.send(cache!.encoded(key!, body as Buffer, encoding));
  }
  return reply.send(body);
}

/**
 * The HTTP caching headers of a cached read's answer: to a visitor (no Authorization header), a
 * kept answer is `public` for a short `max-age` with a longer `stale-while-revalidate`
 * (READ_CACHE_PUBLIC_MAX_AGE_S, READ_CACHE_PUBLIC_STALE_S) and its strong ETag, so a CDN or the
 * browser can keep it (a server-rendered page: `public, no-cache` for browsers, the lifetimes in
 * CDN-Cache-Control); a signed-in user's answer is `private, no-cache`; an answer that is not
 * kept (cache off, a client that has just written) `no-cache`. 'not-modified' when the request's
 * If-None-Match names the kept answer's tag.
 */
function cacheHeaders(
  reply: FastifyReply,
  cache: ReadCache | undefined,
  etag: string | undefined,
  document: boolean,
): 'not-modified' | undefined {
  const request = reply.request;
  reply.header('vary', 'accept-encoding, authorization');
  if (request.auth !== null || request.headers.authorization !== undefined) {
    reply.header('cache-control', 'private, no-cache');
    return undefined;
  }
  if (cache === undefined || etag === undefined) {
    reply.header('cache-control', 'no-cache');
    return undefined;
  }
  if (document) {
    // A page is also opened by signed-in users (their bearer token is not sent on a navigation),
    // who must see their own change: browsers ask each time (a 304 while it is the same), a CDN
    // keeps it as visitors' JSON is kept (CDN-Cache-Control, RFC 9213).
    reply
      .header('cache-control', 'public, no-cache')
      .header('cdn-cache-control', cache.publicCacheControl);
  } else reply.header('cache-control', cache.publicCacheControl);
  reply.header('etag', etag);
  const asked = request.headers['if-none-match'];
  return asked !== undefined && namesTag(asked, etag) ? 'not-modified' : undefined;
}

/**
 * If-None-Match's comparison (weak, RFC 9110 13.1.2): any listed tag, or `*`. Tags of the same
 * bytes in another encoding (`"…-br"`) match too: the client has the same answer.
 */
function namesTag(header: string, etag: string): boolean {
  const base = bareTag(etag);
  for (const part of header.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === '*' || bareTag(tag) === base) return true;
  }
  return false;
}

const bareTag = (tag: string) => tag.replace(/-(br|gzip)"$/, '"');
