import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import type { Role } from '@trustlinks/contract/constants';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../src/db/client';
import type { FileApp } from './helpers';
import {
  entities,
  mailOutbox,
  offers,
  users,
  type EntityRow,
  type UserRow,
} from '../src/db/schema';
import { startSession } from '../src/auth/sessions.service';
import { entityNameKey } from '../src/modules/entities/entity-name';

let counter = 0;

/** How old buildUser's accounts are unless a test says otherwise. */
export const ESTABLISHED_ACCOUNT_AGE_DAYS = 90;

/**
 * Inserts a verified, active user; the password hash is a placeholder (no login through it).
 * The account is 90 days old by default (an established member, as most real reviewers and
 * voters are): the swarm guard holds reviews and delays votes of accounts younger than a day,
 * and tests about new accounts make them explicitly (`createdAt: new Date()`).
 */
export async function buildUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Test',
      lastName: `User${counter}`,
      role: 'user' satisfies Role,
      // Each call a little later than the last: lists ordered by creation keep their order.
      createdAt: new Date(Date.now() - ESTABLISHED_ACCOUNT_AGE_DAYS * 86_400_000),
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A bearer header for a new session of the user. */
export async function authHeader(db: DbOrTx, user: UserRow) {
  const { token } = await startSession(db, user.id);
  return { authorization: `Bearer ${token}` };
}

/** A user (buildUser) with the bearer header of a new session of theirs. */
export async function buildSignedInUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<{ user: UserRow; headers: { authorization: string } }> {
  const user = await buildUser(db, overrides);
  return { user, headers: await authHeader(db, user) };
}

/** The bearer header of a new admin. */
export async function adminHeader(db: DbOrTx) {
  return authHeader(db, await buildUser(db, { role: 'admin' }));
}

/**
 * A test file's admin: its bearer header, filled in before the file's tests (the object is the
 * same throughout, so pass it as `headers` inside tests and hooks).
 */
export function useAdminHeader(ctx: Pick<FileApp, 'db'>): { authorization: string } {
  const header = { authorization: '' };
  beforeAll(async () => {
    Object.assign(header, await adminHeader(ctx.db()));
  });
  return header;
}

/** Mails queued for an address, newest first (tests read what the product would send). */
export async function mailsTo(db: DbOrTx, to: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt));
  return rows;
}

