import { REVIEWER_TEXTS } from '@trustlinks/contract/reviewers';

/**
 * A reviewer page's name (docs/decisions/054): first and last name; without them, a neutral
 * label — never the e-mail or any part of it.
 */
export function reviewerName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter(Boolean).join(' ').trim() || REVIEWER_TEXTS.unnamed;
}
