import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { logIn } from './accounts';
import type { TestAccount } from './accounts';
import { waitForMail } from './inbox';
import { E2E_ADMIN } from './urls';

export type EntityType = 'advertiser' | 'affiliate' | 'network';

export interface EntityAccount extends TestAccount {
  entityId: string;
  entityName: string;
  entityType: EntityType;
}

/** Authorization header of a logged-in account, for API calls made by a journey. */
export function bearer(account: { token: string }): Record<string, string> {
  return { Authorization: `Bearer ${account.token}` };
}

/** The e2e admin approves the registered entity (its verification), as from Entity Management. */
async function approveEntity(request: APIRequestContext, entityId: string): Promise<void> {
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const approved = await request.put(`/api/entities/${entityId}/verification`, {
    headers: bearer(admin),
    data: { verification_status: 'approved' },
  });
  if (!approved.ok()) {
    throw new Error(`entity approval failed: ${approved.status()} ${await approved.text()}`);
  }
}

/**
 * An approved entity with its account, made the real way: the entity registers (no login), the
 * e2e admin approves it, which creates the account and mails a temporary password; the account
 * logs in with it and sets its own password (the forced reset). Returns a logged-in account
 * (role = the entity type) whose session survives the reset.
 */
export async function createApprovedEntityAccount(
  request: APIRequestContext,
  type: EntityType,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    /** The type's metadata (a network's sign-up page, …); none by default. */
    metadata?: Record<string, unknown>;
  } = {},
): Promise<EntityAccount> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `E2E ${type} ${suffix}`;
  const email = overrides.email ?? `${type}-${suffix}@example.com`;
  const password = overrides.password ?? `e2e-${type}-${suffix}`;

  const registered = await request.post('/api/entities/register', {
    data: {
      entity_type: type,
      name,
      email,
      website_url: `https://${type}-${suffix}.example.com`,
      description: `An ${type} created by an end-to-end journey.`,
      contact_info: { telegram: `@${type}_${suffix}` },
      ...(overrides.metadata ? { entity_metadata: overrides.metadata } : {}),
    },
  });
  if (!registered.ok()) {
    throw new Error(`entity register failed: ${registered.status()} ${await registered.text()}`);
  }
  const { entity } = (await registered.json()) as { entity: { entity_id: string } };

  await approveEntity(request, entity.entity_id);

  const [, temporaryPassword] = await waitForMail(email, /Temporary password: (\S+)/);
  const firstLogin = await logIn(request, email, temporaryPassword!);
  const reset = await request.post('/api/users/reset-password', {
    headers: bearer(firstLogin),
    data: { new_password: password },
  });
  if (!reset.ok())
    throw new Error(`password reset failed: ${reset.status()} ${await reset.text()}`);
  const { user } = (await reset.json()) as { user: TestAccount['user'] };

  return {
    ...firstLogin,
    password,
    user,
    entityId: entity.entity_id,
    entityName: name,
    entityType: type,
  };
}

/** The body of POST /api/offers/create for a keto CPA offer the journeys search for by title. */
export function ketoOfferBody(title: string, suffix: string) {
  return {
    title,
    category: 'Nutra',
    description: 'Free-trial keto supplement. Native and push traffic allowed.',
    target_geo: ['US', 'CA', 'GB'],
    payout_type: 'CPA',
    payout_value: 45,
    landing_page_url: `https://offers.example.com/keto-${suffix}`,
    requirements: 'No incentivised traffic.',
  };
}

/** The body of POST /api/offers/create for a US loan-comparison CPL offer landing on `landingPageUrl`. */
export function loanOfferBody(title: string, landingPageUrl: string) {
  return {
    title,
    category: 'Finance',
    description: 'Loan comparison lead form.',
    target_geo: ['US'],
    payout_type: 'CPL',
    payout_value: 12,
    landing_page_url: landingPageUrl,
  };
}

/** A network's metadata naming its own sign-up page (what 'Join Network' opens). */
export function networkMetadata(name: string, signupUrl: string) {
  return {
    network_name: name,
    signup_url: signupUrl,
    tracking_platform: 'Everflow',
    supported_models: ['CPA'],
    verticals: ['Finance'],
    payment_terms: 'Weekly',
    offers_available: 12,
    minimum_payout: 100,
    referral_commission: 0.1,
  };
}

/**
 * An approved network whose metadata names its own sign-up page (registered and approved the real
 * way), for the journeys of 'Join Network' (docs/decisions/026).
 */
export async function networkWithSignupPage(request: APIRequestContext, signupUrl: string) {
  const suffix = randomBytes(3).toString('hex');
  const name = `Joinable Network ${suffix}`;
  const registered = await request.post('/api/entities/register', {
    data: {
      entity_type: 'network',
      name,
      email: `joinable-${suffix}@example.com`,
      website_url: `https://joinable-${suffix}.example.com`,
      description: 'A network with its own sign-up page.',
      contact_info: { telegram: `@joinable_${suffix}` },
      entity_metadata: networkMetadata(name, signupUrl),
    },
  });
  if (!registered.ok()) {
    throw new Error(`entity register failed: ${registered.status()} ${await registered.text()}`);
  }
  const { entity } = (await registered.json()) as { entity: { entity_id: string; name: string } };
  await approveEntity(request, entity.entity_id);
  return entity;
}

/**
 * The admin places a public non-payment warning on the entity (docs/decisions/051: shown on its
 * page, its offers and its bids), dated today unless `warningDate` (YYYY-MM-DD) says otherwise.
 */
export async function placePublicWarning(
  request: APIRequestContext,
  admin: { token: string },
  entityId: string,
  publicText: string,
  warningDate = new Date().toISOString().slice(0, 10),
): Promise<void> {
  const placed = await request.post(`/api/admin/entities/${entityId}/warnings`, {
    headers: bearer(admin),
    data: { kind: 'non_payment', public_text: publicText, warning_date: warningDate },
  });
  if (!placed.ok()) {
    throw new Error(`placing the warning failed: ${placed.status()} ${await placed.text()}`);
  }
}
