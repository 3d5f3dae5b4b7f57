import { eq } from 'drizzle-orm';
import { entities } from '../db/schema';
import type { SeedStep } from './run';

/** The demo's renamed company: its first name's address answers 301 to today's (docs/decisions/022). */
export const DEMO_RENAME = {
  name: 'Horizon Ads Network',
  formerName: 'Horizon Mobile Ads',
  /** /entity/horizon-mobile-ads → /entity/horizon-ads-network */
  formerSlug: 'horizon-mobile-ads',
} as const;

// Every demo entity and offer got its slug on insert (the database's triggers, drizzle/0024). Here
// one company is given the history of a rename: it was called Horizon Mobile Ads before, so that
// address keeps leading to it. Renamed through the same trigger as any rename, there and back.
export const demoSlugsStep: SeedStep = {
  name: 'demo-slugs',
  run: async ({ tx }) => {
    const [entity] = await tx
      .select({ id: entities.id })
      .from(entities)
      .where(eq(entities.name, DEMO_RENAME.name))
      .limit(1);
    if (!entity) return;
    for (const name of [DEMO_RENAME.formerName, DEMO_RENAME.name]) {
      await tx.update(entities).set({ name }).where(eq(entities.id, entity.id));
    }
  },
};
