import { users } from '../db/schema';
import type { SeedStep } from './run';
import { DAY_MS } from '../lib/time';

/**
 * Account ownership in the demo (docs/decisions/010), seen from the admin panel:
 * - someone signed up two days ago with QuickLend Finance's address (pending entity) and never
 *   verified it: approving QuickLend takes that account over for the mailbox (a temporary
 *   password is mailed, printed on the console without SMTP_URL);
 * - a sign-up left unverified for ten days has expired: signing up with its address works again.
 * Neither can log in (unverified, and their password hash matches no password).
 */
const UNVERIFIED_SIGNUPS = [
  {
    email: 'partners@quicklend.example.com',
    firstName: 'Quinn',
    lastName: 'Squatter',
    ageDays: 2,
  },
  {
    email: 'expired.signup@demo.trustlinks.test',
    firstName: 'Erin',
    lastName: 'Unverified',
    ageDays: 10,
  },
];

export const demoAccountOwnershipStep: SeedStep = {
  name: '009-demo-account-ownership',
  async run({ tx }) {
    for (const s of UNVERIFIED_SIGNUPS) {
      await tx
        .insert(users)
        .values({
          email: s.email,
          passwordHash: '!demo-unverified-signup',
          firstName: s.firstName,
          lastName: s.lastName,
          role: 'user',
          createdAt: new Date(Date.now() - s.ageDays * DAY_MS),
        })
        .onConflictDoNothing({ target: users.email });
    }
  },
};
