// Test-only: fixtures answered by the fetch stubs are checked against the contract's response
// schemas, so a fixture that drifted from what the API can send fails its test.
import { z } from 'zod';
import { routeKey, type RouteDef } from '@trustlinks/contract/route';
import { ALL_ROUTES } from '@trustlinks/contract/routes/index';
import { accountExportSchema } from '@trustlinks/contract/account';
import {
  contactMessagesResponseSchema,
  contactSentResponseSchema,
  entityMessagesResponseSchema,
} from '@trustlinks/contract/contact';
import { landingResponseSchema } from '@trustlinks/contract/landing';
import {
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpEnrolmentResponseSchema,
} from '@trustlinks/contract/mfa';
import {
  passkeyCreatedSchema,
  passkeyListSchema,
  passkeyOptionsResponseSchema,
} from '@trustlinks/contract/passkeys';
import { sessionListSchema } from '@trustlinks/contract/sessions';
import {
  applicationDecisionResponseSchema,
  applicationsResponseSchema,
  applyResponseSchema,
} from '@trustlinks/contract/applications';
import {
  adminAuditResponseSchema,
  adminUsersResponseSchema,
  adminWorkloadSchema,
  userStatusResponseSchema,
} from '@trustlinks/contract/admin';
import {
  entitiesPageResponseSchema,
  entityRegisterResponseSchema,
  entityResponseSchema,
  entityWithMessageResponseSchema,
  publicEntitiesPageResponseSchema,
  publicEntitiesResponseSchema,
  publicEntityResponseSchema,
} from '@trustlinks/contract/entities';
import {
  markReadResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationsResponseSchema,
} from '@trustlinks/contract/notifications';
import {
  savedSearchesResponseSchema,
  savedSearchWithMessageSchema,
} from '@trustlinks/contract/saved-searches';
import {
  bidCreatedResponseSchema,
  bidsResponseSchema,
  emailHistoryResponseSchema,
  offerRequestCreatedResponseSchema,
  offerRequestsResponseSchema,
  successMessageResponseSchema,
} from '@trustlinks/contract/offer-requests';
import {
  offerListResponseSchema,
  offerResponseSchema,
  offersResponseSchema,
  offerWithMessageResponseSchema,
  postbackSecretResponseSchema,
} from '@trustlinks/contract/offers';
import {
  dashboardResponseSchema,
  entityReviewsResponseSchema,
  moderationResponseSchema,
  recentReviewsResponseSchema,
  repliesResponseSchema,
  replyWithMessageSchema,
  reportResponseSchema,
  reportsResponseSchema,
  reviewResponseSchema,
  reviewsResponseSchema,
  reviewWithMessageSchema,
  trustSummarySchema,
  voteResponseSchema,
  bulkModerateResponseSchema,
} from '@trustlinks/contract/reviews';
import {
  loginResponseSchema,
  messageResponseSchema,
  userResponseSchema,
  userWithMessageResponseSchema,
} from '@trustlinks/contract/users';
import {
  activeWarningsResponseSchema,
  entityWarningsResponseSchema,
  warningWithMessageSchema,
} from '@trustlinks/contract/warnings';

