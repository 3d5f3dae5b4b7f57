import { and, eq } from 'drizzle-orm';
import { entities, entityChanges, users } from '../db/schema';
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
    const [entity] = await tx
      .select({ id: entities.id })
      .from(entities)
      .where(
        and(
          eq(entities.name, DEMO_SIGNUP_CHANGED_ENTITY),
          eq(entities.verificationStatus, 'approved'),
        ),
      )
      .limit(1);
    if (!entity) return;
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.entityId, entity.id))
      .limit(1);
    await tx
      .insert(entityChanges)
      .values({
        entityId: entity.id,
        name: null,
        website: null,
        email: null,
        signupUrl: DEMO_PENDING_SIGNUP_URL,
        requestedByUserId: owner?.id ?? null,
      })
      .onConflictDoNothing();
  },
};
