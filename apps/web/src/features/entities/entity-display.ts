import type { PublicEntity } from '@trustlinks/contract/entities';
import { safeHttpUrl } from '../../lib/safe-url';

/** Only https images: the page's CSP allows no others, and mixed content would warn. */
export function safeImageUrl(value: string | null | undefined): string | null {
  const url = safeHttpUrl(value);
  return url?.startsWith('https:') ? url : null;
}

/** docs/product/entities.md#entity-page: reputation_score to one decimal, or null when there is none yet (0). */
export function ratingText(entity: Pick<PublicEntity, 'reputation_score'>): string | null {
  const score = entity.reputation_score;
  return score > 0 ? score.toFixed(1) : null;
}

/**
 * The name another page passed along when it linked here (docs/product/entities.md#entity-page: used for the heading while
 * loading). Accepted shapes: `{ entityName }` or `{ entity: { name } }`.
 */
export function nameFromNavigationState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as { entityName?: unknown; entity?: { name?: unknown } | null };
  if (typeof record.entityName === 'string' && record.entityName.trim()) return record.entityName;
  const nested = record.entity?.name;
  return typeof nested === 'string' && nested.trim() ? nested : null;
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
