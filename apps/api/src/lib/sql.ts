/** Escapes LIKE/ILIKE wildcards so a user's search text matches literally ("100%" is not "100…"). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern for "contains", with the user's text taken literally. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}
