import type { FastifyRequest } from 'fastify';
import type { ReadCache } from './store';

/**
 * Small values a read computes on the way to its answer and may reuse for the next answer of
 * another key (the explorer's capped total, shared by every page of the same filters: docs/decisions/029),
 * kept in the read cache under their own keys, so a write that empties their scope empties them
 * too. None (undefined) when this request must not read kept answers (a client that has just
 * written, or the cache off): the caller then computes as without.
 */
export interface KeptValues {
  peek(key: string): string | undefined;
  /** Taken before the reads a kept value is made from. */
  mark(): number;
  /** Not kept if a write since `mark` named the key's scope (it may have read before it). */
  keep(key: string, value: string, mark: number): void;
}

export function keptValues(cache: ReadCache, request: FastifyRequest): KeptValues | undefined {
  if (request.readsPrimary || !cache.enabled) return undefined;
  return {
    peek: (key) => {
      const body = cache.peek(key);
      return body === undefined ? undefined : body.toString();
    },
    mark: () => cache.clearMark,
    keep: (key, value, mark) => void cache.get(key, () => Promise.resolve(value), undefined, mark),
  };
}
