import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/** What a server-rendered page is made of, gathered from the reads that made it. */
interface ReadSources {
  tags: Set<string>;
  unknown: boolean;
}
export const pageSources = new AsyncLocalStorage<ReadSources>();

/**
 * Runs `render` (a page made from in-process reads, modules/pages) and gathers what its reads
 * show: the tags of the cached answers they were given, and those of reads that say what they
 * show without being kept (tagRead). null when one read said nothing: the page then goes with
 * any write.
 */
export async function collectReadSources<T>(
  render: () => Promise<T>,
): Promise<{ value: T; tags: string[] | null }> {
  const sources: ReadSources = { tags: new Set(), unknown: false };
  const value = await pageSources.run(sources, render);
  return { value, tags: sources.unknown ? null : [...sources.tags] };
}

/**
 * A read that is not kept but says what it shows (`offer:<id>`, `entity:<id>`), so a page made
 * from it is kept until one of those changes (collectReadSources).
 */
export function tagRead(request: FastifyRequest, tags: readonly string[]): void {
  noteReadSources(request, tags);
}

export function noteReadSources(request: FastifyRequest, tags: readonly string[] | null): void {
  request.readSourcesNoted = true;
  const sources = pageSources.getStore();
  if (!sources) return;
  if (tags === null) sources.unknown = true;
  else for (const tag of tags) sources.tags.add(tag);
}
