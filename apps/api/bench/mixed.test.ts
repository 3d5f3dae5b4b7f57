import { describe, expect, it } from 'vitest';
import {
  EXPECTED_STATUS,
  MIXED_USERS,
  MixedStats,
  MixedWorkload,
  Zipf,
  type MixedFixture,
  type MixedRequest,
} from './mixed';
import { seededRandom } from '../src/lib/seeded-random';

// The mixed workload's request stream (bench/mixed.ts), without a database: a fixture shaped as
// prepareMixed() returns it.
const fixture = (): MixedFixture => ({
  run: 'r1',
  userTokens: Array.from({ length: MIXED_USERS }, (_, i) => `user-token-${i}`),
  owners: Array.from({ length: 20 }, (_, i) => ({
    token: `owner-token-${i}`,
    offerIds: Array.from({ length: 50 }, (_, j) => `offer-${i}-${j}`),
  })),
  entities: Array.from({ length: 470 }, (_, i) => ({ id: `entity-${i}`, reviews: 500 - i })),
  trackingCodes: Array.from({ length: 1000 }, (_, i) => `bench${String(i).padStart(32, '0')}`),
});

const draw = (n: number, seed?: number): MixedRequest[] => {
  const w = new MixedWorkload(fixture(), seed);
  return Array.from({ length: n }, () => w.next());
};

