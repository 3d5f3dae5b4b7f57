import { and, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isEntityId } from '@trustlinks/contract/paths';
import { entities, entitySlugHistory, offers } from '../../../db/schema';
import { containsPattern } from '../../../lib/sql';
import { unplannedPlaceholder, type UnplannedType } from '../../../lib/prepared';
import { publiclyVisible } from '../offers.sql';
import { wordQueryParts } from './offer-search';

// The explorer's filters as SQL: a Binder writes each value in place, as a placeholder of a kept
// statement, or unseen by the planner (decision 037); bindFilters writes the conditions.

export interface OfferFilters {
  title?: string | undefined;
  geo?: string[] | undefined;
  category?: string[] | undefined;
  payoutType?: string[] | undefined;
  /** One advertiser: its id, or its slug (current or old; docs/decisions/052). */
  entityId?: string | undefined;
  payoutMin?: number | undefined;
  payoutMax?: number | undefined;
  /** Saved-search alerts: offers created after … up to … (the feed index's range). */
  createdAfter?: Date | undefined;
  createdUpTo?: Date | undefined;
  /**
   * The last word of `title` as the lexemes that start with it (expandTitlePrefix), used only
   * while `title` is still the title it was made for; without it the prefix is matched by
   * PostgreSQL's prefix match (the same offers, more work).
   */
  titlePrefix?: TitlePrefix | undefined;
}

/** A word search's last word, expanded: the lexemes of offer_search_lexemes that start with it. */
export interface TitlePrefix {
  title: string;
  lexemes: string[];
}

/** `to_tsquery` of a query built by offer-search.ts from sanitized, quoted lexemes only. */
const tsquery = (query: SQLWrapper): SQL => sql`to_tsquery('english', ${query})`;

/**
 * How a statement's values are written:
 * - `inPlace`: each value one parameter of a statement built for it;
 * - `placeholders`: named placeholders of a statement compiled once per shape and kept
 *   (keptStatement), planned with each run's values;
 * - `unplanned`: as `placeholders`, but the word search's text and the LIMIT, OFFSET and cap read
 *   through subqueries, unseen by the planner, for a named statement whose generic plan is kept
 *   (lib/prepared unplannedPlaceholder, decision 037);
 * - `generic`: every value read through a subquery, the LIMIT, OFFSET and cap written into the
 *   SQL, and the GEO overlap written as the function no index serves, for the category walk
 *   (PagePlan, decision 040): its generic plan walks offers_category_feed_idx in order.
 * Either way each value is one parameter (an array is one array parameter).
 */
export type BinderMode = 'inPlace' | 'placeholders' | 'unplanned' | 'generic';

export class Binder {
  /** The values by placeholder name, in the order they were bound. */
  readonly params: Record<string, unknown> = {};
  private readonly names: string[] = [];

  constructor(readonly mode: BinderMode) {}

  static inPlace(): Binder {
    return new Binder('inPlace');
  }

  /** A value as one parameter; `type` is how a `generic` binder's subquery reads it. */
  value(name: string, value: unknown, type: UnplannedType): SQLWrapper {
    this.bound(name, value);
    if (this.mode === 'generic') return unplannedPlaceholder(name, type);
    return this.mode === 'inPlace' ? sql.param(value) : sql.placeholder(name);
  }

  /** A text value, unseen by the planner when the binder is `unplanned` or `generic`. */
  text(name: string, value: string): SQLWrapper {
    if (this.mode !== 'unplanned') return this.value(name, value, 'text');
    this.bound(name, value);
    return unplannedPlaceholder(name, 'text');
  }

  /**
   * A LIMIT or OFFSET: unseen by the planner when the binder is `unplanned`, written in when it
   * is `generic` (then its value is part of the statement's shape). Drizzle writes an SQL chunk
   * given to .limit() as it is; its types name only numbers and placeholders.
   */
  count(name: string, value: number): number | Placeholder {
    if (this.mode === 'generic') {
      if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a count: ${value}`);
      this.names.push(`${name}=${value}`);
      return sql.raw(String(value)) as unknown as number;
    }
    this.bound(name, value);
    if (this.mode === 'unplanned') return unplannedPlaceholder(name, 'int') as unknown as number;
    return this.mode === 'placeholders' ? sql.placeholder(name) : value;
  }

  /** Which values were bound, in order: statements of the same shape are the same SQL. */
  get shape(): string {
    return this.names.join(',');
  }

  private bound(name: string, value: unknown) {
    if (!(name in this.params)) this.names.push(name);
    this.params[name] = value;
  }
}

/** A filter set's conditions as `binder` writes its values. */

export interface BoundFilters {
  conditions: SQL | undefined;
  /** The word search's tsquery (for ranking), or null for no word search. */
  words: SQL | null;
}

/**
 * A tsquery text of exact lexemes, matching any of them. Quoted as tsquery's input reads quotes
 * and backslashes, and cast (not to_tsquery): the lexemes are stored already normalized.
 */
export const anyLexemeQuery = (lexemes: string[]): string =>
  lexemes.map((l) => `'${l.replace(/['\\]/g, (c) => c + c)}'`).join(' | ');

