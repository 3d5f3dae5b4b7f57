// The mixed-workload case (`--cases mixed`, docs/performance.md): what real traffic looks like
// rather than one repeated URL. About 70 % of requests come from visitors and 30 % from 200
// logged-in users (each with their own session); every pool of URLs (title searches, GEO and
// category filters, company searches, entity pages, entity review pages, pages 1–5) is drawn
// with a Zipf distribution (s = 1), and about 2 % of requests are writes as in production:
// reviews (201, they empty their entity's cached reads), offer edits by an owner (200: description
// only, so they empty the offer's and its owner's entries, not the lists; decision 029) and
// tracking-link clicks (GET /go/{code}, 302; a GET, so the cache stays). Deterministic: one
// seeded pseudo-random stream decides every request, whatever the timing.
//
// `longTail` (run.ts's --long-tail F): a share F of the searches (title, GEO + category, company)
// is a search never asked before in the run, as real traffic's long tail is: phrases of two or
// three words of the catalogue's vocabulary, a word as it is being typed (a prefix) or with a
// typo (one letter dropped or doubled); GEO + category filters with a payout floor no one set
// before. Each is a miss whatever the cache does.
import { startSession } from '../src/auth/sessions.service';
import type { Database } from '../src/db/client';
import { seededRandom } from '../src/lib/seeded-random';
import {
  CATEGORIES,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  GEOS,
  HOOKS,
  LEAD_WORDS,
  PRODUCT_WORDS,
  REVIEW_SENTENCES,
  REVIEW_TITLES,
} from './seed';

// ---- shape of the mix ---------------------------------------------------------------------

/** Logged-in users with their own sessions (the 30 %). */
export const MIXED_USERS = 200;
/** Owners of the busiest publishers, who edit their offers. */
const MIXED_OWNERS = 20;
const OFFERS_PER_OWNER = 50;
/** The words of the long tail's title searches: the catalogue's own (bench/seed.ts). */
const TAIL_VOCABULARY = [...LEAD_WORDS.flat(), ...PRODUCT_WORDS, ...HOOKS];
/** Distinct title searches drawn from the seed's word lists (so they match rows). */
const TITLE_SEARCHES = 2_000;
const LOGGED_IN_SHARE = 0.3;
/** Writes, as shares of all requests (about 2 % together). */
const WRITE_SHARES = { click: 0.01, review: 0.006, offerEdit: 0.004 } as const;
const ZIPF_S = 1;
const ENTITY_REVIEWS_PAGE = 10;

export type Kind =
  | 'offers-title'
  | 'offers-geo-category'
  | 'offers-list'
  | 'companies'
  | 'entity-page'
  | 'entity-reviews'
  | 'review-post'
  | 'offer-edit'
  | 'click';

/** What each read kind weighs for visitors and for logged-in users (shares of their reads). */
const VISITOR_READS: [Kind, number][] = [
  ['offers-title', 30],
  ['offers-geo-category', 25],
  ['offers-list', 10],
  ['entity-page', 15],
  ['entity-reviews', 20],
];
const USER_READS: [Kind, number][] = [
  ['companies', 40],
  ['offers-title', 18],
  ['offers-geo-category', 15],
  ['offers-list', 6],
  ['entity-page', 9],
  ['entity-reviews', 12],
];

/** Answers each kind is expected to give; a 4xx listed here is counted apart from errors. */
export const EXPECTED_STATUS: Record<Kind, { ok: number; expected4xx: number[] }> = {
  'offers-title': { ok: 200, expected4xx: [] },
  'offers-geo-category': { ok: 200, expected4xx: [] },
  'offers-list': { ok: 200, expected4xx: [] },
  companies: { ok: 200, expected4xx: [] },
  'entity-page': { ok: 200, expected4xx: [] },
  'entity-reviews': { ok: 200, expected4xx: [] },
  // A second review of the same entity within 12 months (should not happen: each user reviews
  // the approved entities in its own order).
  'review-post': { ok: 201, expected4xx: [409] },
  'offer-edit': { ok: 200, expected4xx: [] },
  click: { ok: 302, expected4xx: [] },
};

