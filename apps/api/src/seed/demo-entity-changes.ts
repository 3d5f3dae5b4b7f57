import { and, eq } from 'drizzle-orm';
import { entities, entityChanges, users } from '../db/schema';
import type { SeedStep } from './run';

/** The approved entity whose owner asked for a new name and website (waits in the admin panel). */
export const DEMO_CHANGED_ENTITY = 'Northwind Traffic';
export const DEMO_PENDING_CHANGE = {
  name: 'Northwind Traffic Group',
  website: 'https://northwind-traffic-group.example.com',
};

/** A change of name and website waiting for an admin: View on the entity shows Accept / Reject. */
export const demoEntityChangeStep: SeedStep = {
  name: '005-demo-entity-change',
  async run({ tx }) {
    const [entity] = await tx
      .select({ id: entities.id })
      .from(entities)
      .where(
        and(eq(entities.name, DEMO_CHANGED_ENTITY), eq(entities.verificationStatus, 'approved')),
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
        ...DEMO_PENDING_CHANGE,
        email: null,
        requestedByUserId: owner?.id ?? null,
      })
      .onConflictDoNothing();
  },
};