describe('the mixed workload', () => {
  const requests = draw(100_000);
  const share = (pred: (r: MixedRequest) => boolean) =>
    requests.filter(pred).length / requests.length;

  it('is deterministic: the same seed gives the same stream, another seed another', () => {
    expect(draw(2_000)).toEqual(draw(2_000));
    expect(draw(2_000, 99)).not.toEqual(draw(2_000));
  });

  it('has about 2 % writes: clicks, reviews and offer edits', () => {
    const writes = share((r) => ['click', 'review-post', 'offer-edit'].includes(r.kind));
    expect(writes).toBeGreaterThan(0.017);
    expect(writes).toBeLessThan(0.023);
    for (const kind of ['click', 'review-post', 'offer-edit'] as const) {
      expect(share((r) => r.kind === kind)).toBeGreaterThan(0.003);
    }
  });

  it('sends about 30 % of reads as logged-in users, with many different sessions', () => {
    const reads = requests.filter((r) => r.method === 'GET' && r.kind !== 'click');
    const loggedIn = reads.filter((r) => r.headers.authorization);
    expect(loggedIn.length / reads.length).toBeGreaterThan(0.27);
    expect(loggedIn.length / reads.length).toBeLessThan(0.33);
    expect(new Set(loggedIn.map((r) => r.headers.authorization)).size).toBe(MIXED_USERS);
    // The company database is for logged-in users only.
    expect(
      requests.filter((r) => r.kind === 'companies').every((r) => r.headers.authorization),
    ).toBe(true);
  });

  it('draws from over 1,000 distinct title searches, Zipf-skewed, over pages 1–5', () => {
    const titles = requests
      .filter((r) => r.kind === 'offers-title')
      .map((r) => new URL(r.path, 'http://x').searchParams);
    const distinct = new Set(titles.map((p) => p.get('title')));
    expect(distinct.size).toBeGreaterThan(1_000);
    const pages = new Set(titles.map((p) => p.get('page') ?? '1'));
    expect([...pages].sort()).toEqual(['1', '2', '3', '4', '5']);
    // The most popular search is far more frequent than the median one.
    const counts = new Map<string, number>();
    for (const p of titles) counts.set(p.get('title')!, (counts.get(p.get('title')!) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(sorted[0]!).toBeGreaterThan(20 * sorted[Math.floor(sorted.length / 2)]!);
  });

  it('with a long tail of F, makes about F of the searches ones never asked before, from the vocabulary', () => {
    const w = new MixedWorkload(fixture(), 17, 0.25);
    const searches = Array.from({ length: 40_000 }, () => w.next()).filter((r) =>
      ['offers-title', 'offers-geo-category', 'companies'].includes(r.kind),
    );
    const seen = new Map<string, number>();
    for (const r of searches) seen.set(r.path, (seen.get(r.path) ?? 0) + 1);
    // Each search of the tail is a URL asked once in the whole stream.
    expect(w.uniqueSearches / searches.length).toBeGreaterThan(0.22);
    expect(w.uniqueSearches / searches.length).toBeLessThan(0.28);
    const once = [...seen.values()].filter((n) => n === 1).length;
    expect(once).toBeGreaterThanOrEqual(w.uniqueSearches);
    const tailTitles = searches
      .filter((r) => r.kind === 'offers-title')
      .map((r) => new URL(r.path, 'http://x').searchParams.get('title')!)
      .filter((t) => seen.get(`/api/offers/fetch_all?${new URLSearchParams({ title: t })}`) === 1);
    expect(tailTitles.length).toBeGreaterThan(1_000);
    for (const t of tailTitles) expect(t === t.toLowerCase() && t.length >= 3, t).toBe(true);
    // Without a tail the stream is the one every earlier run measured.
    expect(draw(2_000)).toEqual(
      (() => {
        const plain = new MixedWorkload(fixture(), undefined, 0);
        return Array.from({ length: 2_000 }, () => plain.next());
      })(),
    );
  });

  it('goes on making new searches once its vocabulary is used up (a long, fast run)', () => {
    const w = new MixedWorkload(fixture(), 17, 1);
    const companies = new Set<string>();
    while (companies.size < 20_000) {
      const r = w.next();
      if (r.kind !== 'companies') continue;
      expect(companies.has(r.path), r.path).toBe(false);
      companies.add(r.path);
    }
  });

  it('sends two GEOs in both orders', () => {
    const pairs = requests
      .filter((r) => r.kind === 'offers-geo-category')
      .map((r) => new URL(r.path, 'http://x').searchParams.getAll('geo'))
      .filter((g) => g.length === 2);
    const seen = new Set(pairs.map((g) => g.join(',')));
    expect([...seen].some((p) => seen.has(p.split(',').reverse().join(',')))).toBe(true);
  });

  it('never has a user review the same entity twice, and each review text is new', () => {
    const reviews = requests
      .filter((r) => r.kind === 'review-post')
      .map((r) => ({
        user: r.headers.authorization,
        body: JSON.parse(r.body!) as { entity_id: string; review_text: string },
      }));
    expect(reviews.length).toBeGreaterThan(300);
    const pairs = new Set(reviews.map((r) => `${r.user} ${r.body.entity_id}`));
    expect(pairs.size).toBe(reviews.length);
    expect(new Set(reviews.map((r) => r.body.review_text)).size).toBe(reviews.length);
  });

  it('writes review texts no earlier run wrote (a kept database flags a repeated text)', () => {
    const texts = (run: string) => {
      const mix = new MixedWorkload({ ...fixture(), run });
      return Array.from({ length: 20_000 }, () => mix.next())
        .filter((r) => r.kind === 'review-post')
        .map((r) => (JSON.parse(r.body!) as { review_text: string }).review_text);
    };
    const first = new Set(texts('r1'));
    expect(first.size).toBeGreaterThan(100);
    expect(texts('r2').filter((t) => first.has(t))).toEqual([]);
  });

  it('makes every click a new visitor (its own client address), never a bot', () => {
    const clicks = requests.filter((r) => r.kind === 'click');
    expect(new Set(clicks.map((r) => r.headers['x-forwarded-for'])).size).toBe(clicks.length);
    expect(new Set(clicks.map((r) => r.headers['user-agent'])).size).toBe(clicks.length);
    expect(clicks.every((r) => /^\/go\/bench[0-9]{32}$/.test(r.path))).toBe(true);
  });
});

describe('Zipf', () => {
  it('draws rank k about 1/(k+1) as often as rank 0 (s = 1)', () => {
    const zipf = new Zipf(100);
    const random = seededRandom(1);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 200_000; i++) counts[zipf.rank(random())]! += 1;
    expect(counts[1]! / counts[0]!).toBeCloseTo(0.5, 1);
    expect(counts[9]! / counts[0]!).toBeCloseTo(0.1, 1);
  });
});

describe('MixedStats', () => {
  it('separates expected answers (302 clicks, 409 repeated reviews) from unexpected ones', () => {
    const stats = new MixedStats();
    const answer = (kind: Parameters<MixedStats['answer']>[0], status: number, cache?: string) => {
      stats.answer(kind, status, cache);
      stats.latency(5);
    };
    answer('click', 302);
    answer('review-post', 201);
    answer('review-post', 409);
    answer('offers-title', 200, 'hit');
    answer('offers-title', 200, 'miss');
    answer('offers-title', 200, 'hit');
    answer('companies', 500, 'miss');
    const report = stats.report(new MixedWorkload(fixture()));
    expect(EXPECTED_STATUS.click.ok).toBe(302);
    expect(report.expected4xx).toBe(1);
    expect(report.unexpected).toBe(1);
    expect(report.unexpectedStatuses).toEqual({ 'companies 500': 1 });
    expect(report.writes).toBe(3);
    expect(report.cacheHitRate).toBeCloseTo(2 / 4);
    expect(report.kinds.find((k) => k.kind === 'offers-title')?.cacheHitRate).toBeCloseTo(2 / 3);
  });

  it('keeps one line a request when asked (--requests-out): kind, x-cache, who, ms, end', () => {
    const stats = new MixedStats(true);
    stats.answer('click', 302, undefined, '/go/x');
    stats.latency(12.34);
    stats.answer('offers-list', 200, 'hit', '/api/offers/fetch_all', true);
    stats.latency(3);
    expect(stats.requestLines()).toMatch(
      /^click - visitor 12\.3 \d{13}\noffers-list hit user 3\.0 \d{13}\n$/,
    );
    const quiet = new MixedStats();
    quiet.answer('click', 302, undefined);
    quiet.latency(1);
    expect(quiet.requestLines()).toBe('');
  });
});
