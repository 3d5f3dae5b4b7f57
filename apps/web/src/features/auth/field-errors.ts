/** One message per form field, from zod issues (path arrays) or API `details` (dotted paths). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  path: string | readonly PropertyKey[];
  message: string;
}

export function fieldErrorsFrom<F extends string>(issues: readonly Issue[]): FieldErrors<F> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const key = typeof first === 'string' ? first : undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<F>;
}