/**
 * The tsquery of a word search: to_tsquery of its words, the last one as a prefix; or, with the
 * prefix expanded (OfferFilters.titlePrefix), to_tsquery of the whole words AND any of the
 * lexemes the prefix stands for.
 */
function wordSearch(f: OfferFilters, b: Binder): SQL | null {
  const parts = f.title ? wordQueryParts(f.title) : null;
  if (!parts) return null;
  const expanded = parts.prefix !== null && f.titlePrefix?.title === f.title;
  if (!expanded) {
    return tsquery(b.text('words', [parts.whole, parts.prefix].filter(Boolean).join(' & ')));
  }
  const anyOf = sql`${b.text('lexemes', anyLexemeQuery(f.titlePrefix!.lexemes))}::tsquery`;
  return parts.whole === null ? anyOf : sql`(${tsquery(b.text('words', parts.whole))} && ${anyOf})`;
}

/**
 * Offers targeting any of the GEOs. A `generic` binder writes the overlap as the function behind
 * `&&`, which no index serves: a generic plan cannot tell a rare GEO from a common one, and would
 * otherwise pick the GEO index for every value (decision 040).
 */
const geoOverlap = (geos: SQLWrapper, b: Binder): SQL =>
  b.mode === 'generic'
    ? sql`arrayoverlap(${offers.targetGeo}, ${geos})`
    : sql`${offers.targetGeo} && ${geos}::text[]`;

export function bindFilters(f: OfferFilters, b: Binder): BoundFilters {
  const words = wordSearch(f, b);
  const conditions = and(
    f.title
      ? words
        ? sql`${offers.searchVector} @@ ${words}`
        : sql`${offers.title} ILIKE ${b.value('pattern', containsPattern(f.title), 'text')}`
      : undefined,
    f.geo?.length ? geoOverlap(b.value('geo', f.geo, 'text[]'), b) : undefined,
    f.category?.length === 1
      ? sql`lower(${offers.category}) = ${b.value('category0', f.category[0]!.toLowerCase(), 'text')}`
      : f.category?.length
        ? inArray(
            sql`lower(${offers.category})`,
            f.category.map((c, i) => b.value(`category${i}`, c.toLowerCase(), 'text')),
          )
        : undefined,
    f.payoutType?.length
      ? inArray(
          sql`${offers.payoutType}`,
          f.payoutType.map((t, i) => b.value(`payoutType${i}`, t, 'text')),
        )
      : undefined,
    f.entityId ? entityCondition(f.entityId, b) : undefined,
    f.payoutMin !== undefined
      ? sql`${offers.payoutAmount} >= ${b.value('payoutMin', f.payoutMin, 'numeric')}`
      : undefined,
    f.payoutMax !== undefined
      ? sql`${offers.payoutAmount} <= ${b.value('payoutMax', f.payoutMax, 'numeric')}`
      : undefined,
    f.createdAfter
      ? sql`${offers.createdAt} > ${b.value('createdAfter', f.createdAfter.toISOString(), 'timestamptz')}`
      : undefined,
    f.createdUpTo
      ? sql`${offers.createdAt} <= ${b.value('createdUpTo', f.createdUpTo.toISOString(), 'timestamptz')}`
      : undefined,
  );
  return { conditions, words };
}

/**
 * The offers of one advertiser, named by its id or by its slug as the explorer's address carries
 * it (docs/decisions/052-link-previews.md): a slug is the entity's current one or an old one
 * (entity_slug_history), read by their unique indexes; a slug that names no entity, no offers.
 */
function entityCondition(key: string, b: Binder): SQL {
  if (isEntityId(key)) return eq(offers.entityId, b.value('entityId', key, 'uuid'));
  const slug = b.value('entitySlug', key, 'text');
  return sql`${offers.entityId} = coalesce(
    (select ${entities.id} from ${entities} where ${entities.slug} = ${slug}),
    (select ${entitySlugHistory.entityId} from ${entitySlugHistory} where ${entitySlugHistory.slug} = ${slug}))`;
}

export const offerFilterSql = (f: OfferFilters): SQL | undefined =>
  bindFilters(f, Binder.inPlace()).conditions;

export const visible = (f: BoundFilters): SQL => and(publiclyVisible(), f.conditions)!;
