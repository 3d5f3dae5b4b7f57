import { seedPendingEntityChange } from './demo-entity-changes';
import type { SeedStep } from './run';

/** The approved advertiser whose owner asked to send 'Join' to a new sign-up page. */
export const DEMO_SIGNUP_CHANGED_ENTITY = 'Apex Gaming Group';
export const DEMO_PENDING_SIGNUP_URL = 'https://apex-partners-signup.example.net/register';

/**
 * A change of the sign-up URL 'Join' redirects to, waiting for an admin (docs/decisions/011):
 * /admin → Entity Management → View on Apex Gaming Group shows Accept / Reject. Until then
 * 'Join' keeps sending visitors to the approved page.
 */
export const demoSignupUrlChangeStep: SeedStep = {
  name: 'demo-signup-url-change',
  async run({ tx }) {
    await seedPendingEntityChange(tx, DEMO_SIGNUP_CHANGED_ENTITY, {
      signupUrl: DEMO_PENDING_SIGNUP_URL,
    });
  },
};
