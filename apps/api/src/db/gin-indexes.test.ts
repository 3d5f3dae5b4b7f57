import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { buildEntityAccount, insertOffers } from '../../test/factories';

// docs/decisions/041-gin-without-pending-list.md: every GIN index writes its new entries straight
// into the index. With a pending list, every word search read the whole list and the write that
// filled it merged it into the index while the others waited.
const ctx = useTestApp();

describe('GIN indexes without a pending list (migration 0036)', () => {
  it('every GIN index of the schema has fastupdate off', async () => {
    const { rows } = await ctx.database.query(
      `SELECT c.relname AS name, coalesce(c.reloptions, '{}') AS options
         FROM pg_class c
         JOIN pg_am a ON a.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE a.amname = 'gin' AND n.nspname = current_schema()
        ORDER BY c.relname`,
    );
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'entities_name_trgm_idx',
        'offers_search_vector_idx',
        'offers_target_geo_gin_idx',
        'offers_title_trgm_idx',
      ]),
    );
    for (const row of rows) {
      expect(row.options, String(row.name)).toContain('fastupdate=off');
    }
  });

  it('new and updated offers leave nothing pending', async () => {
    const adv = await buildEntityAccount(ctx.db(), 'advertiser');
    await insertOffers(ctx.db(), adv.entity.id, 'Pending check', 40);
    await ctx.database.query(
      `UPDATE offers SET description = 'Edited ' || id, click_count = click_count + 1
        WHERE entity_id = $1`,
      [adv.entity.id],
    );
    for (const index of [
      'offers_search_vector_idx',
      'offers_target_geo_gin_idx',
      'offers_title_trgm_idx',
    ]) {
      // The number of pending pages it merged: none were queued.
      const { rows } = await ctx.database.query(
        `SELECT gin_clean_pending_list($1::regclass) AS pages`,
        [index],
      );
      expect(Number(rows[0]!.pages), index).toBe(0);
    }
  });
});
