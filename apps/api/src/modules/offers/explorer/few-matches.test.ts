import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers';
import { type ExplorerPageSeen, fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount, insertOffers } from '../../../../test/factories';
import { estimateMatchingOffers, visibleOffersQuery } from './explorer.repository';
import { withTitlePrefix } from './explorer.service';
import { FEW_MATCHES_PAST_PAGE_ONE } from './plan';

// A word search's pages past the first find its matches first (the 'few matches' plan) when the
// planner expects fewer than FEW_MATCHES_PAST_PAGE_ONE, whether or not a count is needed
// (docs/decisions/037-generic-plans.md, Note 2026-11-29). The plan shows in the total: found
// first, the matches are counted. Here the planner's statistics are left stale on purpose (2,100
// offers analyzed, 600 left), so that it says "thousands" where a count says 600.
const ctx = useTestApp();
const { db } = ctx;

const fetchPage = (query: string) => fetchOffersPage<ExplorerPageSeen>(ctx.inject, query);

const tag = `fm${Date.now()}`;

beforeAll(async () => {
  const { entity } = await buildEntityAccount(db(), 'advertiser', { name: 'Few Matches Ads' });
  // The statistics stay as ANALYZE left them (a database of this file's own).
  await db().execute(sql`alter table offers set (autovacuum_enabled = off)`);
  await insertOffers(db(), entity.id, `${tag} bulk`, 2100);
  await db().execute(sql`analyze offers`);
  await db().execute(
    sql`delete from offers where id in (
      select id from offers where title like ${`${tag} %`} order by created_at, id limit 1500)`,
  );
});

describe('pages past the first of a word the planner expects a few thousand offers for', () => {
  it('find the matches first, count them, and list what the page planned with its values lists', async () => {
    const estimate = await estimateMatchingOffers(
      db(),
      await withTitlePrefix(db(), { title: tag }),
    );
    expect(estimate).toBeGreaterThanOrEqual(2_000);
    expect(estimate).toBeLessThan(FEW_MATCHES_PAST_PAGE_ONE);
    // Asked first, page 2 counts its matches (newest first, the planner's "thousands" would
    // have said "1,000+").
    const second = await fetchPage(`title=${tag}&page=2`);
    expect(second.pagination).toMatchObject({
      total: 600,
      totalIsCapped: false,
      hasNextPage: true,
    });
    // Each page lists the offers the page planned with its values lists; past page 1 each
    // counts (page 1, newest first and uncounted, takes the planner's word: "1,000+").
    const filters = await withTitlePrefix(db(), { title: tag });
    for (const page of [1, 2, 3, 5, 30]) {
      const listed = await fetchPage(`title=${tag}&page=${page}`);
      expect(listed.pagination, `page ${page}`).toMatchObject(
        page === 1 ? { total: 1000, totalIsCapped: true } : { total: 600, totalIsCapped: false },
      );
      const planned = await visibleOffersQuery(db(), filters, 20, (page - 1) * 20);
      expect(
        listed.offers.map((o) => o.title),
        `page ${page}`,
      ).toEqual(planned.map((r) => r.offer.title));
      expect(listed.offers).toHaveLength(20);
    }
    expect((await fetchPage(`title=${tag}&page=31`)).offers).toEqual([]);
  });

  it('keep "Best match" in its own window, uncounted past page 1', async () => {
    // 'Best match' ranks its window apart: its pages past the first keep the total of page 1.
    const first = await fetchPage(`title=${tag}&sort=best`);
    const second = await fetchPage(`title=${tag}&sort=best&page=2`);
    expect(second.pagination.total).toBe(first.pagination.total);
    expect(second.offers).toHaveLength(20);
  });
});
