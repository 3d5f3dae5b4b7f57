import { OFFER_LIMITS } from '@trustlinks/contract/offers';

// What people type, turned into a word search (docs/decisions/028-offer-word-search.md). The
// user's text never reaches to_tsquery: it is cut into lexemes of letters and digits here, and
// the query is written from those, each one quoted, so no operator, quote or backslash of the
// input can change its meaning or make it fail.

/** Letters PostgreSQL's unaccent folds that Unicode decomposition leaves alone. */
const FOLDS: Record<string, string> = {
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case, accents off: what the search document (trustlinks_unaccent) holds. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øßæœłđðþı]/g, (c) => FOLDS[c] ?? c);
}

const LEXEME = /[\p{Ll}\p{Lu}\p{Lt}\p{Lo}\p{Nd}]+/gu;
const letters = (token: string) => token.replace(/\p{Nd}+/gu, '').length;

/**
 * The words of a text a prefix may reach: runs of letters and digits, folded as the search
 * document is, that hold a letter (a prefix is letters: "keto", never "100"). An offer write that
 * brings one the offer did not hold may bring the lexicon a lexeme (offers.cache.ts).
 */
export function prefixableWords(text: string): Set<string> {
  return new Set((foldText(text).match(LEXEME) ?? []).filter((w) => letters(w) > 0));
}

export interface SearchTerm {
  lexeme: string;
  negated: boolean;
}

/**
 * The terms of a search: runs of letters and digits, "-word" excluding a word (as
 * websearch_to_tsquery reads it), at most OFFER_LIMITS.searchWordsMax of them.
 */
export function searchTerms(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const chunk of foldText(text).split(/\s+/)) {
    const negated = chunk.startsWith('-');
    for (const lexeme of chunk.match(LEXEME) ?? []) terms.push({ lexeme, negated });
  }
  return terms.slice(0, OFFER_LIMITS.searchWordsMax);
}

/** A term is a word when it has two letters or more ("keto", "x50"; not "x5" or "100"). */
const isWord = (term: SearchTerm) => letters(term.lexeme) >= 2;

const quoted = (lexeme: string) => `'${lexeme}'`;

/**
 * The to_tsquery text of a search, or null when it has no word to look for (codes such as "x5",
 * numbers, punctuation): those keep the substring search of the title. Every term must match;
 * the last one typed also matches as a prefix once it has OFFER_LIMITS.prefixFromLetters letters,
 * so results follow the typing ("keto bo" finds "Keto Boost").
 */
export function toWordQuery(text: string): string | null {
  const parts = wordQueryParts(text);
  if (!parts) return null;
  return [parts.whole, parts.prefix].filter((p) => p !== null).join(' & ');
}

/**
 * toWordQuery's query in its two parts: the terms matched whole (null when there are none), and
 * the last word matched as a prefix (`'keto':*`, null when it is not), which the repository may
 * replace by the lexemes that start with it (word-search.repository expandTitlePrefix).
 */
export function wordQueryParts(text: string): WordQueryParts | null {
  const terms = searchTerms(text);
  const positive = terms.filter((t) => !t.negated);
  if (!positive.some(isWord)) return null;
  const last = terms.at(-1)!;
  const lastIsPrefix = !last.negated && letters(last.lexeme) >= OFFER_LIMITS.prefixFromLetters;
  const whole = (lastIsPrefix ? terms.slice(0, -1) : terms).map(
    (t) => `${t.negated ? '!' : ''}${quoted(t.lexeme)}`,
  );
  return {
    whole: whole.length > 0 ? whole.join(' & ') : null,
    prefix: lastIsPrefix ? `${quoted(last.lexeme)}:*` : null,
    prefixWord: lastIsPrefix ? last.lexeme : null,
  };
}

export interface WordQueryParts {
  /** The terms matched whole, as to_tsquery text, or null when there are none. */
  whole: string | null;
  /** The last word as a prefix (`'keto':*`), or null when it is not matched as one. */
  prefix: string | null;
  /** That last word alone ("keto": its own search is `prefix`), or null. */
  prefixWord: string | null;
}

/** The words of a search that "Did you mean" may correct: letters only, as titles' words are kept. */
export function correctableWords(text: string): string[] {
  return searchTerms(text)
    .filter((t) => !t.negated && /^\p{L}{3,40}$/u.test(t.lexeme))
    .map((t) => t.lexeme);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one edit away from `word` (a letter dropped, swapped with the next, replaced or
 * added; Damerau's four), over a–z and the word's own letters, without `word` itself: "Did you
 * mean" looks them up among the catalogue's words (decision 028, amended 2026-11-29). A word of
 * n letters has at most 54n + 26 of them.
 */
export function oneEditVariants(word: string): string[] {
  const letters = [...new Set([...ALPHABET, ...word])];
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i);
    if (tail.length > 0) out.add(head + tail.slice(1).join(''));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const c of letters) {
      if (tail.length > 0) out.add(head + c + tail.slice(1).join(''));
      out.add(head + c + tail.join(''));
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * A search respelled: its text, and the word a join made (`last`: it is the search's last term,
 * matched as a prefix) or the two words a split made.
 */
export interface Respelling {
  text: string;
  joined?: { word: string; last: boolean };
  parts?: [string, string];
}

/**
 * The search with two neighbouring words joined, or one word split in two, each the same
 * letters: "keto slim" ↔ "ketoslim" (decision 028, amended 2026-11-29). Joins first, left to
 * right; then each split of a word of letters only into two parts of three letters or more.
 * Excluded words ("-word") are kept as they are and never joined or split.
 */
export function respellings(text: string): Respelling[] {
  const terms = searchTerms(text);
  const tokens = terms.map((t) => `${t.negated ? '-' : ''}${t.lexeme}`);
  const plain = (t: SearchTerm | undefined) => !!t && !t.negated && /^\p{L}+$/u.test(t.lexeme);
  const spelled = (i: number, n: number, middle: string) =>
    [...tokens.slice(0, i), middle, ...tokens.slice(i + n)].join(' ');
  const out: Respelling[] = [];
  for (let i = 0; i + 1 < terms.length; i++) {
    if (plain(terms[i]) && plain(terms[i + 1])) {
      const word = tokens[i]! + tokens[i + 1]!;
      out.push({ text: spelled(i, 2, word), joined: { word, last: i + 2 === terms.length } });
    }
  }
  terms.forEach((term, i) => {
    if (!plain(term)) return;
    const chars = [...term.lexeme];
    for (let at = 3; at <= chars.length - 3; at++) {
      const parts: [string, string] = [chars.slice(0, at).join(''), chars.slice(at).join('')];
      out.push({ text: spelled(i, 1, parts.join(' ')), parts });
    }
  });
  return out;
}