/**
 * The app settings the mix needs: a logged-in user posts more than the 5 reviews a day of the
 * default (the limit is the app's own setting, raised here, never a code path); the load
 * generator on loopback is trusted as a proxy, so a click's X-Forwarded-For is its visitor's
 * address (a visitor is its client address, docs/decisions/025).
 */
export const MIXED_APP_ENV = { REVIEWS_PER_DAY: '1000000', TRUST_PROXY: '127.0.0.1' };

/** The n-th click's visitor: an address of its own (198.18.0.0/15, the benchmarking range). */
export function clickVisitorAddress(n: number): string {
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

// ---- deterministic randomness -------------------------------------------------------------

/** Draws ranks 0…n-1 with P(k) ∝ 1 / (k + 1)^s. */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(
    readonly n: number,
    s = ZIPF_S,
  ) {
    if (n < 1) throw new Error('Zipf needs at least one item');
    this.cumulative = new Float64Array(n);
    let sum = 0;
    for (let k = 0; k < n; k++) {
      sum += 1 / (k + 1) ** s;
      this.cumulative[k] = sum;
    }
    for (let k = 0; k < n; k++) this.cumulative[k]! /= sum;
  }

  /** The rank for a uniform draw u in [0, 1). */
  rank(u: number): number {
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---- the fixture: users, sessions and what exists in the seeded database -------------------

export interface MixedFixture {
  /**
   * This run's mark, in every review text: on a kept database (--reuse) an earlier run's text
   * would be a repeated text, flagged without a TrustScore recompute, and the run would measure a
   * cheaper review post than a fresh seed does.
   */
  run: string;
  userTokens: string[];
  owners: { token: string; offerIds: string[] }[];
  /** Approved entities, most reviewed first, with their approved reviews. */
  entities: { id: string; reviews: number }[];
  trackingCodes: string[];
}

/**
 * Creates the logged-in users (old enough that the swarm guard does not hold their reviews) and
 * the owners of the busiest publishers, each with a session, and reads what the mix refers to.
 */
export async function prepareMixed(database: Database): Promise<MixedFixture> {
  const run = Date.now().toString(36);
  const q = database.query;
  const { rows: users } = await q(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at,
       created_at, updated_at)
     SELECT 'bench-mixed-' || $1::text || '-' || g || '@bench.example', 'bench-not-a-password-hash',
       'Mixed', 'Reader ' || g, 'user', now(), now() - interval '30 days', now()
     FROM generate_series(1, $2::int) g
     RETURNING id`,
    [run, MIXED_USERS],
  );
  const { rows: publishers } = await q(
    `SELECT e.id, e.entity_type FROM entities e
     WHERE e.verification_status = 'approved' AND e.entity_type IN ('advertiser', 'network')
     ORDER BY (SELECT count(*) FROM offers o WHERE o.entity_id = e.id) DESC, e.name
     LIMIT $1`,
    [MIXED_OWNERS],
  );
  const owners: MixedFixture['owners'] = [];
  for (const [i, p] of publishers.entries()) {
    const { rows: owner } = await q(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, entity_id,
         email_verified_at, created_at, updated_at)
       VALUES ($1, 'bench-not-a-password-hash', 'Mixed', $2, $3, $4, now(),
         now() - interval '30 days', now())
       RETURNING id`,
      [`bench-owner-${run}-${i}@bench.example`, `Owner ${i}`, p.entity_type, p.id],
    );
    // An owner has a second factor, as production requires of owners (MFA_REQUIRED_FOR's default,
    // docs/decisions/033): without one, its session may only set one up, and every edit is a 403.
    await q(
      `INSERT INTO user_totp (user_id, secret, enabled_at) VALUES ($1, 'bench-not-a-secret', now())`,
      [owner[0]!.id],
    );
    const { rows: offerRows } = await q(
      `SELECT id FROM offers WHERE entity_id = $1 AND offer_status = 'active'
         AND (expires_at IS NULL OR expires_at > now())
       ORDER BY created_at DESC LIMIT $2`,
      [p.id, OFFERS_PER_OWNER],
    );
    const { token } = await startSession(database.db, String(owner[0]!.id));
    owners.push({ token, offerIds: offerRows.map((r) => String(r.id)) });
  }
  const userTokens: string[] = [];
  for (const u of users) userTokens.push((await startSession(database.db, String(u.id))).token);
  const { rows: entities } = await q(
    `SELECT id, total_reviews FROM entities WHERE verification_status = 'approved'
     ORDER BY total_reviews DESC, name`,
  );
  const { rows: codes } = await q(
    `SELECT a.tracking_code FROM offer_applications a
     WHERE a.status = 'approved' AND a.tracking_code IS NOT NULL
     ORDER BY a.click_count DESC, a.tracking_code`,
  );
  return {
    run,
    userTokens,
    owners: owners.filter((o) => o.offerIds.length > 0),
    entities: entities.map((e) => ({ id: String(e.id), reviews: Number(e.total_reviews) })),
    trackingCodes: codes.map((c) => String(c.tracking_code)),
  };
}

