import { createHash } from 'node:crypto';
import { SITEMAP_PAGE_PATHS } from '@trustlinks/contract/sitemap-paths';
import { entityPath, offerPath, ogImagePath, reviewerPath } from '@trustlinks/contract/paths';
import type { BadgeTheme } from '@trustlinks/contract/seo';
import type { DbOrTx } from '../../db/client';
import { isSlug, isUuid } from '../../lib/ids';
import { isUnderWarning } from '../warnings/warnings.service';
import {
  findBadgeEntity,
  findEntityTarget,
  findOfferTarget,
  findOgOffer,
  sitemapPages,
  sitemapRows,
  type SitemapKind,
  type SitemapPageBounds,
} from './seo.repository';
import { entityCardSvg, escapeXml, offerCardSvg, svgEtag } from './og-image';
import { payoutText } from '../offers/offers.presenter';
import { ROBOTS_DISALLOWED, SEO_TEXTS } from './seo.texts';

export { escapeXml };

// ── Readable addresses ─────────────────────────────────────────────────────────────────────────

/** A public page's address, split: /entity/{key} or /offer/{key}. */
const ADDRESS = /^\/(entity|offer)\/([^/]+)\/?$/;

export type AddressOutcome =
  | { kind: 'current' }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing'; status: 404 | 410 };

/**
 * What the page at `url` (path and query) answers (docs/decisions/022-slugs-sitemap-badge.md):
 * `current` at the row's slug (the page renders), 301 to it from its uuid, an old slug or a
 * differently cased one (query kept), 410 for a rejected entity, 404 for no row. `null`: not an
 * entity or offer address.
 */
export async function resolveAddress(db: DbOrTx, url: string): Promise<AddressOutcome | null> {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : url.slice(queryAt);
  const match = ADDRESS.exec(pathname);
  if (!match) return null;
  const kind = match[1] as 'entity' | 'offer';
  let key: string;
  try {
    key = decodeURIComponent(match[2]!);
  } catch {
    return { kind: 'missing', status: 404 };
  }
  const lower = key.toLowerCase();
  const by = isUuid(key) ? { id: lower } : isSlug(lower) ? { slug: lower } : null;
  if (!by) return { kind: 'missing', status: 404 };

  const target = kind === 'entity' ? await findEntityTarget(db, by) : await findOfferTarget(db, by);
  if (!target) return { kind: 'missing', status: 404 };
  if (kind === 'entity' && target.status === 'rejected') return { kind: 'missing', status: 410 };
  const path = kind === 'entity' ? entityPath(target.slug) : offerPath(target.slug);
  if (key === target.slug && pathname === path) return { kind: 'current' };
  return { kind: 'redirect', location: `${path}${search}` };
}

// ── robots.txt and the sitemap ─────────────────────────────────────────────────────────────────

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITEMAP_KINDS: SitemapKind[] = ['entities', 'offers', 'reviewers'];
const SITEMAP_FILE = /^(pages|entities|offers|reviewers)-([1-9][0-9]{0,5})\.xml$/;

