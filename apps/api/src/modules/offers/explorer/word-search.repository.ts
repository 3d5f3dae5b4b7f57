import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { entities, offers, offerSearchLexemes, offerTitleWords } from '../../../db/schema';
import { containsPattern } from '../../../lib/sql';
import { publiclyVisible } from '../offers.sql';
import { perHandle } from '../../../lib/prepared';
import type { TitlePrefix } from './filters.sql';
import { wordQueryParts } from './offer-search';

// The word search's own reads: a last word's prefix expanded into lexemes (decision 036), and the
// catalogue words and publishers behind "Did you mean" (decision 028).

/**
 * A prefix covering more lexemes than this keeps PostgreSQL's prefix match: an alternative of
 * hundreds of posting lists would cost what the prefix match does.
 */
export const TITLE_PREFIX_LEXEMES_MAX = 64;

/**
 * The last word of a word search, when it is matched as a prefix, as the lexemes of the offers'
 * search documents that start with it (offer_search_lexemes, kept by triggers: migration 0034;
 * docs/decisions/036-prefix-expansion.md), or undefined when it is not expanded (no prefix, more
 * than TITLE_PREFIX_LEXEMES_MAX lexemes, or a word to_tsquery does not read as one prefix). The
 * prefix is normalized by to_tsquery itself ('glowing':* is 'glow':*). No lexeme starts with it:
 * the prefix alone, which no document holds, so the search still finds nothing.
 */
export async function expandTitlePrefix(
  db: DbOrTx,
  title: string,
): Promise<TitlePrefix | undefined> {
  const prefixQuery = wordQueryParts(title)?.prefix;
  if (!prefixQuery) return undefined;
  const lexemes = await prefixLexemes(db, prefixQuery);
  return lexemes === null ? undefined : { title, lexemes };
}

/**
 * expandTitlePrefix's lexemes for one prefix query (`'keto':*`, wordQueryParts' `prefix`), or
 * null when it is not expanded. A function of the prefix and the lexicon only, so the explorer
 * keeps it in the read cache (explorer.service keptPrefixLexemes, scope `lexicon`).
 */
export async function prefixLexemes(db: DbOrTx, prefixQuery: string): Promise<string[] | null> {
  const [row] = await titlePrefixLexemes(db).execute({ prefixQuery });
  if (!row?.prefix || row.lexemes.length > TITLE_PREFIX_LEXEMES_MAX) return null;
  return row.lexemes.length > 0 ? row.lexemes : [row.prefix];
}

/**
 * expandTitlePrefix's read as a named prepared statement, one per database handle: its plan (a
 * range of the lexicon's primary key) is the same for every prefix, so PostgreSQL parses and
 * plans it once per connection (a round trip of half the cost on the busiest miss, the word
 * search's). Behind PgBouncer, as the feed page: docs/deployment.md.
 */
const titlePrefixLexemes = perHandle((db) => {
  const lexeme = offerSearchLexemes.lexeme;
  // The prefix as to_tsquery normalizes it ('glowing':* is 'glow':*), or null when to_tsquery
  // does not read it as one prefix (a stop word, a word it splits).
  const normalized = sql`substring(to_tsquery('english', ${sql.placeholder('prefixQuery')}::text)::text from '^''([^'']+)'':\\*$')`;
  return db
    .select({
      prefix: sql<string | null>`p.prefix`,
      lexemes: sql<string[]>`array(
        select ${lexeme} from ${offerSearchLexemes}
        where ${lexeme} >= p.prefix and ${lexeme} < p.prefix || chr(1114111)
        order by ${lexeme} limit ${TITLE_PREFIX_LEXEMES_MAX + 1})`,
    })
    .from(sql`(select ${normalized} as prefix) p`)
    .prepare('offers_title_prefix');
});

/**
 * "Did you mean": the title word most like `word` (pg_trgm similarity over offer_title_words'
 * trigram index), or null when none is similar enough. A word that is itself a title word, or
 * the start of one, is its own answer.
 */
export async function closestTitleWord(db: DbOrTx, word: string): Promise<string | null> {
  const [row] = await db
    .select({ word: offerTitleWords.word })
    .from(offerTitleWords)
    .where(sql`${offerTitleWords.word} % ${word}`)
    .orderBy(sql`similarity(${offerTitleWords.word}, ${word}) desc`, offerTitleWords.word)
    .limit(1);
  return row?.word ?? null;
}