// ---- the URL pools ------------------------------------------------------------------------

interface Search {
  query: string;
  /** Pages a person may page through (1 for narrow searches). */
  pages: number;
}

function titleSearches(random: () => number): Search[] {
  const lower = (w: string) => w.toLowerCase();
  const leads = LEAD_WORDS.flat().map(lower);
  // Single words first (what people type most), then "lead product" phrases: ~1,000s distinct.
  const words = shuffled([...leads, ...PRODUCT_WORDS.map(lower), ...HOOKS.map(lower)], random);
  const phrases = shuffled(
    leads.flatMap((lead) => PRODUCT_WORDS.map((p) => `${lead} ${lower(p)}`)),
    random,
  );
  const all = [
    ...words.map((w) => ({ query: w, pages: 5 })),
    ...phrases.map((p) => ({ query: p, pages: 1 })),
  ];
  return [...new Map(all.map((s) => [s.query, s])).values()].slice(0, TITLE_SEARCHES);
}

interface GeoCategory {
  geos: string[];
  category?: string;
  weight: number;
}

/** GEO and category filters, most popular first: one GEO, two GEOs, a category, or both. */
function geoCategoryFilters(): GeoCategory[] {
  const geoWeight = (i: number) => 1 / (i + 1);
  const topGeos = GEOS.slice(0, 10);
  const out: GeoCategory[] = [];
  for (const [name, share] of CATEGORIES) {
    const wc = share / 100;
    out.push({ geos: [], category: name, weight: wc * 0.5 });
    GEOS.forEach((g, i) => out.push({ geos: [g], category: name, weight: wc * geoWeight(i) }));
    topGeos.forEach((a, i) =>
      topGeos.slice(i + 1).forEach((b, j) =>
        out.push({
          geos: [a, b],
          category: name,
          weight: wc * geoWeight(i) * geoWeight(i + 1 + j) * 0.5,
        }),
      ),
    );
  }
  GEOS.forEach((g, i) => out.push({ geos: [g], weight: geoWeight(i) * 0.3 }));
  topGeos.forEach((a, i) =>
    topGeos
      .slice(i + 1)
      .forEach((b, j) =>
        out.push({ geos: [a, b], weight: geoWeight(i) * geoWeight(i + 1 + j) * 0.15 }),
      ),
  );
  return out.sort((x, y) => y.weight - x.weight);
}

const COMPANY_TYPES = ['Advertiser', 'Affiliate', 'Network'];

function companySearches(random: () => number): { search?: string; type?: string }[] {
  const words = [...COMPANY_PREFIXES, ...COMPANY_SUFFIXES].map((w) => w.toLowerCase());
  return [
    {},
    ...COMPANY_TYPES.map((type) => ({ type })),
    ...shuffled(words, random).map((search) => ({ search })),
    ...shuffled(
      COMPANY_PREFIXES.flatMap((w) =>
        COMPANY_TYPES.map((type) => ({ search: w.toLowerCase(), type })),
      ),
      random,
    ),
  ];
}

// ---- the stream of requests ---------------------------------------------------------------

export interface MixedRequest {
  kind: Kind;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) TrustLinksBenchVisitor';