/** The API's routes ("METHOD /path/:param", without /api) and the schema of their 2xx answer. */
const RESPONSES: Record<string, z.ZodType> = {
  // docs/decisions/026: the landing, contact and account data routes.
  'GET /landing': landingResponseSchema,
  'POST /contact': contactSentResponseSchema,
  'POST /entities/:id/contact': contactSentResponseSchema,
  'GET /entities/:id/messages': entityMessagesResponseSchema,
  'GET /admin/contact-messages': contactMessagesResponseSchema,
  'POST /admin/contact-messages/:id/read': contactSentResponseSchema,
  'GET /users/me/export': accountExportSchema,
  'DELETE /users/me': messageResponseSchema,
  'GET /offers/fetch_all': offersResponseSchema,
  'GET /offers/entity/public/:entityId': offerListResponseSchema,
  'GET /offers/entity/:entityId': offerListResponseSchema,
  'POST /offers/create': offerWithMessageResponseSchema,
  'GET /offers/:id': offerResponseSchema,
  'PUT /offers/:id': offerWithMessageResponseSchema,
  'PUT /offers/:id/status': offerWithMessageResponseSchema,
  'DELETE /offers/:id': messageResponseSchema,
  'POST /offers/:id/postback-secret': postbackSecretResponseSchema,
  'POST /entities/register': entityRegisterResponseSchema,
  'GET /entities/public': publicEntitiesResponseSchema,
  'GET /entities/public/:id': publicEntityResponseSchema,
  'GET /entities/type/:type': publicEntitiesPageResponseSchema,
  'GET /entities': entitiesPageResponseSchema,
  'GET /entities/:id': entityResponseSchema,
  'PUT /entities/:id': entityWithMessageResponseSchema,
  'DELETE /entities/:id': messageResponseSchema,
  'PUT /entities/:id/verification': entityWithMessageResponseSchema,
  'PUT /entities/:id/pending-change': entityWithMessageResponseSchema,
  'POST /offers/offer-request': offerRequestCreatedResponseSchema,
  'GET /offers/offer-requests': offerRequestsResponseSchema,
  'GET /offers/offer-requests/user/:userId': offerRequestsResponseSchema,
  'POST /offers/offer-requests/:id/bid': bidCreatedResponseSchema,
  'GET /offers/offer-requests/:id/bids': bidsResponseSchema,
  'POST /offers/offer-requests/:id/contact': successMessageResponseSchema,
  'GET /offers/email-history': emailHistoryResponseSchema,
  'POST /offers/:id/click': applyResponseSchema,
  'GET /offers/applications': applicationsResponseSchema,
  'GET /offers/applications/mine': applicationsResponseSchema,
  'GET /offers/:id/applications': applicationsResponseSchema,
  'PUT /offers/applications/:id': applicationDecisionResponseSchema,
  'GET /saved-searches': savedSearchesResponseSchema,
  'POST /saved-searches': savedSearchWithMessageSchema,
  'PUT /saved-searches/:id': savedSearchWithMessageSchema,
  'DELETE /saved-searches/:id': messageResponseSchema,
  'GET /notifications': notificationsResponseSchema,
  'POST /notifications/read': markReadResponseSchema,
  'GET /notifications/preferences': notificationPreferencesSchema,
  'PUT /notifications/preferences': notificationPreferencesResponseSchema,
  'POST /notifications/unsubscribe': messageResponseSchema,
  'GET /admin/users': adminUsersResponseSchema,
  'PUT /admin/users/:id/status': userStatusResponseSchema,
  'GET /admin/audit': adminAuditResponseSchema,
  'GET /admin/workload': adminWorkloadSchema,
  'GET /admin/warnings': activeWarningsResponseSchema,
  'POST /reviews/admin/moderate-bulk': bulkModerateResponseSchema,
  'GET /admin/entities/:id/warnings': entityWarningsResponseSchema,
  'POST /admin/entities/:id/warnings': warningWithMessageSchema,
  'POST /admin/warnings/:id/lift': warningWithMessageSchema,
  'POST /reviews': reviewWithMessageSchema,
  'GET /reviews/recent': recentReviewsResponseSchema,
  'GET /reviews/my-reviews': reviewsResponseSchema,
  'GET /reviews/admin/moderation': moderationResponseSchema,
  'GET /reviews/entity/:id': entityReviewsResponseSchema,
  'GET /reviews/entity/:id/dashboard': dashboardResponseSchema,
  'GET /reviews/entity/:id/trust': trustSummarySchema,
  'GET /reviews/:id/replies': repliesResponseSchema,
  'GET /reviews/admin/reports': reportsResponseSchema,
  'GET /reviews/:id': reviewResponseSchema,
  'POST /reviews/:id/report': reportResponseSchema,
  'POST /reviews/:id/vote': voteResponseSchema,
  'POST /reviews/:id/reply': replyWithMessageSchema,
  'PUT /reviews/:id/proof-verification': reviewWithMessageSchema,
  'PUT /reviews/:id/moderate': reviewWithMessageSchema,
  'POST /users/register': messageResponseSchema,
  'GET /users/verify-email/:token': messageResponseSchema,
  'POST /users/resend-verification': messageResponseSchema,
  'POST /users/login': loginResponseSchema,
  'POST /users/logout': messageResponseSchema,
  'POST /users/reset-password': userWithMessageResponseSchema,
  'POST /users/forgot-password': messageResponseSchema,
  'POST /users/reset-password/confirm': messageResponseSchema,
  'GET /users/profile': userResponseSchema,
  'PUT /users/profile/:id': userWithMessageResponseSchema,
  'GET /users/sessions': sessionListSchema,
  'DELETE /users/sessions/:id': messageResponseSchema,
  'POST /users/sessions/revoke-others': messageResponseSchema,
  'POST /users/passkeys/options': passkeyOptionsResponseSchema,
  'POST /users/passkeys': passkeyCreatedSchema,
  'GET /users/passkeys': passkeyListSchema,
  'DELETE /users/passkeys/:id': messageResponseSchema,
  'POST /users/login/passkey/options': passkeyOptionsResponseSchema,
  'POST /users/login/passkey': loginResponseSchema,
  'GET /users/mfa': mfaStatusResponseSchema,
  'POST /users/mfa/enrolment-code': messageResponseSchema,
  'POST /users/mfa/totp': totpEnrolmentResponseSchema,
  'POST /users/mfa/totp/confirm': recoveryCodesResponseSchema,
};

