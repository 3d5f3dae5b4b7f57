import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers';
import { fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount, insertOffer } from '../../../../test/factories';
import { anyVisibleOffer } from './explorer.repository';
import { Binder, bindFilters, visible } from './filters.sql';
import { oneEditVariants, respellings } from './offer-search';
import { anyMatchQuery } from './page.sql';

// A search that forgives (docs/decisions/028-offer-word-search.md, Note 2026-11-29): words
// joined or split, one-edit typos on short words ranked by how common the word is, a publisher's
// name, and the payout range's 400. The catalogue is built like the demo's: "keto" and "crypto"
// are words of descriptions and categories only, not of any title.
const ctx = useTestApp();
const { db, inject } = ctx;

interface Page {
  offers: { title: string; entity_id: string }[];
  pagination: { total: number };
  suggestion?: string | null;
  respelled?: string | null;
  publisher?: { entity_id: string; slug: string; name: string } | null;
}

const fetchAll = (query: string) => fetchOffersPage<Page>(inject, query);
const titles = (page: Page) => page.offers.map((o) => o.title);

let advertiserId = '';
let blockReachId = '';

const offer = (entityId: string, values: Parameters<typeof insertOffer>[2]) =>
  insertOffer(db(), entityId, values);

beforeAll(async () => {
  advertiserId = (await buildEntityAccount(db(), 'advertiser', { name: 'Vitality Ads' })).entity.id;
  blockReachId = (await buildEntityAccount(db(), 'network', { name: 'BlockReach Media' })).entity
    .id;
  // A company no one may see yet, and an affiliate: never "Offers by".
  const pending = await buildEntityAccount(db(), 'advertiser', {
    name: 'BlockReach Pending',
    verificationStatus: 'pending',
  });
  await offer(pending.entity.id, { title: 'Pending Thing' });
  await offer(advertiserId, {
    title: 'KetoSlim Pro — Free Trial',
    description: 'Free-trial keto supplement with a 1-step checkout.',
  });
  await offer(advertiserId, { title: 'Moon Glow Serum', category: 'Health' });
  await offer(advertiserId, { title: 'MatchMe Dating — SOI', category: 'Dating' });
  await offer(blockReachId, {
    title: 'CoinNest Exchange — Verified Account',
    category: 'Crypto',
    targetGeo: ['BR'],
  });
  await offer(blockReachId, {
    title: 'BitVault Wallet — Install',
    category: 'Finance',
    description: 'Self-custody crypto wallet, CPI on Android.',
    targetGeo: ['BR'],
  });
  // "bank" is in three offers, "band" in one: "bant" is one edit from both, and as alike to
  // both by trigrams.
  for (const n of [1, 2, 3]) await offer(advertiserId, { title: `Bank Loan ${n}` });
  await offer(advertiserId, { title: 'Band Tickets' });
});

describe('words joined or split', () => {
  it('finds "KetoSlim" for "keto slim", on every page, and says how it searched', async () => {
    const page = await fetchAll('title=keto%20slim');
    expect(titles(page)).toEqual(['KetoSlim Pro — Free Trial']);
    expect(page.respelled).toBe('ketoslim');
    expect(page.pagination.total).toBe(1);
    expect(titles(await fetchAll('title=Keto%20Slim%20pro'))).toEqual([
      'KetoSlim Pro — Free Trial',
    ]);
    expect((await fetchAll('title=keto%20slim&page=2')).respelled).toBe('ketoslim');
    // What is found as typed is not respelled.
    expect((await fetchAll('title=keto')).respelled).toBeUndefined();
  });

  it('finds "Moon Glow" for "moonglow" (a split into two catalogue words)', async () => {
    const page = await fetchAll('title=moonglow');
    expect(titles(page)).toEqual(['Moon Glow Serum']);
    expect(page.respelled).toBe('moon glow');
  });

  it('respells only under the same filters, and never an excluded word', async () => {
    const page = await fetchAll('title=keto%20slim&geo=DE');
    expect(page.offers).toEqual([]);
    expect(page.respelled).toBeUndefined();
    expect(respellings('keto -slim').map((r) => r.text)).not.toContain('ketoslim');
    expect(respellings('keto slim').map((r) => r.text)).toEqual(['ketoslim']);
    expect(respellings('moonglow').map((r) => r.text)).toEqual([
      'moo nglow',
      'moon glow',
      'moong low',
    ]);
  });
});