/**
 * The endless, deterministic request stream of the mix. One instance per size: it remembers
 * which entities each user has reviewed, so warm-ups and retries never repeat a review.
 */
/** Draws of a never-asked query before MixedWorkload.fresh joins two (its vocabulary used up). */
const FRESH_TRIES = 100;

export class MixedWorkload {
  private readonly random: () => number;
  private readonly titles: Search[];
  private readonly filters: GeoCategory[];
  private readonly companies: { search?: string; type?: string }[];
  private readonly zipf: {
    titles: Zipf;
    filters: Zipf;
    companies: Zipf;
    entities: Zipf;
    codes: Zipf;
    pages: Zipf;
  };
  private readonly reviewsBy: number[];
  private readonly editsBy: number[];
  private clicks = 0;

  /** The searches asked so far that were never asked before (the long tail). */
  private readonly asked = new Set<string>();
  private tail = 0;

  constructor(
    private readonly fixture: MixedFixture,
    seed = 17,
    /** The share of searches never asked before (0–1). */
    private readonly longTail = 0,
  ) {
    if (!(longTail >= 0 && longTail <= 1)) throw new Error('the long tail is a share from 0 to 1');
    if (fixture.userTokens.length === 0 || fixture.entities.length === 0) {
      throw new Error('the mixed case needs users and approved entities');
    }
    if (fixture.owners.length === 0 || fixture.trackingCodes.length === 0) {
      throw new Error('the mixed case needs offer owners and tracking links (bench/seed.ts)');
    }
    const setup = seededRandom(seed);
    this.random = seededRandom(seed + 1);
    this.titles = titleSearches(setup);
    this.filters = geoCategoryFilters();
    this.companies = companySearches(setup);
    this.zipf = {
      titles: new Zipf(this.titles.length),
      filters: new Zipf(this.filters.length),
      companies: new Zipf(this.companies.length),
      entities: new Zipf(fixture.entities.length),
      codes: new Zipf(fixture.trackingCodes.length),
      pages: new Zipf(5),
    };
    this.reviewsBy = fixture.userTokens.map(() => 0);
    this.editsBy = fixture.owners.map(() => 0);
  }

  /** How many searches of the long tail the stream has made so far. */
  get uniqueSearches(): number {
    return this.tail;
  }

  /** Whether this search is one of the long tail. */
  private inTail(): boolean {
    return this.longTail > 0 && this.random() < this.longTail;
  }

  /**
   * A query never made before by this stream, from `make` (which draws from the vocabulary). A run
   * long and fast enough uses up what `make` can draw (a company's prefix and suffix are a few
   * thousand pairs): after FRESH_TRIES draws that were all asked before, two draws are joined, a
   * longer query of the same words, so the stream goes on (it looped forever there).
   */
  private fresh(pool: string, make: () => string): string {
    for (let tries = 0; ; tries++) {
      const query = tries < FRESH_TRIES ? make() : `${make()} ${make()}`;
      const key = `${pool}:${query}`;
      if (this.asked.has(key)) continue;
      this.asked.add(key);
      this.tail += 1;
      return query;
    }
  }

  private word(list: readonly string[]): string {
    return list[Math.floor(this.random() * list.length)]!.toLowerCase();
  }