/**
 * The catalogue words among `words` (decision 028's "Did you mean", amended 2026-11-29): the
 * title words (offer_title_words, as typed in titles) and the lexemes of every offer's search
 * document (offer_search_lexemes: titles, categories and descriptions, stemmed), each found by
 * its primary key. Each of `typed` whose English stem is a lexeme ("supplements": 'supplement')
 * is among them as typed (stemmed only for those: a few words, not every variant). A select of
 * one column, `word`.
 */
function catalogueWordsAmong(words: string[], typed: string[]): SQL {
  const list = sql`${sql.param(words)}::text[]`;
  return sql`
    select ${offerTitleWords.word} as word from ${offerTitleWords}
    where ${offerTitleWords.word} = any(${list})
    union
    select ${offerSearchLexemes.lexeme} from ${offerSearchLexemes}
    where ${offerSearchLexemes.lexeme} = any(${list})
    union
    select typed.word from unnest(${sql.param(typed)}::text[]) as typed(word)
    where exists (
      select 1 from ${offerSearchLexemes}
      where ${offerSearchLexemes.lexeme} = any(tsvector_to_array(to_tsvector('english', typed.word)))
    )`;
}

/**
 * Which of `words` (letters only) the offers' lexicon holds (offer_search_lexemes, decision 036):
 * as a whole word (its English stem is a lexeme), or, for those of `prefixes`, as the start of
 * one (normalized as to_tsquery does a prefix: 'glowing':* is 'glow':*). Primary-key probes and
 * ranges only: a word no offer holds is found out without reading offers (a capped count of 1
 * would let the planner scan the table for it). A select of one column, `word`.
 */
function lexiconHolds(words: string[], prefixes: string[]): SQL {
  // Letters only, so quoting them for to_tsquery cannot go wrong (checked here, not by a
  // regular expression in SQL: compiling [[:alpha:]] costs PostgreSQL milliseconds).
  const letters = prefixes.filter((w) => /^\p{L}+$/u.test(w));
  const lexeme = offerSearchLexemes.lexeme;
  return sql`
    select w.word from unnest(${sql.param(words)}::text[]) as w(word)
    where exists (
      select 1 from ${offerSearchLexemes}
      where ${lexeme} = any(tsvector_to_array(to_tsvector('english', w.word)))
    )
    union
    select p.word from (
      select w.word, substring(
        to_tsquery('english', quote_literal(w.word) || ':*')::text from '^''([^'']+)'':\\*$'
      ) as prefix
      from unnest(${sql.param(letters)}::text[]) as w(word)
    ) p
    where p.prefix is not null and exists (
      select 1 from ${offerSearchLexemes}
      where ${lexeme} >= p.prefix and ${lexeme} < p.prefix || chr(1114111)
    )`;
}

/**
 * The advertisers and networks whose name holds `text` (entities_name_trgm_idx), the `limit`
 * most alike, ranked 1, 2, … (`rank`): "Offers by …" for a search that names a publisher.
 */
function publishersNamed(text: string, limit: number): SQL {
  const alike = sql`similarity(${entities.name}, ${text}) desc, ${entities.name}`;
  return sql`
    select ${entities.id}::text as id, ${entities.slug} as slug, ${entities.name} as name,
      row_number() over (order by ${alike}) as rank
    from ${entities}
    where ${and(
      eq(entities.verificationStatus, 'approved'),
      inArray(entities.entityType, ['advertiser', 'network']),
      ilike(entities.name, containsPattern(text)),
    )}
    order by ${alike}
    limit ${limit}`;
}

/**
 * What a word search that found nothing asks the catalogue before it tries anything else
 * (decision 028, amended 2026-11-29): which respellings' joined words the lexicon holds
 * (`joins`: whole words, and the last word as a prefix), which split parts are catalogue words
 * (`parts`), which typed words and their one-edit variants are (`spelling`), and the publishers
 * named like the search (`publisher`). Each part left out is not asked.
 */
export interface FollowUpAsk {
  joins?: { words: string[]; prefixes: string[] };
  parts?: string[];
  spelling?: { words: string[]; typed: string[] };
  publisher?: { text: string; limit: number };
}

export interface FollowUpFacts {
  held: Set<string>;
  parts: Set<string>;
  spelling: Set<string>;
  /** Most alike first. */
  publishers: { id: string; slug: string; name: string }[];
}

/**
 * FollowUpAsk's answers in one statement: each is a few primary-key probes or one trigram
 * lookup, and a search that finds nothing sent one statement for each (three or four round
 * trips, each a wake-up of PostgreSQL's backend and of the app: decision 028, Note 2026-11-30).
 */