/** W3C datetime, to the second. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface SitemapOptions {
  appUrl: string;
  pageSize: number;
}

/** A short-lived memo of the sitemap's documents and page bounds (SITEMAP_CACHE_MS; 0: off). */
export class SitemapCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const found = this.entries.get(key);
    if (found && found.expiresAt > this.now()) return found.value as Promise<T>;
    // A few keys per sitemap page at most; expired ones go as they are replaced, and all at
    // once should the sitemap ever grow past this many pages.
    if (this.entries.size >= 1000) this.entries.clear();
    const value = load();
    this.entries.set(key, { expiresAt: this.now() + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}

function pagesOf(db: DbOrTx, cache: SitemapCache, kind: SitemapKind, size: number) {
  return cache.get<SitemapPageBounds[]>(`bounds:${kind}`, () => sitemapPages(db, kind, size));
}

/** /sitemap.xml: the static pages' sitemap, then every page of entities and of offers. */
export function sitemapIndex(
  db: DbOrTx,
  cache: SitemapCache,
  options: SitemapOptions,
): Promise<string> {
  return cache.get('index', async () => {
    const entries = [
      `  <sitemap><loc>${escapeXml(`${options.appUrl}/sitemaps/pages-1.xml`)}</loc></sitemap>`,
    ];
    for (const kind of SITEMAP_KINDS) {
      const pages = await pagesOf(db, cache, kind, options.pageSize);
      pages.forEach((page, i) => {
        const loc = `${options.appUrl}/sitemaps/${kind}-${i + 1}.xml`;
        entries.push(
          `  <sitemap><loc>${escapeXml(loc)}</loc><lastmod>${w3cDate(page.lastmod)}</lastmod></sitemap>`,
        );
      });
    }
    return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  });
}

/**
 * /sitemaps/{kind}-{n}.xml: up to `pageSize` addresses with their last change, read from the
 * page's first slug on (keyset); `null` for a page past the last (404). Page 1 of an empty kind
 * is an empty list, not a 404.
 */
export function sitemapPage(
  db: DbOrTx,
  cache: SitemapCache,
  options: SitemapOptions,
  file: string,
): Promise<string | null> {
  const match = SITEMAP_FILE.exec(file);
  if (!match) return Promise.resolve(null);
  const kind = match[1] as 'pages' | SitemapKind;
  const n = Number(match[2]);
  return cache.get(`page:${kind}:${n}`, async () => {
    let urls: { path: string; lastmod?: Date }[];
    if (kind === 'pages') {
      if (n !== 1) return null;
      urls = SITEMAP_PAGE_PATHS.map((path) => ({ path }));
    } else {
      const pages = await pagesOf(db, cache, kind, options.pageSize);
      const bounds = pages[n - 1];
      if (!bounds && !(n === 1 && pages.length === 0)) return null;
      const rows = bounds ? await sitemapRows(db, kind, bounds.first, options.pageSize) : [];
      const toPath = { entities: entityPath, offers: offerPath, reviewers: reviewerPath }[kind];
      urls = rows.map((row) => ({ path: toPath(row.slug), lastmod: row.lastmod }));
    }
    const body = urls
      .map(
        ({ path, lastmod }) =>
          `  <url><loc>${escapeXml(`${options.appUrl}${path}`)}</loc>${
            lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''
          }</url>`,
      )
      .join('\n');
    return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${body}${body ? '\n' : ''}</urlset>\n`;
  });
}

// ── The embeddable badge ───────────────────────────────────────────────────────────────────────

const BADGE_FILE = /^(.+)\.svg$/;

const BADGE_COLORS: Record<BadgeTheme, Record<string, string>> = {
  light: {
    background: '#ffffff',
    border: '#d4d4d8',
    brand: '#2563eb',
    text: '#18181b',
    muted: '#52525b',
    verified: '#15803d',
    warning: '#b45309',
  },
  dark: {
    background: '#18181b',
    border: '#3f3f46',
    brand: '#60a5fa',
    text: '#fafafa',
    muted: '#a1a1aa',
    verified: '#4ade80',
    warning: '#fbbf24',
  },
};

export type BadgeOutcome =
  | { kind: 'svg'; svg: string; etag: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

/**
 * The badge of the entity at `file` ({slug}.svg): its TrustScore, review count and "Verified",
 * or "Under warning" while a public warning stands (isUnderWarning, the entity page's rule).
 * Only an approved entity has one; an old slug answers 301 to the current badge. Nothing of it
 * is kept on the instance (each request reads the entity and its warnings), so placing or
 * lifting a warning changes the next answer and its ETag (docs/decisions/022).
 */
export async function badge(db: DbOrTx, file: string, theme: BadgeTheme): Promise<BadgeOutcome> {
  const slug = BADGE_FILE.exec(file)?.[1]?.toLowerCase();
  if (!slug || !isSlug(slug)) return { kind: 'missing' };
  const entity = await findBadgeEntity(db, slug);
  if (!entity) {
    const moved = await findEntityTarget(db, { slug });
    if (moved && moved.status === 'approved' && moved.slug !== slug) {
      const query = theme === 'dark' ? '?theme=dark' : '';
      return { kind: 'redirect', location: `/badge/${moved.slug}.svg${query}` };
    }
    return { kind: 'missing' };
  }
  if (entity.status !== 'approved') return { kind: 'missing' };
  const svg = badgeSvg({
    name: entity.name,
    score: Number(entity.reputationScore),
    reviews: entity.totalReviews,
    standing: (await isUnderWarning(db, entity.id)) ? 'warned' : 'verified',
    theme,
  });
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  return { kind: 'svg', svg, etag };
}

export function badgeSvg(input: {
  name: string;
  score: number;
  reviews: number;
  /** An approved entity: verified, or under an active public warning (no 'Verified' then). */
  standing: 'verified' | 'warned';
  theme: BadgeTheme;
}): string {
  const T = SEO_TEXTS.badge;
  const c = BADGE_COLORS[input.theme];
  const warned = input.standing === 'warned';
  const score = input.reviews > 0 ? input.score.toFixed(1) : T.noScore;
  const reviews = T.reviews(input.reviews);
  const title = escapeXml(T.title(input.name, score, reviews, warned));
  // ⚠ (U+26A0) or ✓ (U+2713) before the words, right-aligned in the same place.
  const [mark, color, words] = warned
    ? ['&#9888;', c.warning, T.underWarning]
    : ['&#10003;', c.verified, T.verified];
  const standing = `<text x="206" y="23" font-size="11" font-weight="600" text-anchor="end" fill="${color}">${mark} ${escapeXml(words)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="64" viewBox="0 0 220 64" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<style>text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}</style>`,
    `<rect x="0.5" y="0.5" width="219" height="63" rx="9" fill="${c.background}" stroke="${c.border}"/>`,
    `<text x="14" y="23" font-size="12" font-weight="700" fill="${c.brand}">${escapeXml(T.brand)}</text>`,
    standing,
    `<text x="14" y="50" font-size="20" font-weight="700" fill="${c.text}">${escapeXml(score)}</text>`,
    `<text x="${score.length > 3 ? 64 : 56}" y="49" font-size="12" fill="${c.muted}">${escapeXml(`${T.score} · ${reviews}`)}</text>`,
    '</svg>',
  ].join('');
}

// ── The link-preview pictures ──────────────────────────────────────────────────────────────────

const OG_FILE = /^(.+)\.png$/;

export type OgImageKind = 'entity' | 'offer';

export type OgImageOutcome =
  | { kind: 'svg'; svg: string; etag: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

/**
 * The picture of the page at `file` ({slug}.png; docs/decisions/052-link-previews.md), as SVG
 * with its ETag (a hash of what it shows): an approved entity's, or a public offer's (active,
 * approved by its owner, unexpired, of an approved entity: the offers' public rule). An old slug
 * answers 301 to the current picture. Read afresh each request, as the badge is, so placing or
 * lifting a warning changes the next answer and its ETag; the PNG of an ETag is kept by the route.
 */
export async function ogImage(
  db: DbOrTx,
  kind: OgImageKind,
  file: string,
): Promise<OgImageOutcome> {
  const slug = OG_FILE.exec(file)?.[1]?.toLowerCase();
  if (!slug || !isSlug(slug)) return { kind: 'missing' };
  let svg: string;
  if (kind === 'entity') {
    const entity = await findBadgeEntity(db, slug);
    if (!entity) return movedOgImage(db, kind, slug);
    if (entity.status !== 'approved') return { kind: 'missing' };
    svg = entityCardSvg({
      name: entity.name,
      score: Number(entity.reputationScore),
      reviews: entity.totalReviews,
      standing: (await isUnderWarning(db, entity.id)) ? 'warned' : 'verified',
    });
  } else {
    const offer = await findOgOffer(db, slug);
    if (!offer) return movedOgImage(db, kind, slug);
    if (!offer.visible) return { kind: 'missing' };
    svg = offerCardSvg({
      title: offer.title,
      payout: payoutText(offer),
      category: offer.category,
      geos: offer.targetGeo,
      advertiser: offer.entityName,
      standing: (await isUnderWarning(db, offer.entityId)) ? 'warned' : 'verified',
    });
  }
  return { kind: 'svg', svg, etag: svgEtag(svg) };
}

/** An old slug's picture: 301 to the current slug's, when that one has a picture. */
async function movedOgImage(db: DbOrTx, kind: OgImageKind, slug: string): Promise<OgImageOutcome> {
  const moved =
    kind === 'entity' ? await findEntityTarget(db, { slug }) : await findOfferTarget(db, { slug });
  if (!moved || moved.slug === slug) return { kind: 'missing' };
  if (kind === 'entity' && moved.status !== 'approved') return { kind: 'missing' };
  return { kind: 'redirect', location: ogImagePath(kind, moved.slug) };
}

/** Whether an If-None-Match header names `etag` (a list, weak forms and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