  /** A title search of the long tail: a phrase, a word being typed, or a word with a typo. */
  private tailTitle(): string {
    const vocabulary = TAIL_VOCABULARY;
    return this.fresh('title', () => {
      const v = this.random();
      if (v < 0.5) {
        const n = this.random() < 0.7 ? 2 : 3;
        return Array.from({ length: n }, () => this.word(vocabulary)).join(' ');
      }
      const w = this.word(vocabulary);
      if (v < 0.75 && w.length > 3) {
        // typed so far: at least three letters
        return w.slice(0, 3 + Math.floor(this.random() * (w.length - 3)));
      }
      const at = Math.floor(this.random() * w.length);
      const typo =
        this.random() < 0.5 ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at + 1) + w.slice(at);
      return `${typo} ${this.word(vocabulary)}`;
    });
  }

  /** A company search of the long tail: a prefix and a suffix of company names, or a prefix typed. */
  private tailCompany(): string {
    return this.fresh('company', () => {
      const a = this.word(COMPANY_PREFIXES);
      return this.random() < 0.6
        ? `${a} ${this.word(COMPANY_SUFFIXES)}`
        : a.slice(0, Math.max(3, Math.ceil(a.length * this.random())));
    });
  }

  /** How many distinct URLs each pool can produce (before pages). */
  get pools() {
    return {
      titleSearches: this.titles.length,
      geoCategoryFilters: this.filters.length,
      companySearches: this.companies.length,
      entities: this.fixture.entities.length,
      trackingLinks: this.fixture.trackingCodes.length,
      users: this.fixture.userTokens.length,
      owners: this.fixture.owners.length,
    };
  }

  next(): MixedRequest {
    return this.nextRequest();
  }

  private pick<T>(weights: [T, number][]): T {
    const total = weights.reduce((s, [, w]) => s + w, 0);
    let u = this.random() * total;
    for (const [item, w] of weights) {
      if ((u -= w) < 0) return item;
    }
    return weights[weights.length - 1]![0];
  }

  private page(max: number): number {
    return Math.min(max, 1 + this.zipf.pages.rank(this.random()));
  }

  private nextRequest(): MixedRequest {
    const u = this.random();
    if (u < WRITE_SHARES.click) return this.click();
    if (u < WRITE_SHARES.click + WRITE_SHARES.review) return this.review();
    if (u < WRITE_SHARES.click + WRITE_SHARES.review + WRITE_SHARES.offerEdit) return this.edit();
    const loggedIn = this.random() < LOGGED_IN_SHARE;
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
    if (loggedIn) {
      const i = Math.floor(this.random() * this.fixture.userTokens.length);
      headers.authorization = `Bearer ${this.fixture.userTokens[i]}`;
    }
    const kind = this.pick(loggedIn ? USER_READS : VISITOR_READS);
    return { kind, method: 'GET', path: this.readPath(kind), headers };
  }

  private readPath(kind: Kind): string {
    switch (kind) {
      case 'offers-title': {
        if (this.inTail()) {
          return `/api/offers/fetch_all?${new URLSearchParams({ title: this.tailTitle() })}`;
        }
        const s = this.titles[this.zipf.titles.rank(this.random())]!;
        const params = new URLSearchParams({ title: s.query });
        const page = this.page(s.pages);
        if (page > 1) params.set('page', String(page));
        return `/api/offers/fetch_all?${params}`;
      }
      case 'offers-geo-category': {
        const f = this.filters[this.zipf.filters.rank(this.random())]!;
        if (this.inTail()) {
          // The same filter with a payout floor no one asked for before (cents, 0.01–50.00).
          const params = new URLSearchParams();
          for (const g of f.geos) params.append('geo', g);
          if (f.category) params.set('category', f.category);
          const floor = this.fresh(
            `payout:${params}`,
            () => (1 + Math.floor(this.random() * 5000)) / 100 + '',
          );
          params.set('payout_min', floor);
          return `/api/offers/fetch_all?${params}`;
        }
        // Two GEOs come in either order (the same filter: one cache entry, ideally).
        const geos = f.geos.length > 1 && this.random() < 0.5 ? [...f.geos].reverse() : f.geos;
        const params = new URLSearchParams();
        for (const g of geos) params.append('geo', g);
        if (f.category) params.set('category', f.category);
        const page = this.page(5);
        if (page > 1) params.set('page', String(page));
        return `/api/offers/fetch_all?${params}`;
      }
      case 'offers-list': {
        const page = this.page(5);
        return page > 1 ? `/api/offers/fetch_all?page=${page}` : '/api/offers/fetch_all';
      }
      case 'companies': {
        if (this.inTail()) {
          return `/api/affiliate-companies/fetch?${new URLSearchParams({ search: this.tailCompany() })}`;
        }
        const c = this.companies[this.zipf.companies.rank(this.random())]!;
        const params = new URLSearchParams();
        if (c.search) params.set('search', c.search);
        if (c.type) params.set('type', c.type);
        const page = this.page(5);
        if (page > 1) params.set('page', String(page));
        const qs = params.toString();
        return `/api/affiliate-companies/fetch${qs ? `?${qs}` : ''}`;
      }
      case 'entity-page': {
        const e = this.fixture.entities[this.zipf.entities.rank(this.random())]!;
        return `/api/entities/public/${e.id}`;
      }
      case 'entity-reviews': {
        const e = this.fixture.entities[this.zipf.entities.rank(this.random())]!;
        const pages = Math.max(1, Math.min(5, Math.ceil(e.reviews / ENTITY_REVIEWS_PAGE)));
        const page = this.page(pages);
        const v = this.random();
        const sort = v < 0.8 ? null : v < 0.95 ? 'helpful' : 'rating';
        const params = new URLSearchParams();
        if (page > 1) params.set('page', String(page));
        if (sort) params.set('sort', sort);
        const qs = params.toString();
        return `/api/reviews/entity/${e.id}${qs ? `?${qs}` : ''}`;
      }
      default:
        throw new Error(`not a read: ${kind}`);
    }
  }

  private click(): MixedRequest {
    const code = this.fixture.trackingCodes[this.zipf.codes.rank(this.random())]!;
    // A new visitor each time (its own client address): every click is counted.
    this.clicks += 1;
    return {
      kind: 'click',
      method: 'GET',
      path: `/go/${code}`,
      headers: {
        'user-agent': `${USER_AGENT}/${this.clicks}`,
        'x-forwarded-for': clickVisitorAddress(this.clicks),
      },
    };
  }

  private review(): MixedRequest {
    const users = this.fixture.userTokens;
    const i = Math.floor(this.random() * users.length);
    const n = this.reviewsBy[i]!++;
    const entities = this.fixture.entities;
    // Each user walks the approved entities in its own order: no entity twice.
    const entity = entities[(i * 53 + n) % entities.length]!;
    const rating = 1 + Math.floor(this.random() * 5);
    const s = (k: number) => REVIEW_SENTENCES[(i + n * 3 + k) % REVIEW_SENTENCES.length]!;
    const body = {
      entity_id: entity.id,
      title: REVIEW_TITLES[(i + n) % REVIEW_TITLES.length]!,
      overall_rating: rating,
      review_text: `${s(0)} ${s(1)} Benchmark reviewer ${i} of run ${this.fixture.run}, review ${n}.`,
      category_ratings: {
        quality: rating,
        support: Math.max(1, rating - 1),
        reliability: rating,
        payment_speed: Math.min(5, rating + 1),
      },
    };
    return {
      kind: 'review-post',
      method: 'POST',
      path: '/api/reviews',
      headers: {
        'user-agent': USER_AGENT,
        authorization: `Bearer ${users[i]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    };
  }

  private edit(): MixedRequest {
    const owners = this.fixture.owners;
    const i = Math.floor(this.random() * owners.length);
    const owner = owners[i]!;
    const n = this.editsBy[i]!++;
    const offerId = owner.offerIds[n % owner.offerIds.length]!;
    return {
      kind: 'offer-edit',
      method: 'PUT',
      path: `/api/offers/${offerId}`,
      headers: {
        'user-agent': USER_AGENT,
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        description: `Proven offer with stable EPC; terms revised by the owner (revision ${n + 1}).`,
      }),
    };
  }
}

// ---- what came back -----------------------------------------------------------------------

interface KindStats {
  requests: number;
  statuses: Record<string, number>;
  latencies: number[];
  hits: number;
  misses: number;
}

export interface KindReport {
  kind: Kind;
  requests: number;
  share: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  /** Share of this kind's answers served from the read cache (null: no x-cache header). */
  cacheHitRate: number | null;
}

export interface MixedReport {
  kinds: KindReport[];
  hits: number;
  misses: number;
  cacheHitRate: number | null;
  /** 4xx answers the mix can legitimately get (EXPECTED_STATUS). */
  expected4xx: number;
  /** Anything else than the expected answer of its kind: should be 0. */
  unexpected: number;
  unexpectedStatuses: Record<string, number>;
  writes: number;
  /** Distinct URLs answered during the run (writes included). */
  distinctPaths: number;
  /** Each kind alone, one request at a time after the run (ms; bench/run.ts profileMix). */
  serviceMs?: Partial<
    Record<Kind, { n: number; p50: number; p90: number; max: number; slowest: string }>
  >;
  pools: MixedWorkload['pools'];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Counts answers per kind: status, latency, x-cache. */
export class MixedStats {
  private readonly byKind = new Map<Kind, KindStats>();
  /** The kind of the answer being recorded (onResponse runs just before the latency event). */
  private current: Kind | null = null;
  private readonly paths = new Set<string>();

  private of(kind: Kind): KindStats {
    let s = this.byKind.get(kind);
    if (!s) {
      s = { requests: 0, statuses: {}, latencies: [], hits: 0, misses: 0 };
      this.byKind.set(kind, s);
    }
    return s;
  }

  /** Every answer in order: kind, x-cache, visitor or user (latency added by latency()). */
  private readonly lines: string[] = [];
  private line = '';

  /** `keepLines`: keep one line a request for requestLines() (--requests-out). */
  constructor(private readonly keepLines = false) {}

  answer(
    kind: Kind,
    status: number,
    xCache: string | string[] | undefined,
    path?: string,
    signedIn = false,
  ): void {
    if (path) this.paths.add(path);
    if (this.keepLines) {
      this.line = `${kind} ${typeof xCache === 'string' ? xCache : '-'} ${signedIn ? 'user' : 'visitor'}`;
    }
    const s = this.of(kind);
    s.requests += 1;
    s.statuses[status] = (s.statuses[status] ?? 0) + 1;
    if (xCache === 'hit') s.hits += 1;
    else if (xCache === 'miss') s.misses += 1;
    this.current = kind;
  }

  latency(ms: number): void {
    if (this.current) {
      this.of(this.current).latencies.push(ms);
      if (this.keepLines) this.lines.push(`${this.line} ${ms.toFixed(1)} ${Date.now()}`);
    }
    this.current = null;
  }

  /**
   * One line a measured request: `kind x-cache visitor|user ms end`, `end` the epoch millisecond
   * its answer came (--requests-out; lines of one moment show a pause that held them all).
   */
  requestLines(): string {
    return this.lines.map((line) => `${line}\n`).join('');
  }

  report(workload: MixedWorkload): MixedReport {
    const total = [...this.byKind.values()].reduce((n, s) => n + s.requests, 0) || 1;
    let hits = 0;
    let misses = 0;
    let expected4xx = 0;
    let unexpected = 0;
    let writes = 0;
    const unexpectedStatuses: Record<string, number> = {};
    const kinds: KindReport[] = [];
    for (const [kind, s] of this.byKind) {
      hits += s.hits;
      misses += s.misses;
      if (kind === 'review-post' || kind === 'offer-edit' || kind === 'click') writes += s.requests;
      const expect = EXPECTED_STATUS[kind];
      for (const [status, count] of Object.entries(s.statuses)) {
        if (Number(status) === expect.ok) continue;
        if (expect.expected4xx.includes(Number(status))) expected4xx += count;
        else {
          unexpected += count;
          const key = `${kind} ${status}`;
          unexpectedStatuses[key] = (unexpectedStatuses[key] ?? 0) + count;
        }
      }
      const sorted = Float64Array.from(s.latencies).sort();
      const arr = Array.from(sorted);
      kinds.push({
        kind,
        requests: s.requests,
        share: Math.round((s.requests / total) * 1000) / 10,
        p50: percentile(arr, 50),
        p99: percentile(arr, 99),
        max: arr[arr.length - 1] ?? 0,
        statuses: s.statuses,
        cacheHitRate: s.hits + s.misses > 0 ? s.hits / (s.hits + s.misses) : null,
      });
    }
    kinds.sort((a, b) => b.requests - a.requests);
    return {
      kinds,
      hits,
      misses,
      cacheHitRate: hits + misses > 0 ? hits / (hits + misses) : null,
      expected4xx,
      unexpected,
      unexpectedStatuses,
      writes,
      distinctPaths: this.paths.size,
      pools: workload.pools,
    };
  }
}
