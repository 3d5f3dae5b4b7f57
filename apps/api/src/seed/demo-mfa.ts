import { eq } from 'drizzle-orm';
import { users, userTotp } from '../db/schema';
import type { DemoAccount } from './demo-accounts';
import type { SeedStep } from './run';

/**
 * The second factor on the demo data (docs/decisions/033): an account with an authenticator app (its secret is printed with
 * the demo logins, so a newcomer can add it to an app and sign in with a code) and an admin asked
 * to set one up at the next sign-in (not the admin the journeys use).
 */
export const DEMO_MFA_ACCOUNT: DemoAccount = {
  email: 'sam.lee@demo.trustlinks.test',
  firstName: 'Sam',
  lastName: 'Lee',
  role: 'user',
  bio: 'Compliance analyst; signs in with an authenticator app.',
};
/** Demo only: a public secret (base32), so anyone can add it to an authenticator app. */
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_MFA_ENROL_ADMIN: DemoAccount = {
  email: 'casey.admin@demo.trustlinks.test',
  firstName: 'Casey',
  lastName: 'Brooks',
  role: 'admin',
  bio: 'Second admin: must set up two-factor authentication at the first sign-in.',
};

export const demoMfaStep: SeedStep = {
  name: '016-demo-second-factor',
  async run({ tx, createAccount, printLogin }) {
    const enrolled = await createAccount(DEMO_MFA_ACCOUNT);
    await tx
      .insert(userTotp)
      .values({ userId: enrolled.id, secret: DEMO_MFA_SECRET, enabledAt: new Date() })
      .onConflictDoNothing();
    printLogin(DEMO_MFA_ACCOUNT.email, DEMO_MFA_ACCOUNT.role);
    const admin = await createAccount(DEMO_MFA_ENROL_ADMIN);
    await tx.update(users).set({ mfaRequired: true }).where(eq(users.id, admin.id));
    printLogin(DEMO_MFA_ENROL_ADMIN.email, DEMO_MFA_ENROL_ADMIN.role);
  },
};
