import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { seedRuns, users, type UserRow } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { bootstrapAdmin } from './admin';
import { backfillEntityNameKeys } from '../modules/entities/entities.service';
import { demoAccountOwnershipStep } from './demo-account-ownership';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsStep, type DemoAccount } from './demo-accounts';
import { demoCompaniesStep } from './demo-companies';
import { DEMO_ENTITIES, demoEntitiesStep } from './demo-entities';
import { demoEntityChangeStep } from './demo-entity-changes';
import { demoSignupUrlChangeStep } from './demo-signup-url-change';
import { DEMO_LINKEDIN_CLAIMANT, demoIdentityClaimsStep } from './demo-identity-claims';
import { demoOffersStep } from './demo-offers';
import { demoApplicationsStep } from './demo-applications';
import { demoCapsPostbacksStep } from './demo-caps-postbacks';
import { demoReviewsStep } from './demo-reviews';
import { demoTrustStep } from './demo-trust';
import { demoSavedSearchesStep } from './demo-saved-searches';
import { demoOneVoiceStep } from './demo-one-voice';
import { demoYoungVoicesStep } from './demo-young-voices';
import { demoLinksStep } from './demo-links';
import { demoContactStep } from './demo-contact';
import { demoThreadsStep } from './demo-threads';
import { demoSlugsStep } from './demo-slugs';
import { demoAdminToolsStep } from './demo-admin-tools';
import { demoReviewerTransparencyStep } from './demo-reviewer-transparency';
import { demoSessionsStep } from './demo-sessions';
import { demoOfferEditsStep } from './demo-offer-edits';
import { demoAgreedTermsStep } from './demo-agreed-terms';
import { demoReviewInvitationsStep } from './demo-review-invitations';
import { demoCatalogueStep } from './demo-catalogue';
import { demoCategoriesStep } from './demo-categories';
import { DEMO_MFA_ACCOUNT, DEMO_MFA_ENROL_ADMIN, DEMO_MFA_SECRET, demoMfaStep } from './demo-mfa';
import { sealStoredTotpSecrets } from '../modules/users/mfa/totp-secrets';

export interface SeedContext {
  tx: Tx;
  /** Creates (or returns the existing) verified demo account. */
  createAccount: (account: DemoAccount & { entityId?: string | null }) => Promise<UserRow>;
  printLogin: (email: string, role: string) => void;
}

export interface SeedStep {
  name: string;
  run: (ctx: SeedContext) => Promise<void>;
}

/** Demo data, in order. Each feature appends its step; a step runs once per database. */
export const SEED_STEPS: SeedStep[] = [
  demoAccountsStep,
  demoCompaniesStep,
  demoEntitiesStep,
  demoEntityChangeStep,
  demoOffersStep,
  demoReviewsStep,
  demoIdentityClaimsStep,
  demoAccountOwnershipStep,
  demoApplicationsStep,
  demoTrustStep,
  demoSavedSearchesStep,
  demoOneVoiceStep,
  demoLinksStep,
  demoContactStep,
  demoSlugsStep,
  demoAdminToolsStep,
  demoSessionsStep,
  demoOfferEditsStep,
  demoMfaStep,
  demoCatalogueStep,
  demoYoungVoicesStep,
  demoSignupUrlChangeStep,
  demoCapsPostbacksStep,
  demoCategoriesStep,
  demoAgreedTermsStep,
  demoReviewInvitationsStep,
  demoReviewerTransparencyStep,
  demoThreadsStep,
];

const SEED_LOCK_ID = 727_165_002;

export async function runStartupTasks(
  database: Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info'>,
  steps: SeedStep[] = SEED_STEPS,
): Promise<void> {
  // Names written before their normal form existed get it (docs/decisions/011), before any
  // request compares names; the demo's own rows get theirs after the seed below.
  await backfillEntityNameKeys(database.db);
  const admin = await bootstrapAdmin(database.db, config);
  if (admin === 'created') log.info(`Admin account created for ${config.ADMIN_EMAIL}`);
  if (config.SEED_DEMO) await seedDemo(database, log, steps);
  // The demo's own rows get their name keys (docs/decisions/011) …
  await backfillEntityNameKeys(database.db);
  // … and, after the seed, whose demo secret is written plain, every stored authenticator-app
  // secret is sealed (docs/decisions/033).
  const sealed = await sealStoredTotpSecrets(database.db, config);
  if (sealed > 0) log.info(`Encrypted ${sealed} stored authenticator-app secrets`);
}

async function seedDemo(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
  steps: SeedStep[],
): Promise<void> {
  await database.withLock(SEED_LOCK_ID, async () => {
    const done = new Set(
      (await database.db.select({ name: seedRuns.name }).from(seedRuns)).map((r) => r.name),
    );
    const pending = steps.filter((s) => !done.has(s.name));
    if (pending.length === 0) return;

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const logins: string[] = [];
    for (const step of pending) {
      await database.db.transaction(async (tx) => {
        const ctx: SeedContext = {
          tx,
          createAccount: async (a) => {
            const [row] = await tx
              .insert(users)
              .values({
                email: a.email,
                passwordHash,
                firstName: a.firstName,
                lastName: a.lastName,
                role: a.role,
                entityId: a.entityId ?? null,
                phone: a.phone ?? null,
                bio: a.bio ?? null,
                emailVerifiedAt: sql`now()`,
              })
              .onConflictDoUpdate({
                target: users.email,
                set: { updatedAt: sql`now()` },
              })
              .returning();
            return row!;
          },
          printLogin: (email, role) => logins.push(`  ${role.padEnd(10)} ${email}`),
        };
        await step.run(ctx);
        await tx.insert(seedRuns).values({ name: step.name });
      });
    }
    // The logins are printed on every start, with the address (startBanner).
    if (logins.length > 0) process.stdout.write('\nDemo data loaded.\n');
  });
}

/** The logins the demo steps print (the same accounts on every start, if they still exist). */
const DEMO_LOGINS: { email: string; role: string }[] = [
  ...DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })),
  ...DEMO_ENTITIES.filter((e) => e.login?.printed).map((e) => ({
    email: e.email,
    role: e.entityType,
  })),
  { email: DEMO_LINKEDIN_CLAIMANT.email, role: DEMO_LINKEDIN_CLAIMANT.role },
  { email: DEMO_MFA_ACCOUNT.email, role: DEMO_MFA_ACCOUNT.role },
  { email: DEMO_MFA_ENROL_ADMIN.email, role: DEMO_MFA_ENROL_ADMIN.role },
];

/** The demo logins that exist in this database (an IN list on users_email_key). */
export async function demoLogins(db: Database['db']): Promise<{ role: string; email: string }[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LOGINS.map((l) => l.email),
      ),
    );
  const found = new Set(rows.map((r) => r.email));
  return DEMO_LOGINS.filter((l) => found.has(l.email));
}

/** The last lines of every start: where to open the app and, with demo data, how to log in. */
export function startBanner(url: string, logins: { role: string; email: string }[]): string {
  const lines = ['', `TrustLinks is running at ${url}`];
  if (logins.length > 0) {
    lines.push(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const l of logins) lines.push(`  ${l.role.padEnd(10)} ${l.email}`);
    if (logins.some((l) => l.email === DEMO_MFA_ACCOUNT.email)) {
      lines.push(
        `Two-factor demo: ${DEMO_MFA_ACCOUNT.email} asks for a code; add the secret ${DEMO_MFA_SECRET} to an authenticator app.`,
        `${DEMO_MFA_ENROL_ADMIN.email} must set up an authenticator app at its first sign-in.`,
      );
    }
  }
  return `${lines.join('\n')}\n\n`;
}
