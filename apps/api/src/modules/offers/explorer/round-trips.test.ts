import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers';
import { createOffer, fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount, insertOffer, insertOffers } from '../../../../test/factories';

// What a miss of the long tail sends to PostgreSQL (decisions 028 and 036, Notes 2026-11-30): a
// search that finds nothing asks the catalogue what its respelling, suggestion and publisher
// need in one statement, and a prefix's lexemes are kept with the explorer's lists, emptied
// with them by a write that changes what is listed. The read cache is on, as in production.
const ctx = useTestApp({ config: { READ_CACHE_MS: '60000' } });
const { db, inject } = ctx;

interface Page {
  offers: { title: string }[];
  pagination: { total: number; totalIsCapped: boolean };
  suggestion?: string | null;
  respelled?: string | null;
  publisher?: { name: string } | null;
}

/** The statements the app sends while `run` runs (its driver's `query`, PGlite or pg's pool). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls
      .map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string })?.text ?? '')))
      .filter((text) => !/mail_outbox|read_cache_changes|pg_notify/i.test(text));
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a search that finds nothing', () => {
  it('asks the catalogue for its respelling, suggestion and publisher in one statement', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser', { name: 'Harbor Lights Media' });
    await insertOffer(db(), adv.entity.id, { title: 'Moon Glow Serum', category: 'Health' });
    await insertOffer(db(), adv.entity.id, { title: 'MatchMe Dating — SOI', category: 'Dating' });

    // Two words of the catalogue that no offer holds together, and two that one offer holds:
    // the same shape of page (two words, the last matched as a prefix), planned alike.
    let empty: Page | undefined;
    const emptySent = await statementsOf(async () => {
      empty = await fetchOffersPage<Page>(inject, 'title=moon%20dating');
    });
    let found: Page | undefined;
    const foundSent = await statementsOf(async () => {
      found = await fetchOffersPage<Page>(inject, 'title=moon%20glow');
    });
    expect(empty!.offers).toEqual([]);
    expect(empty!.suggestion ?? null).toBeNull();
    expect(empty!.respelled ?? null).toBeNull();
    expect(found!.offers.map((o) => o.title)).toEqual(['Moon Glow Serum']);
    // The joined word ("moondating"), the split parts ("dat ing"), the words and their one-edit
    // variants, and the publishers named "moon dating": one statement, where each was one.
    expect(emptySent.length - foundSent.length).toBe(1);
    const followUp = emptySent.filter((s) => /offer_search_lexemes/.test(s) && /entities/.test(s));
    expect(followUp).toHaveLength(1);
  });

  it('still names the publisher, respells and suggests from that one answer', async () => {
    const net = await buildEntityAccount(db(), 'network', { name: 'Tidewater Reach' });
    await insertOffer(db(), net.entity.id, {
      title: 'SunPeak Solar — Lead',
      category: 'Solar',
      description: 'Solar panel quotes for homeowners.',
    });
    const publisher = await fetchOffersPage<Page>(inject, 'title=tidewater');
    expect(publisher.offers).toEqual([]);
    expect(publisher.publisher?.name).toBe('Tidewater Reach');
    const respelled = await fetchOffersPage<Page>(inject, 'title=sun%20peak');
    expect(respelled.respelled).toBe('sunpeak');
    expect(respelled.offers.map((o) => o.title)).toEqual(['SunPeak Solar — Lead']);
    const suggested = await fetchOffersPage<Page>(inject, 'title=solr');
    expect(suggested.suggestion).toBe('solar');
  });
});

describe("a prefix's lexemes", () => {
  it('are read once, kept, and emptied by a new offer and by a description that brings a word', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser', { name: 'Prefix Keeper Ads' });
    const w = `qk${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
    // Enough offers that the planner expects the prefix alone in 1,000+ (it is expanded).
    await insertOffers(db(), owner.entity.id, `${w}glow`, 2_500);
    await ctx.database.query('ANALYZE offers');
    const prefixReads = (sent: string[]) =>
      sent.filter((s) => /offer_search_lexemes/.test(s) && /chr\(1114111\)/.test(s)).length;
    // New searches that end with the same word: the same words, another cache key.
    const search = (punctuation: string) =>
      fetchOffersPage<Page>(inject, `title=${encodeURIComponent(`${w}glo${punctuation}`)}`);

    // Two new searches ending with the same word read its lexemes once.
    expect(prefixReads(await statementsOf(() => search('')))).toBe(1);
    expect(prefixReads(await statementsOf(() => search('.')))).toBe(0);

    // A new offer brings a new word that starts with the prefix: it is found at once.
    const glossy = await createOffer(inject, owner, { title: `${w}glossy Night Cream` });
    const afterNew = await search('');
    expect(afterNew.offers[0]?.title).toBe(glossy.title);
    expect(afterNew.pagination.totalIsCapped).toBe(true);

    // A description edit keeps the lists (decision 029) but not the kept prefixes: a new search
    // finds the offer by the word its description brought.
    const plain = await createOffer(inject, owner, { title: 'Plain Day Cream' });
    expect((await search(',')).offers.map((o) => o.title)).not.toContain(plain.title);
    const edited = await inject({
      method: 'PUT',
      url: `/api/offers/${plain.offer_id}`,
      headers: owner.headers,
      payload: { description: `Now with ${w}glorious shine in every jar.` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search(';')).offers[0]?.title).toBe(plain.title);
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [owner.entity.id]);
  });
});
