import type { QueryClient } from '@tanstack/react-query';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { PAGE_LIST, PAGES } from '@trustlinks/contract/pages';
import { ogImagePath } from '@trustlinks/contract/paths';
import type { IndexedPageName } from '@trustlinks/contract/pages';
import type { OfferResponse } from '@trustlinks/contract/offers';
import type { EntityReviewsResponse, TrustSummary } from '@trustlinks/contract/reviews';
import type { ReviewerProfile } from '@trustlinks/contract/reviewers';
import { LOGIN_TEXT, SIGNUP_TEXT } from '../features/auth/auth-texts';
import { PAGE as COMPANIES_PAGE } from '../features/companies/companies-content';
import { COMPANY_DATABASE_PARAMS } from '../features/companies/pages/company-database-page';
import { LOGIN_PARAMS } from '../features/auth/pages/login-page';
import {
  entityDetailQueryKey,
  getEntityDetailQueryOptions,
} from '../features/entities/api/get-entity-detail';
import { getEntityOffersQueryOptions } from '../features/entities/api/get-entity-offers';
import { CONTACT_TEXT, HELP_TEXT, PRIVACY_TEXT, TERMS_TEXT } from '../features/info/info-texts';
import { OFFERS_TEXT } from '../features/offers/offers-texts';
import { getEntityReviewsQueryOptions } from '../features/reviews/api/get-entity-reviews';
import {
  readReviewsParams,
  REVIEWS_PARAMS,
} from '../features/reviews/components/entity-reviews-list';
import { landingQueryOptions } from '../features/landing/api/get-landing';
import { companyTeaserQueryOptions } from '../features/companies/api/get-company-teaser';
import { getEntityTrustQueryOptions } from '../features/reviews/api/get-entity-trust';
import { getReviewerQueryOptions } from '../features/reviews/api/get-reviewer';
import {
  entityRemovalsQueryOptions,
  transparencyQueryOptions,
} from '../features/reviews/api/get-transparency';
import { REVIEWER_PARAM } from '../features/reviews/pages/reviewer-page';
import { reviewKeys } from '../features/reviews/api/review-keys';
import {
  REVIEWER_PAGE_TEXT,
  TRANSPARENCY_TEXT,
  TRUSTSCORE_PAGE_TEXT,
} from '../features/reviews/reviews-texts';
import { getOfferQueryOptions, getOffersQueryOptions, offerQueryKey } from '../lib/api/offers';
import { ENTITY_TYPE_LABELS } from '../lib/entity-type-labels';
import type { CategoryResponse, CompareResponse } from '@trustlinks/contract/categories';
import {
  ALL_VERTICALS,
  categoryPath,
  COMPARE_PARAM,
  comparePath,
  verticalLabel,
} from '@trustlinks/contract/category-paths';
import type { EntityType } from '@trustlinks/contract/constants';
import { categoryQueryOptions, compareQueryOptions } from '../features/categories/api/categories';
import {
  COMPARE_TEXT,
  CATEGORY_TEXT,
  CATEGORY_TYPE_PLURALS,
} from '../features/categories/categories-texts';
import {
  CATEGORY_PAGE_PARAMS,
  readCategoryFilters,
  readCompareSlugs,
} from '../features/categories/category-params';
import { categoryHeading } from '../features/categories/pages/category-page';
import {
  FILTER_KEYS,
  filtersFromSearchParams,
  filtersToSearchParams,
} from '../lib/offers/offer-filters';
import { formatPayout } from '../lib/payout';
import { documentTitle } from '../lib/use-document-title';
import { entityPath, offerPath, reviewerPath } from '../lib/paths';
import { TAB_PARAM } from '../lib/use-tab-param';
import { plural } from '../lib/plural';

/**
 * The public pages the server renders with their data (docs/decisions/021-server-rendering.md,
 * src/entry-server.tsx): exactly the page table's indexed pages (@trustlinks/contract/pages), each
 * with what it reads first — by calling the page's own query options, so the app finds the same
 * cache entries and hydrates without reading again — and its head tags. Every other page of the
 * table is rendered in the browser and marked `noindex`.
 */