/** The token of the newest verification link sent to an address. */
export async function latestVerificationToken(db: DbOrTx, to: string): Promise<string> {
  const [mail] = (await mailsTo(db, to)).filter((m) => m.template === 'verify_email');
  const match = mail && /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no verification mail for ${to}`);
  return match[1]!;
}

let signupCounter = 0;
/** Signs up through the API, verifies through the mailed link, logs in: a real user's path. */
export async function signUpAndLogin(
  app: FastifyInstance,
  db: DbOrTx,
  overrides: Partial<{
    email: string;
    password: string;
    first_name: string;
    last_name: string;
  }> = {},
) {
  signupCounter += 1;
  const body = {
    first_name: 'Jamie',
    last_name: `Rivera${signupCounter}`,
    email: `jamie${signupCounter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const reg = await app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const token = await latestVerificationToken(db, body.email.toLowerCase());
  const ver = await app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` });
  if (ver.statusCode !== 200) throw new Error(`verify failed: ${ver.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const json = login.json() as { token: string; user: { user_id: string } };
  return {
    ...body,
    token: json.token,
    userId: json.user.user_id,
    headers: { authorization: `Bearer ${json.token}` },
  };
}

let entityCounter = 0;

/** A valid registration body of docs/product/entities.md#registration for each type (override what a test is about). */
export function registrationPayload(
  type: 'advertiser' | 'affiliate' | 'network' = 'advertiser',
  overrides: Record<string, unknown> = {},
) {
  entityCounter += 1;
  const metadata = {
    advertiser: {
      company_name: 'Vitality Partners Ltd',
      program_name: 'Vitality Affiliates',
      program_category: 'Nutra',
      signup_url: 'https://vitality.example.com/affiliates',
      industries: ['Nutra', 'Health'],
      founded_year: 2014,
      social_media: { linkedin: 'https://www.linkedin.com/company/vitality-example' },
      payout_types: ['CPA', 'RevShare'],
      payment_terms: 'Net 15',
      referral_commission: 0.05,
    },
    affiliate: {
      verticals: ['Dating', 'Sweepstakes'],
      monthly_revenue: '$50k-$100k',
      traffic_provided_geos: ['US', 'CA'],
      reference_details: {
        name: 'Jordan Blake',
        contact: 'jordan@ref.example.com',
        company: 'Ref Co',
      },
    },
    network: {
      network_name: 'BlockReach Media',
      signup_url: 'https://blockreach.example.com/join',
      tracking_platform: 'Everflow',
      supported_models: ['CPA', 'CPL'],
      verticals: ['Crypto', 'Finance'],
      payment_terms: 'Weekly',
      offers_available: 420,
      minimum_payout: 100,
      referral_commission: 0.1,
    },
  }[type];
  return {
    entity_type: type,
    name: `Casey Lane ${entityCounter}`,
    email: `company${entityCounter}-${randomBytes(3).toString('hex')}@example.com`,
    website_url: `https://company${entityCounter}.example.com`,
    description: 'A performance marketing company focused on compliant traffic.',
    contact_info: { phone: '+1 555 0100', telegram: '@casey' },
    entity_metadata: metadata,
    ...overrides,
  };
}

/** Inserts an entity row directly (for tests that are not about registration). */
export async function buildEntity(
  db: DbOrTx,
  overrides: Partial<typeof entities.$inferInsert> = {},
): Promise<EntityRow> {
  entityCounter += 1;
  const name = overrides.name ?? `Entity ${entityCounter}`;
  const [row] = await db
    .insert(entities)
    .values({
      name,
      nameKey: entityNameKey(name),
      entityType: 'advertiser',
      email: `entity${entityCounter}-${randomBytes(3).toString('hex')}@example.com`,
      website: `https://entity${entityCounter}.example.com`,
      description: 'Test entity',
      contactInfo: { phone: '+1 555 0101' },
      ...overrides,
    })
    .returning();
  return row!;
}

/** A valid create-offer body (docs/product/validation.md). */
export function offerPayload(overrides: Record<string, unknown> = {}) {
  return {
    title: 'KetoSlim Pro Trial',
    category: 'Nutra',
    description: 'Free-trial Nutra offer with a 1-step checkout.',
    target_geo: ['US', 'CA'],
    payout_type: 'CPA',
    payout_value: 45,
    landing_page_url: 'https://ketoslim.example.com/trial',
    requirements: 'No incentivised traffic.',
    ...overrides,
  };
}

/** Inserts one offer of the entity (a plain Nutra CPA offer unless `values` say otherwise); answers its id. */
export async function insertOffer(
  db: DbOrTx,
  entityId: string,
  values: Partial<typeof offers.$inferInsert> & { title: string },
): Promise<string> {
  const [row] = await db
    .insert(offers)
    .values({
      entityId,
      category: 'Nutra',
      description: 'An offer.',
      targetGeo: ['US'],
      landingPageUrl: 'https://example.com/',
      payoutType: 'CPA',
      payoutAmount: 10,
      ...values,
    })
    .returning({ id: offers.id });
  return row!.id;
}

/**
 * Inserts `count` offers of one entity in one statement, titled `${title} 1` … `${title} ${count}`
 * (lists, totals and plans over many rows). `category` and `geo` may vary with `g`, the row number.
 */
export async function insertOffers(
  db: DbOrTx,
  entityId: string,
  title: string,
  count: number,
  {
    description = 'Bulk offer',
    category = sql`'Nutra'`,
    geo = sql`ARRAY['US']`,
  }: { description?: string; category?: SQL; geo?: SQL } = {},
): Promise<void> {
  await db.execute(
    sql`INSERT INTO offers (entity_id, title, category, description, target_geo, landing_page_url)
        SELECT ${entityId}, ${title} || ' ' || g, ${category}, ${description}, ${geo},
               'https://example.com/' || g
        FROM generate_series(1, ${count}::int) g`,
  );
}

/** An approved entity of the type with a logged-in user speaking for it. */
export async function buildEntityAccount(
  db: DbOrTx,
  type: 'advertiser' | 'affiliate' | 'network',
  entityOverrides: Partial<typeof entities.$inferInsert> = {},
) {
  const entity = await buildEntity(db, {
    entityType: type,
    verificationStatus: 'approved',
    ...entityOverrides,
  });
  return { entity, ...(await buildSignedInUser(db, { role: type, entityId: entity.id })) };
}

/** A valid offer-request body (docs/product/dashboards.md#affiliate-dashboard form, lists as comma strings like the form sends). */
export function offerRequestPayload(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Looking for US Nutra trials',
    vertical: 'Nutra',
    geos_targeting: 'US, CA , GB',
    traffic_type: 'Native, Push',
    platforms_used: 'Taboola, Outbrain',
    traffic_volume: 25000,
    desired_payout_type: 'CPA' as const,
    budget_range: null,
    notes: 'Prefer weekly payouts.',
    ...overrides,
  };
}

// Reviews (appended by the reviews feature; the import stays beside its users).
import { reviews } from '../src/db/schema';

let reviewCounter = 0;

/** A valid POST /api/reviews body (docs/product/data.md Review (submitted)); name the entity by id or name. */
export function reviewPayload(overrides: Record<string, unknown> = {}) {
  reviewCounter += 1;
  return {
    title: `Reliable partner ${reviewCounter}`,
    overall_rating: 4,
    review_text: `Worked with them for ${reviewCounter + 2} months on Nutra offers; payouts were on time and the affiliate manager answered within hours.`,
    category_ratings: { quality: 4, support: 5, reliability: 4, payment_speed: 3 },
    tags: ['fast payouts', 'Nutra'],
    is_anonymous: false,
    proof_attachments: [],
    ...overrides,
  };
}

/** Inserts a review row directly (for tests that are not about submission). */
export async function buildReview(
  db: DbOrTx,
  values: {
    entityId: string;
    reviewerUserId: string;
  } & Partial<typeof reviews.$inferInsert>,
) {
  reviewCounter += 1;
  const status = values.status ?? 'approved';
  const [row] = await db
    .insert(reviews)
    .values({
      reviewerType: 'user',
      title: `Review ${reviewCounter}`,
      reviewText: `Review text number ${reviewCounter} with enough words to be real.`,
      textHash: `hash-${reviewCounter}-${randomBytes(4).toString('hex')}`,
      overallRating: 4,
      ratingQuality: 4,
      ratingSupport: 4,
      ratingReliability: 4,
      ratingPaymentSpeed: 4,
      publishedAt: status === 'approved' ? new Date() : null,
      ...values,
      status,
    })
    .returning();
  return row!;
}

/** An entity's row as stored now (for asserting what a request wrote). */
export async function readEntity(db: DbOrTx, id: string): Promise<EntityRow> {
  const [row] = await db.select().from(entities).where(eq(entities.id, id));
  return row!;
}

/** A review's row as stored now. */
export async function readReview(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row!;
}

/** How many rows a table holds now (those matching `where`, when given). */
export async function countRows(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row!.n;
}
