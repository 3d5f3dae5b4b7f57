/**
 * The word that goes with a count, in English: only exactly 1 takes the singular
 * (`plural(1, 'report', 'reports')` → 'report'; 0, 2 and '50+' take the plural). Every text that
 * prints a count uses it, so no screen says "1 reports".
 */
export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