/** Where a page is: the route's params and the address's query string. */
export interface PageAt {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

export interface PageHead {
  /** The whole <title> (documentTitle), the same the page sets once it runs. */
  title: string;
  description: string;
  /** The canonical address, from the site root (APP_URL is put before it). */
  canonical: string;
  /** Open Graph type. */
  type?: 'website' | 'profile' | 'article';
  /**
   * The page's link-preview picture (og:image: a 1200 × 630 PNG the API draws,
   * docs/decisions/052-link-previews.md), from the site root (APP_URL is put before it).
   */
  image?: string;
  /** JSON-LD documents (schema.org), written as non-executed scripts. */
  jsonLd?: readonly Record<string, unknown>[];
  /** Kept out of search engines though rendered (a reviewer page below its threshold: 054). */
  robots?: 'noindex';
}

/** How the server renders an indexed page of the page table. */
export interface PageRender {
  /**
   * The reads to finish before rendering: `client.fetchQuery` for the one the page is about (its
   * 404 or 410 answers the page with that status), `client.prefetchQuery` for the others.
   */
  load?: (client: QueryClient, at: PageAt) => Promise<unknown>[];
  head: (client: QueryClient, at: PageAt, appUrl: string) => PageHead;
  /**
   * Every query parameter the page reads, its loads and its components alike (none if absent).
   * The server renders and keeps the page under these alone, in name order (pageAddress in
   * src/entry-server.tsx); any other parameter (utm_*, fbclid, a cache-buster) is dropped before
   * the render and from the read cache's key (docs/decisions/021-server-rendering.md).
   */
  query?: readonly string[];
}

/** A server-rendered page: its path (the page table's) and how it renders. */
export interface PageData extends PageRender {
  name: IndexedPageName;
  path: string;
}

/** Ours (docs/decisions/021): descriptions and the JSON-LD wording of the server-rendered pages. */
export const PAGE_HEAD_TEXT = {
  siteName: 'TrustLinks',
  home: 'Home',
  offers: 'Offers',
  description:
    'TrustLinks is the trust and directory platform for affiliate marketing: verified advertisers, networks and affiliates, honest reviews, offers and offer requests.',
  offersDescription:
    'Active affiliate offers of verified advertisers and networks: filter by category and GEO, compare payouts and apply.',
  offersFiltered: (what: string) =>
    `Affiliate offers: ${what}. Active offers of verified companies.`,
  trustScoreDescription:
    'How TrustScore works: how TrustLinks weighs reviews, verified proof and replies into one score.',
  companiesDescription: 'The affiliate company database: advertisers, networks and affiliates.',
  loginDescription: 'Log in to TrustLinks.',
  signupDescription: 'Create a TrustLinks account: review companies, find offers and get listed.',
  entityDescription: (name: string, type: string, score: string, reviews: number) =>
    `${name} (${type}) on TrustLinks: TrustScore ${score} from ${reviews} ${plural(reviews, 'review', 'reviews')}. Read reviews, offers and warnings.`,
  offerDescription: (payout: string, category: string, geos: string, by: string) =>
    `${payout} · ${category} · GEOs: ${geos} · by ${by} on TrustLinks.`,
  allGeos: 'all',
  trustScoreName: 'TrustScore',
  trustScoreProperty:
    'TrustLinks’ score from 1 to 5: the published reviews weighted by how recent they are and what is known of the reviewer, starting from the average of all companies; not the mean of the stars.',
  anonymousAuthor: 'Anonymous reviewer',
} as const;

const T = PAGE_HEAD_TEXT;

/** The entity page's route param, its slug (docs/decisions/022), read here only (app/router.tsx names it). */
const entityParam = (at: PageAt) => at.params.entityId ?? '';
/** The offer page's route param, its slug, read here only. */
const offerParam = (at: PageAt) => at.params.offerId ?? '';

/** A score as the TrustScore card shows it. */
const score = (value: number) => value.toFixed(1);

/**
 * The published reviews' stars from their distribution ([1★ … 5★] counts, the reviews list's
 * star rows): how many, and their mean to two decimals; null when there are none.
 */
export function starsOf(counts: readonly number[]): { mean: number; count: number } | null {
  const count = counts.reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const sum = counts.reduce((total, n, i) => total + n * (i + 1), 0);
  return { mean: Math.round((sum / count) * 100) / 100, count };
}

function breadcrumbs(appUrl: string, items: readonly [string, string][]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: `${appUrl}${path}`,
    })),
  };
}

/** The category page's vertical segment, lower-cased as its reads are. */
const verticalParam = (at: PageAt) => (at.params.vertical ?? ALL_VERTICALS).toLowerCase();