interface Route {
  method: string;
  segments: string[];
  params: number;
  schema: z.ZodType;
}

/** A route's 2xx schema (its first success status). */
function successSchema(route: RouteDef): z.ZodType | undefined {
  const code = Object.keys(route.responses).find((status) => /^2\d\d$/.test(status));
  return code === undefined ? undefined : route.responses[Number(code)];
}

// Every route of the table (docs/decisions/046-route-table.md); TRANSITION: then the hand-kept
// entries of the areas not yet in it. Literal routes win over routes with parameters
// (/offers/fetch_all before /offers/:id).
const ROUTES: Route[] = [
  ...ALL_ROUTES.flatMap((route) => {
    const schema = successSchema(route);
    return schema ? [[routeKey(route), schema] as const] : [];
  }),
  ...Object.entries(RESPONSES).filter(([key]) => !ALL_ROUTES.some((r) => routeKey(r) === key)),
]
  .map(([key, schema]) => {
    const [method = '', path = ''] = key.split(' ');
    const segments = path.split('/').filter(Boolean);
    return { method, segments, params: segments.filter((s) => s.startsWith(':')).length, schema };
  })
  .sort((a, b) => a.params - b.params);

/** The contract's schema of a 2xx answer to `method path` (path with or without /api). */
export function responseSchemaFor(method: string, path: string): z.ZodType | undefined {
  const parts = path
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  const route = ROUTES.find(
    (r) =>
      r.method === method.toUpperCase() &&
      r.segments.length === parts.length &&
      r.segments.every((s, i) => s.startsWith(':') || s === parts[i]),
  );
  return route?.schema;
}

/** Parses a fixture with the contract; throws a readable error when it drifted. */
export function parseFixture<S extends z.ZodType>(schema: S, body: unknown, label = 'fixture') {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${label} does not match the contract:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

const violations: string[] = [];

/**
 * Checks a stubbed answer against the contract before the stub returns it. A drift is recorded
 * (the test fails when it ends, with the reason) and the fetch fails, as a broken API would.
 */
export async function checkAgainstContract(
  method: string,
  path: string,
  response: Response,
): Promise<Response> {
  const schema = response.ok ? responseSchemaFor(method, path) : undefined;
  if (!schema) return response;
  const text = await response.clone().text();
  if (!text) return response;
  try {
    parseFixture(schema, JSON.parse(text), `The stubbed answer to ${method} ${path}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    violations.push(message);
    console.error(message);
    throw error;
  }
  return response;
}

/** Fails the test that just ended when one of its stubbed answers drifted (test/setup.ts). */
export function throwContractViolations(): void {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(found.join('\n\n'));
}
