import type { Role } from '@trustlinks/contract/constants';
import type { SeedStep } from './run';

/** Every demo login shares this password; the README and the first start print it. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone?: string;
  bio?: string;
}

/** Plain accounts (entity accounts come with the entities that own them). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.trustlinks.test',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'admin',
    bio: 'Trust & safety lead at TrustLinks.',
  },
  {
    email: 'maya.patel@demo.trustlinks.test',
    firstName: 'Maya',
    lastName: 'Patel',
    role: 'user',
    phone: '+44 20 7946 0321',
    bio: 'Independent media buyer running Nutra and Finance campaigns across EU GEOs.',
  },
  {
    email: 'daniel.okafor@demo.trustlinks.test',
    firstName: 'Daniel',
    lastName: 'Okafor',
    role: 'user',
    bio: 'Affiliate manager, 8 years in iGaming and Sweepstakes.',
  },
];

export const demoAccountsStep: SeedStep = {
  name: '001-demo-accounts',
  async run({ createAccount, printLogin }) {
    for (const account of DEMO_ACCOUNTS) {
      await createAccount(account);
      printLogin(account.email, account.role);
    }
  },
};
