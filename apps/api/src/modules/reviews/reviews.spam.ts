import { createHash } from 'node:crypto';

// "Obvious spam" (the words): text that is only links, many links, or one word or
// character repeated. Such reviews are stored as flagged for an admin, never published.

// Links are found token by token with plain string checks, in one pass over the text: the
// regular expression used before backtracked quadratically on text such as 'a.a.a.…' (docs/decisions/012:
// 'a.'.repeat(2500) took ~50 ms, ten times that took seconds).
const LINK_TLDS = new Set(
  'com net org io co biz info xyz top ru cn site online shop click link me ly'.split(' '),
);
const TOKEN_SEPARATORS = /[\s,;()<>"'[\]{}|]+/u;
const DOMAIN_LABEL = /^[a-z0-9-]+$/;
const MIN_LETTERS_BESIDE_LINKS = 10;
const MAX_LINKS = 2;
const MIN_WORDS_FOR_REPETITION = 6;
const MAX_REPEAT_SHARE = 0.25;

/** Lower case, letters and digits only, single spaces: two texts that read the same hash the same. */
export function normaliseText(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

export function textHash(text: string): string {
  return createHash('md5').update(normaliseText(text)).digest('hex');
}

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/** The token without punctuation around it (a loop: no backtracking). */
function trimPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && !isWordChar(token[start]!)) start += 1;
  while (end > start && !isWordChar(token[end - 1]!) && token[end - 1] !== '/') end -= 1;
  return token.slice(start, end);
}

/** A web address: http(s)://…, www.…, or a domain with a common TLD (and an optional path). */
function isLink(token: string): boolean {
  const t = trimPunctuation(token).toLowerCase();
  if (t.startsWith('http://') || t.startsWith('https://') || t.startsWith('www.')) return true;
  const labels = t.split('/', 1)[0]!.split('.');
  if (labels.length < 2 || !LINK_TLDS.has(labels[labels.length - 1]!)) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label));
}

/** Why the text is obvious spam, or null. Linear in the length of the text. */
export function spamReason(text: string): string | null {
  let links = 0;
  let letters = 0;
  for (const token of text.split(TOKEN_SEPARATORS)) {
    if (!token) continue;
    if (isLink(token)) links += 1;
    else letters += (token.match(/\p{L}/gu) ?? []).length;
  }
  if (links > 0 && letters < MIN_LETTERS_BESIDE_LINKS) return 'the text is only links';
  if (links > MAX_LINKS) return `the text has ${links} links`;
  if (/(\S)\1{9,}/u.test(text)) return 'the text repeats one character';
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length >= MIN_WORDS_FOR_REPETITION) {
    const distinct = new Set(words).size;
    if (distinct / words.length <= MAX_REPEAT_SHARE) return 'the text repeats the same words';
  }
  return null;
}

export const REPEATED_TEXT_REASON = 'the same text was already posted in another review';

export function spamNote(reason: string): string {
  return `Automatically flagged as possible spam: ${reason}.`;
}
