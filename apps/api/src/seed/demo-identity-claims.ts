import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { findOpenClaim, insertClaim } from '../modules/identity/identity.repository';
import type { SeedStep } from './run';
import { HOUR_MS } from '../lib/time';

/**
 * A user whose LinkedIn profile waits for review: the admin panel's 'Identity Claims' tab shows
 * it (approve or reject), and her company database still says 'Limited Access'.
 */
export const DEMO_LINKEDIN_CLAIMANT = {
  email: 'sofia.reyes@demo.trustlinks.test',
  firstName: 'Sofia',
  lastName: 'Reyes',
  role: 'user' as const,
  bio: 'Partnerships lead at a lead-generation agency, new to TrustLinks.',
  profileUrl: 'https://www.linkedin.com/in/sofia-reyes-demo',
};

export const demoIdentityClaimsStep: SeedStep = {
  name: '006-demo-identity-claims',
  async run({ tx, createAccount, printLogin }) {
    const { profileUrl, ...account } = DEMO_LINKEDIN_CLAIMANT;
    const sofia = await createAccount(account);
    // Three days old, so the panel shows an account age worth reading.
    await tx
      .update(users)
      .set({ createdAt: new Date(Date.now() - 72 * HOUR_MS) })
      .where(eq(users.id, sofia.id));
    if (!sofia.identityVerified && !(await findOpenClaim(tx, sofia.id))) {
      await insertClaim(tx, {
        userId: sofia.id,
        method: 'linkedin',
        value: profileUrl,
        status: 'pending_review',
        createdAt: new Date(Date.now() - 2 * HOUR_MS),
      });
    }
    printLogin(account.email, account.role);
  },
};
