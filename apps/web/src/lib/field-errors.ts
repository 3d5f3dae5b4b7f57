/** One message per form field: the first of each field, from zod issues or an API's `details`. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** A zod issue (path array) or an entry of an API 400's `details` (dotted path). */
export interface FieldIssue {
  path: string | readonly PropertyKey[];
  message: string;
}

/**
 * The first message per top-level field. `fieldOf` renames body keys to the form's own field
 * names (e.g. review_text → text); a key it does not name keeps its own name.
 */
export function fieldErrorsFrom<F extends string>(
  issues: readonly FieldIssue[] | undefined,
  fieldOf: Readonly<Partial<Record<string, F>>> = {},
): FieldErrors<F> {
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    if (typeof first !== 'string' || !first) continue;
    const key = fieldOf[first] ?? first;
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<F>;
}
