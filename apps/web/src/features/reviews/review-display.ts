import type { ReviewStatus } from '@trustlinks/contract/constants';
import type { BadgeVariant } from '../../components/ui/badge';

/** Status badge colours: published green, waiting amber, refused red, held grey. */
export const STATUS_BADGE: Record<ReviewStatus, BadgeVariant> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
  flagged: 'neutral',
};

/** docs/product/constants.md: an average is shown to 1 decimal. */
export function formatAverage(value: number | null | undefined, empty = 'N/A'): string {
  return value ? value.toFixed(1) : empty;
}

/** Comma-separated tags (docs/product/validation.md): split on commas and trimmed, empties dropped. */
export function parseTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
