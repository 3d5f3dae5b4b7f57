import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, entityChanges, users } from '../db/schema';
import type { SeedStep } from './run';

/** The approved entity whose owner asked for a new name and website (waits in the admin panel). */
export const DEMO_CHANGED_ENTITY = 'Northwind Traffic';
export const DEMO_PENDING_CHANGE = {
  name: 'Northwind Traffic Group',
  website: 'https://northwind-traffic-group.example.com',
};

type PendingChange = Partial<
  Pick<typeof entityChanges.$inferInsert, 'name' | 'website' | 'email' | 'signupUrl'>
>;

/**
 * Files a change to the approved entity named `entityName` as asked by its owner, waiting for an
 * admin (docs/decisions/011); the fields not given stay unchanged (null). Nothing when the entity
 * is not there.
 */
export async function seedPendingEntityChange(
  tx: Tx,
  entityName: string,
  change: PendingChange,
): Promise<void> {
  const [entity] = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.name, entityName), eq(entities.verificationStatus, 'approved')))
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
      signupUrl: null,
      ...change,
      requestedByUserId: owner?.id ?? null,
    })
    .onConflictDoNothing();
}

/** A change of name and website waiting for an admin: View on the entity shows Accept / Reject. */
export const demoEntityChangeStep: SeedStep = {
  name: '005-demo-entity-change',
  async run({ tx }) {
    await seedPendingEntityChange(tx, DEMO_CHANGED_ENTITY, DEMO_PENDING_CHANGE);
  },
};
