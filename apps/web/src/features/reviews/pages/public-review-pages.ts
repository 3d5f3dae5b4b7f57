/**
 * The reviews feature's public pages of docs/decisions/054 (a reviewer's page, the transparency
 * report), loaded as one chunk by one import (app/router.tsx): each lazy import costs the
 * landing's hydration JS a few bytes of its own (scripts/report-budget.mjs).
 */
export { ReviewerPage } from './reviewer-page';
export { TransparencyPage } from './transparency-page';
