// The reviews' contract, in parts under reviews/: constants, messages, requests, responses.
export * from './reviews/constants';
export * from './reviews/messages';
export * from './reviews/requests';
export * from './reviews/responses';

// The public labels live in a module without zod, so the landing's first paint can show them.
export { REVIEW_LABEL_TEXT, REVIEW_LABELS, type ReviewLabel } from './review-labels';
