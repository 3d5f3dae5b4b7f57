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

/**
 * What the page says of the entity's standing: under an active public warning no green 'Verified'
 * shows anywhere on it (docs/decisions/027), else verified once approved, else pending.
 */
export function entityStanding(
  entity: Pick<PublicEntity, 'verification_status' | 'public_warnings'>,
): 'warned' | 'verified' | 'pending' {
  if ((entity.public_warnings?.length ?? 0) > 0) return 'warned';
  return entity.verification_status === 'approved' ? 'verified' : 'pending';
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