describe('typos on short words', () => {
  it.each([
    ['ketto', 'keto'],
    ['keeto', 'keto'],
    ['crypo', 'crypto'],
    ['cryptoo', 'crypto'],
    ['datng', 'dating'],
  ])('"%s" suggests %s', async (typed, expected) => {
    const page = await fetchAll(`title=${typed}`);
    expect(page.offers).toEqual([]);
    expect(page.suggestion ?? null).toBe(expected);
    if (expected) expect((await fetchAll(`title=${expected}`)).offers.length).toBeGreaterThan(0);
  });

  it('ranks the words one edit away by how many offers hold them', async () => {
    // Not the first in order, nor the most alike: the most common.
    expect((await fetchAll('title=bant')).suggestion).toBe('bank');
  });

  it('corrects each word of several, and only to what finds offers under the filters', async () => {
    expect((await fetchAll('title=crypo%20walet')).suggestion).toBe('crypto wallet');
    expect((await fetchAll('title=crypo&geo=US')).suggestion ?? null).toBeNull();
  });

  it('looks up a bounded set of variants', () => {
    const variants = oneEditVariants('ketto');
    expect(variants).toContain('keto');
    expect(variants).not.toContain('ketto');
    expect(variants.length).toBeLessThanOrEqual(54 * 5 + 26);
  });
});

describe('a publisher’s name', () => {
  it('suggests "Offers by BlockReach Media", whose filter finds its offers', async () => {
    const page = await fetchAll('title=blockreach');
    expect(page.offers).toEqual([]);
    expect(page.publisher).toEqual({
      entity_id: blockReachId,
      slug: 'blockreach-media',
      name: 'BlockReach Media',
    });
    // The filter by the slug the suggestion carries (docs/decisions/052).
    const filtered = await fetchAll(`entity=${page.publisher!.slug}`);
    expect(titles(filtered).sort()).toEqual([
      'BitVault Wallet — Install',
      'CoinNest Exchange — Verified Account',
    ]);
  });

  it('names no publisher without offers under the other filters, nor one not approved', async () => {
    expect((await fetchAll('title=blockreach&geo=US')).publisher ?? null).toBeNull();
    expect((await fetchAll('title=blockreach%20pending')).publisher ?? null).toBeNull();
    expect((await fetchAll(`title=blockreach&entity=${blockReachId}`)).publisher ?? null).toBe(
      null,
    );
  });
});

describe('an inverted payout range', () => {
  it('answers 400 with the message the web shows by the field', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/offers/fetch_all?payout_min=50&payout_max=10',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; details: { path: string; message: string }[] };
    expect(body.details).toEqual([
      { path: 'payout_max', message: 'payout_min must not be above payout_max' },
    ]);
    expect(body.error).toContain('payout_min must not be above payout_max');
  });
});

describe('a suggestion is checked from the word index first (decision 028, Note 2026-11-29: the long tail)', () => {
  it('finds matches, finds none, and its statement is a materialized CTE a LIMIT cannot turn into a table walk', async () => {
    // What suggestSpelling asks of a correction: does anything match it under the same filters?
    expect(await anyVisibleOffer(db(), { title: 'ketoslim' })).toBe(true);
    expect(await anyVisibleOffer(db(), { title: 'ketoslim', geo: ['ZW'] })).toBe(false);
    expect(await anyVisibleOffer(db(), { title: 'zzzz nothing' })).toBe(false);
    // At 1M offers the old count capped at one was planned as a walk of the whole table for a
    // first match (0.9–1.6 s when there is none): the matches are now found by the word index
    // before any LIMIT applies.
    const statement = anyMatchQuery(
      db(),
      visible(bindFilters({ title: 'ketoslim' }, Binder.inPlace())),
    ).toSQL().sql;
    expect(statement).toMatch(/with matches as materialized \(+select 1 from "offers" where/i);
    expect(statement).toMatch(/select 1 from matches limit 1/i);
  });
});
