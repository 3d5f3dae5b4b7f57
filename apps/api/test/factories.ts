import { randomBytes } from 'node:crypto';
import type { Role } from '@trustlinks/contract/constants';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../src/db/client';
import { entities, mailOutbox, users, type EntityRow, type UserRow } from '../src/db/schema';
import { startSession } from '../src/auth/sessions.service';

let counter = 0;

/** Inserts a verified, active user; the password hash is a placeholder (no login through it). */
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

/** A valid registration body of SPEC §2.13 for each type (override what a test is about). */
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
  const [row] = await db
    .insert(entities)
    .values({
      name: `Entity ${entityCounter}`,
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