/**
 * A category page (docs/decisions/055): its ranked list read first (an unknown vertical answers
 * 404), head with an ItemList of the companies shown and the breadcrumbs Home / type / vertical.
 */
function categoryRender(type: EntityType): PageRender {
  const options = (at: PageAt) =>
    categoryQueryOptions(type, verticalParam(at), readCategoryFilters(at.search));
  return {
    query: CATEGORY_PAGE_PARAMS,
    load: (client, at) => [client.fetchQuery(options(at))],
    head: (client, at, appUrl) => {
      const vertical = verticalParam(at);
      const label = verticalLabel(vertical);
      const typePlural = CATEGORY_TYPE_PLURALS[type];
      const filters = readCategoryFilters(at.search);
      const path = categoryPath(type, vertical);
      // The filtered views are the same page: the canonical is the vertical's first page.
      const canonical = filters.page > 1 ? `${path}?page=${filters.page}` : path;
      const list = client.getQueryData<CategoryResponse>(options(at).queryKey);
      const heading = categoryHeading(type, vertical);
      return {
        title: documentTitle(heading),
        description: CATEGORY_TEXT.description(typePlural, label),
        canonical,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: heading,
            itemListOrder: 'https://schema.org/ItemListOrderDescending',
            numberOfItems: list?.companies.length ?? 0,
            itemListElement: (list?.companies ?? []).map((company) => ({
              '@type': 'ListItem',
              position: company.rank,
              name: company.entity.name,
              url: `${appUrl}${entityPath(company.entity.slug)}`,
            })),
          },
          breadcrumbs(appUrl, [
            [T.home, '/'],
            [typePlural, categoryPath(type)],
            ...(label ? [[label, path] as [string, string]] : []),
          ]),
        ],
      };
    },
  };
}

/** The compare page: its companies read first (an unknown one answers 404). */
const compareParam = (at: PageAt) => at.search.get(COMPARE_PARAM) ?? undefined;
const compareRender: PageRender = {
  query: [COMPARE_PARAM],
  // Named companies: one unknown answers the page 404; the top networks (no `c`) never do.
  load: (client, at) => {
    const c = compareParam(at);
    return [
      c === undefined
        ? client.prefetchQuery(compareQueryOptions(c))
        : client.fetchQuery(compareQueryOptions(c)),
    ];
  },
  head: (client, at, appUrl) => {
    const c = compareParam(at);
    const answer = client.getQueryData<CompareResponse>(compareQueryOptions(c).queryKey);
    const names = (answer?.companies ?? []).map((x) => x.entity.name);
    const canonical = c === undefined ? comparePath() : comparePath(readCompareSlugs(at.search));
    return {
      title: documentTitle(
        c === undefined
          ? COMPARE_TEXT.topHeading
          : names.join(' vs ') || COMPARE_TEXT.documentTitle,
      ),
      description:
        c === undefined ? COMPARE_TEXT.topDescription : COMPARE_TEXT.description(names.join(', ')),
      canonical,
      jsonLd: [
        breadcrumbs(appUrl, [
          [T.home, '/'],
          [COMPARE_TEXT.heading, canonical],
        ]),
      ],
    };
  },
};

/** A page whose head is fixed (no data). */
function fixed(
  name: IndexedPageName,
  title: string | undefined,
  description: string,
  query: readonly string[] = [],
): PageRender {
  const canonical = PAGES[name].path;
  return { query, head: () => ({ title: documentTitle(title), description, canonical }) };
}

