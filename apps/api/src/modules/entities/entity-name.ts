// Look-alike company names (docs/decisions/011-entity-rights-and-moderation.md): the one normal form that
// every comparison of company names uses (registration, approval, renames, reviews naming one).

import unhomoglyph from 'unhomoglyph';

/** Punctuation, symbols (™, ®, emoji) and invisible format characters (zero-width, soft hyphen). */
const NOISE = /[\p{P}\p{S}\p{Cf}]/gu;
/** Combining marks, once NFD has split them off their letters (é → e + ◌́). */
const MARKS = /\p{M}/gu;
const SPACE = /\s+/gu;

/**
 * The key two company names share when people would take one for the other:
 * - punctuation, symbols and format characters dropped ("Vitality Partners." / "…™");
 * - NFKC (full-width and ligature forms), then lower case;
 * - the confusable skeleton of Unicode TR39 (confusables.txt, npm `unhomoglyph`): a Cyrillic і
 *   or a Greek ο is the Latin letter it imitates, 0 is o, 1 is l, rn is m;
 * - accents dropped (NFD without combining marks), and all whitespace folded away
 *   ("Vitality  Partners", "VitalityPartners").
 * Not meant to be shown: only compared.
 */
export function entityNameKey(name: string): string {
  const plain = name.replace(NOISE, ' ').normalize('NFKC').toLowerCase();
  const skeleton = unhomoglyph(plain).toLowerCase().normalize('NFD');
  const key = skeleton.replace(MARKS, '').replace(NOISE, '').replace(SPACE, '');
  // A name of punctuation only ("!!!") keeps its own text rather than matching every other.
  return key || name.normalize('NFKC').toLowerCase().replace(SPACE, '');
}