export async function followUpFacts(db: DbOrTx, ask: FollowUpAsk): Promise<FollowUpFacts> {
  const parts: SQL[] = [];
  const words = (kind: Exclude<FollowUpRow['kind'], 'publisher'>, select: SQL) =>
    parts.push(sql`select ${sql.raw(`'${kind}'`)} as kind, f.word, null as id, null as slug, null as name,
      null::bigint as rank from (${select}) f`);
  if (ask.joins) words('held', lexiconHolds(ask.joins.words, ask.joins.prefixes));
  if (ask.parts?.length) words('parts', catalogueWordsAmong(ask.parts, ask.parts));
  if (ask.spelling) words('spelling', catalogueWordsAmong(ask.spelling.words, ask.spelling.typed));
  if (ask.publisher) {
    parts.push(sql`select 'publisher', null, p.id, p.slug, p.name, p.rank
      from (${publishersNamed(ask.publisher.text, ask.publisher.limit)}) p`);
  }
  const facts: FollowUpFacts = {
    held: new Set(),
    parts: new Set(),
    spelling: new Set(),
    publishers: [],
  };
  if (parts.length === 0) return facts;
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: FollowUpRow[];
  };
  const publishers: (FollowUpRow & { rank: number })[] = [];
  for (const row of result.rows) {
    if (row.kind === 'publisher') publishers.push({ ...row, rank: Number(row.rank) });
    else facts[row.kind].add(row.word!);
  }
  facts.publishers = publishers
    .sort((x, y) => x.rank - y.rank)
    .map((p) => ({ id: p.id!, slug: p.slug!, name: p.name! }));
  return facts;
}

interface FollowUpRow {
  kind: 'held' | 'parts' | 'spelling' | 'publisher';
  word: string | null;
  id: string | null;
  slug: string | null;
  name: string | null;
  rank: number | string | null;
}

/**
 * The lexemes most common in the offers' search documents, with the share of offers holding
 * each: PostgreSQL's own statistics of offers.search_vector (pg_stats.most_common_elems and
 * most_common_elem_freqs, from ANALYZE's sample of every offer, visible or not). Empty before
 * the first ANALYZE (a fresh PGlite). One small read of the catalogue, no offer read.
 */
export async function commonSearchLexemes(db: DbOrTx): Promise<Map<string, number>> {
  // most_common_elem_freqs ends with three more numbers (lowest, highest, null share): unnest
  // pairs them with no lexeme.
  const result = (await db.execute(sql`
    select m.lexeme, m.freq::float8 as freq
    from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as m(lexeme, freq)
    where s.schemaname = current_schema() and s.tablename = 'offers'
      and s.attname = 'search_vector' and m.lexeme is not null
  `)) as unknown as { rows: { lexeme: string; freq: number }[] };
  return new Map(result.rows.map((r) => [r.lexeme, Number(r.freq)]));
}

/**
 * Each word's lexeme (its English stem; null when it has none or several) and how many visible
 * offers hold the word (its search as a lone word), counted up to `cap` — except for a word
 * whose lexeme is among `uncounted` (null: not counted). One statement, one probe of
 * offers_search_vector_idx and at most `cap` rows per counted word. "Did you mean" ranks the
 * catalogue words one edit from a typo by it; a common word's count would build the bitmap of
 * its whole posting list before the LIMIT applies (15–200 ms at 1M offers), so the common ones
 * are ranked by PostgreSQL's statistics instead (commonSearchLexemes; decision 028, Note
 * 2026-11-29: misses that cost less).
 */
export async function countOffersHolding(
  db: DbOrTx,
  words: string[],
  cap: number,
  uncounted: string[] = [],
): Promise<Map<string, { lexeme: string | null; n: number | null }>> {
  if (words.length === 0) return new Map();
  const rows = await db
    .select({
      word: sql<string>`w.word`,
      lexeme: sql<string | null>`l.lexeme`,
      // CASE runs the subquery only for the words it counts.
      n: sql<
        number | null
      >`case when l.lexeme = any(${sql.param(uncounted)}::text[]) then null else (
        select count(*)::int from (
          select 1 from ${offers}
          where ${publiclyVisible()}
            and ${offers.searchVector} @@ plainto_tsquery('english', w.word)
          limit ${cap}
        ) held) end`,
    })
    .from(
      sql`unnest(${sql.param(words)}::text[]) as w(word), lateral (
        select case when cardinality(a) = 1 then a[1] end as lexeme
        from tsvector_to_array(to_tsvector('english', w.word)) as a
      ) l`,
    );
  return new Map(rows.map((r) => [r.word, { lexeme: r.lexeme, n: r.n }]));
}