function entityHead(client: QueryClient, at: PageAt, appUrl: string): PageHead {
  const slug = entityParam(at);
  const entity = client.getQueryData<PublicEntity>(entityDetailQueryKey(slug, null));
  if (!entity) {
    return { title: documentTitle(), description: T.description, canonical: entityPath(slug) };
  }
  const path = entityPath(entity.slug);
  // The other features read by the entity's id, known from its detail (the address names its slug).
  const id = entity.entity_id;
  const { sort, rating, page } = readReviewsParams(at.search);
  const trust = client.getQueryData<TrustSummary>(reviewKeys.trust(id));
  const reviews = client.getQueryData<EntityReviewsResponse>(
    reviewKeys.entity(id, page, null, sort, rating),
  );
  const total = trust?.total_reviews ?? entity.total_reviews;
  const value = trust?.reputation_score ?? entity.reputation_score;
  const published = (reviews?.reviews ?? []).filter((r) => r.review_status === 'approved');
  const organization: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: entity.name,
    url: `${appUrl}${path}`,
    ...(entity.website ? { sameAs: [entity.website] } : {}),
    ...(entity.description ? { description: entity.description } : {}),
    ...(entity.image_url ? { logo: entity.image_url } : {}),
  };
  // The TrustScore as what it is, our weighted score, beside the stars (docs/decisions/052).
  if (total > 0) {
    organization.additionalProperty = {
      '@type': 'PropertyValue',
      name: T.trustScoreName,
      value: Number(score(value)),
      minValue: 1,
      maxValue: 5,
      description: T.trustScoreProperty,
      url: `${appUrl}${PAGES.trustScore.path}`,
    };
  }
  // The stars of the published reviews, as the page's star distribution counts them: their mean
  // and their number (docs/decisions/052). Google's rules for third-party reviews: stars only
  // from published reviews, only when there are any.
  const stars = reviews ? starsOf(reviews.entity.rating_counts) : null;
  if (stars && published.length > 0) {
    organization.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: stars.mean,
      bestRating: 5,
      worstRating: 1,
      reviewCount: stars.count,
    };
    organization.review = published.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.review_text,
      datePublished: (review.published_at ?? review.created_at).slice(0, 10),
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.overall_rating,
        bestRating: 5,
        worstRating: 1,
      },
      author: {
        '@type': 'Person',
        name: (!review.is_anonymous && review.reviewer_name) || T.anonymousAuthor,
      },
    }));
  }
  return {
    // The page's own title (entity-detail-page.tsx sets the name).
    title: documentTitle(entity.name),
    description: T.entityDescription(
      entity.name,
      ENTITY_TYPE_LABELS[entity.entity_type],
      total > 0 ? score(value) : 'N/A',
      total,
    ),
    canonical: path,
    type: 'profile',
    image: ogImagePath('entity', entity.slug),
    jsonLd: [
      organization,
      breadcrumbs(appUrl, [
        [T.home, '/'],
        [entity.name, path],
      ]),
    ],
  };
}

function offerHead(client: QueryClient, at: PageAt, appUrl: string): PageHead {
  const slug = offerParam(at);
  const offer = client.getQueryData<OfferResponse>(offerQueryKey(slug, null))?.offer;
  if (!offer) {
    return { title: documentTitle(), description: T.description, canonical: offerPath(slug) };
  }
  const path = offerPath(offer.slug);
  return {
    title: documentTitle(offer.title),
    description: T.offerDescription(
      formatPayout(offer),
      offer.category,
      offer.target_geo.length > 0 ? offer.target_geo.join(', ') : T.allGeos,
      offer.entity_name,
    ),
    canonical: path,
    type: 'article',
    image: ogImagePath('offer', offer.slug),
    // No review stars on an offer: breadcrumbs only.
    jsonLd: [
      breadcrumbs(appUrl, [
        [T.home, '/'],
        [T.offers, '/offers'],
        [offer.title, path],
      ]),
    ],
  };
}

/** The reviewer page's route param, its slug, read here only. */
const reviewerParam = (at: PageAt) => at.params[REVIEWER_PARAM] ?? '';

/**
 * A reviewer's page (docs/decisions/054): a ProfilePage of the person, and `noindex` until they
 * have REVIEWER_PROFILE_LIMITS.indexMinReviews published, non-anonymous reviews.
 */
function reviewerHead(client: QueryClient, at: PageAt, appUrl: string): PageHead {
  const slug = reviewerParam(at);
  const profile = client.getQueryData<ReviewerProfile>(
    getReviewerQueryOptions(slug, null).queryKey,
  );
  if (!profile) {
    return {
      title: documentTitle(),
      description: T.description,
      canonical: reviewerPath(slug),
      robots: 'noindex',
    };
  }
  const path = reviewerPath(profile.slug);
  return {
    title: documentTitle(profile.name),
    description: REVIEWER_PAGE_TEXT.description(
      profile.name,
      profile.review_count,
      profile.helpful_votes_received,
    ),
    canonical: path,
    type: 'profile',
    ...(profile.indexed ? {} : { robots: 'noindex' as const }),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        dateCreated: profile.member_since,
        mainEntity: {
          '@type': 'Person',
          name: profile.name,
          url: `${appUrl}${path}`,
          interactionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: profile.review_count,
          },
        },
      },
    ],
  };
}

