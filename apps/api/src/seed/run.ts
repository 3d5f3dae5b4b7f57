import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { seedRuns, users, type UserRow } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { bootstrapAdmin } from './admin';
import { demoAccountOwnershipStep } from './demo-account-ownership';
import { DEMO_PASSWORD, demoAccountsStep, type DemoAccount } from './demo-accounts';
import { demoCompaniesStep } from './demo-companies';
import { demoEntitiesStep } from './demo-entities';
import { demoEntityChangeStep } from './demo-entity-changes';
import { demoIdentityClaimsStep } from './demo-identity-claims';
import { demoOffersStep } from './demo-offers';
import { demoApplicationsStep } from './demo-applications';
import { demoReviewsStep } from './demo-reviews';
import { demoTrustStep } from './demo-trust';
import { demoSlugsStep } from './demo-slugs';

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
  demoSlugsStep,
];

const SEED_LOCK_ID = 727_165_002;

export async function runStartupTasks(
  database: Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info'>,
  steps: SeedStep[] = SEED_STEPS,
): Promise<void> {
  const admin = await bootstrapAdmin(database.db, config);
  if (admin === 'created') log.info(`Admin account created for ${config.ADMIN_EMAIL}`);
  if (!config.SEED_DEMO) return;

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
    if (logins.length > 0) {
      // Printed once, on the start that creates them.
      process.stdout.write(
        `\nDemo data loaded. Demo logins (password "${DEMO_PASSWORD}"):\n${logins.join('\n')}\n\n`,
      );
    }
  });
}
