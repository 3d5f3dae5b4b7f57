import { createHash } from 'node:crypto';

// "Obvious spam" (the words): text that is only links, many links, or one word or
// character repeated. Such reviews are stored as flagged for an admin, never published.

const URL_PATTERN =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|biz|info|xyz|top|ru|cn|site|online|shop|click|link|me|ly)\b(?:\/\S*)?/giu;
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

/** Why the text is obvious spam, or null. */
export function spamReason(text: string): string | null {
  const links = text.match(URL_PATTERN) ?? [];
  const withoutLinks = text.replace(URL_PATTERN, ' ');
  const letters = (withoutLinks.match(/\p{L}/gu) ?? []).length;
  if (links.length > 0 && letters < MIN_LETTERS_BESIDE_LINKS) return 'the text is only links';
  if (links.length > MAX_LINKS) return `the text has ${links.length} links`;
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