/** A Record over the indexed pages: one added to the table does not compile until it renders here. */
const PAGE_RENDERS: Record<IndexedPageName, PageRender> = {
  home: {
    // The landing's real figures and cards (docs/decisions/026), read from the read cache.
    load: (client) => [client.prefetchQuery(landingQueryOptions())],
    head: () => ({ title: documentTitle(undefined), description: T.description, canonical: '/' }),
  },
  offers: {
    query: FILTER_KEYS,
    load: (client, at) => [
      client.prefetchInfiniteQuery(getOffersQueryOptions(filtersFromSearchParams(at.search))),
    ],
    head: (_client, at) => {
      const filters = filtersFromSearchParams(at.search);
      const query = filtersToSearchParams(filters).toString();
      const what = [...filters.category, ...filters.geo, filters.title].filter(Boolean).join(', ');
      return {
        title: documentTitle(OFFERS_TEXT.documentTitle),
        description: what ? T.offersFiltered(what) : T.offersDescription,
        canonical: query ? `/offers?${query}` : '/offers',
      };
    },
  },
  offer: {
    load: (client, at) => [client.fetchQuery(getOfferQueryOptions(offerParam(at), null))],
    head: offerHead,
  },
  entity: {
    // The detail page's tab and its reviews list's sort, stars, page and linked review.
    query: [TAB_PARAM, ...REVIEWS_PARAMS],
    load: (client, at) => {
      const { sort, rating, page } = readReviewsParams(at.search);
      return [
        // By the address's slug; the reads that follow need the entity's id from it.
        client
          .fetchQuery(getEntityDetailQueryOptions(entityParam(at), null))
          .then(({ entity_id }) =>
            Promise.all([
              client.prefetchQuery(getEntityTrustQueryOptions(entity_id)),
              client.prefetchQuery(
                getEntityReviewsQueryOptions(entity_id, page, null, sort, rating),
              ),
              client.prefetchQuery(getEntityOffersQueryOptions(entity_id)),
              client.prefetchQuery(entityRemovalsQueryOptions(entity_id)),
            ]),
          ),
      ];
    },
    head: entityHead,
  },
  trustScore: fixed('trustScore', TRUSTSCORE_PAGE_TEXT.documentTitle, T.trustScoreDescription),
  reviewer: {
    load: (client, at) => [client.fetchQuery(getReviewerQueryOptions(reviewerParam(at), null))],
    head: reviewerHead,
  },
  transparency: {
    load: (client) => [client.prefetchQuery(transparencyQueryOptions())],
    head: () => ({
      title: documentTitle(TRANSPARENCY_TEXT.documentTitle),
      description: TRANSPARENCY_TEXT.description,
      canonical: PAGES.transparency.path,
    }),
  },
  companies: {
    ...fixed('companies', COMPANIES_PAGE.title, T.companiesDescription, COMPANY_DATABASE_PARAMS),
    // The visitors' teaser (docs/decisions/053), read from the read cache like the landing's.
    load: (client) => [client.prefetchQuery(companyTeaserQueryOptions())],
  },
  networks: categoryRender('network'),
  advertisers: categoryRender('advertiser'),
  affiliates: categoryRender('affiliate'),
  compare: compareRender,
  login: fixed('login', LOGIN_TEXT.documentTitle, T.loginDescription, LOGIN_PARAMS),
  signup: fixed('signup', SIGNUP_TEXT.documentTitle, T.signupDescription),
  help: fixed('help', HELP_TEXT.documentTitle, HELP_TEXT.intro),
  contact: fixed('contact', CONTACT_TEXT.documentTitle, CONTACT_TEXT.intro),
  terms: fixed('terms', TERMS_TEXT.documentTitle, TERMS_TEXT.intro),
  privacy: fixed('privacy', PRIVACY_TEXT.documentTitle, PRIVACY_TEXT.intro),
};

/** The pages the server renders, in the page table's order. */
export const PAGE_DATA: readonly PageData[] = PAGE_LIST.filter(
  (page): page is typeof page & { name: IndexedPageName } => page.indexed,
).map(({ name, path }) => ({ name, path, ...PAGE_RENDERS[name] }));
