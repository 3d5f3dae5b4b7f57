import type { RouteDef } from '../route';
import * as account from './account';
import * as admin from './admin';
import * as applications from './applications';
import * as categories from './categories';
import * as companies from './companies';
import * as contact from './contact';
import * as conversions from './conversions';
import * as entities from './entities';
import * as health from './health';
import * as identity from './identity';
import * as landing from './landing';
import * as mfa from './mfa';
import * as notifications from './notifications';
import * as offerRequests from './offer-requests';
import * as offers from './offers';
import * as passkeys from './passkeys';
import * as results from './results';
import * as reviewers from './reviewers';
import * as reviewInvitations from './review-invitations';
import * as reviews from './reviews';
import * as savedSearches from './saved-searches';
import * as transparency from './transparency';
import * as threads from './threads';
import * as users from './users';
import * as warnings from './warnings';

/**
 * Every /api endpoint, one file an area (docs/decisions/046-route-table.md). The API registers
 * exactly these; the web calls them; the tests walk ALL_ROUTES.
 */
export const ROUTES = {
  account,
  admin,
  applications,
  categories,
  companies,
  contact,
  conversions,
  entities,
  health,
  identity,
  landing,
  mfa,
  notifications,
  offerRequests,
  offers,
  passkeys,
  results,
  reviewers,
  reviewInvitations,
  reviews,
  savedSearches,
  transparency,
  threads,
  users,
  warnings,
} as const;

export const ALL_ROUTES: readonly RouteDef[] = Object.values(ROUTES).flatMap(
  (area) => Object.values(area) as RouteDef[],
);
