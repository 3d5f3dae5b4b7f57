import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers';
import { fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount, insertOffers } from '../../../../test/factories';
import { commonSearchLexemes, countOffersHolding } from './word-search.repository';

// "Did you mean" ranks the catalogue words one edit from a typo by PostgreSQL's statistics of
// the offers' lexemes where it has them, and counts only the others (decision 028, Note
// 2026-11-29: misses that cost less). The statistics are ANALYZE's: taken here before any
// search, so the explorer's first read of them (kept a minute) already finds them. Without
// statistics every word is counted: forgiving-search.test.ts (a fresh database).
const ctx = useTestApp();
const { db } = ctx;

const suggestionFor = async (typed: string) =>
  (
    await fetchOffersPage<{ offers: unknown[]; suggestion?: string | null }>(
      ctx.inject,
      `title=${typed}`,
    )
  ).suggestion ?? null;

beforeAll(async () => {
  const { entity } = await buildEntityAccount(db(), 'advertiser', { name: 'Bankside Ads' });
  // Both past the count's cap (20): counted, "bank" and "band" tie and the first in order won.
  await insertOffers(db(), entity.id, 'Bank Loan', 25);
  await insertOffers(db(), entity.id, 'Band Tickets', 22);
  await db().execute(sql`analyze offers`);
  // After ANALYZE: a word the statistics do not know yet, counted up to the cap.
  await insertOffers(db(), entity.id, 'Bang Deals', 30);
});

describe('the commonest lexemes, from ANALYZE', () => {
  it('reads each lexeme’s share of the offers', async () => {
    const common = await commonSearchLexemes(db());
    expect(common.get('bank')).toBeGreaterThan(common.get('band')!);
    expect(common.get('band')).toBeGreaterThan(0);
    expect(common.has('bang')).toBe(false);
  });
});

describe('ranking the words one edit from a typo', () => {
  it('ranks a common word by its share, above a word it must count', async () => {
    // bank 25 > band 22 by the statistics; bang (30 offers, counted: 20) ranks below both.
    expect(await suggestionFor('bant')).toBe('bank');
  });

  it('counts only the words whose lexeme is not among the common ones', async () => {
    const common = [...(await commonSearchLexemes(db())).keys()];
    const held = await countOffersHolding(db(), ['bank', 'band', 'bang', 'bant'], 20, common);
    expect(Object.fromEntries(held)).toEqual({
      bank: { lexeme: 'bank', n: null },
      band: { lexeme: 'band', n: null },
      bang: { lexeme: 'bang', n: 20 },
      bant: { lexeme: 'bant', n: 0 },
    });
    // Without statistics, every word is counted (up to the cap).
    const counted = await countOffersHolding(db(), ['bank', 'band', 'tickets'], 20);
    expect(Object.fromEntries(counted)).toEqual({
      bank: { lexeme: 'bank', n: 20 },
      band: { lexeme: 'band', n: 20 },
      tickets: { lexeme: 'ticket', n: 20 },
    });
  });
});
