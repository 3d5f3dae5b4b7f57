import { forwardRef } from 'react';
import type { FormHTMLAttributes } from 'react';

/** A form's attributes, less the two that decide where a native submission goes. */
export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action'>;

/**
 * Every form of the app (docs/decisions/015-form-binding.md, "Note (2026-11-29)"). Before the page
 * hydrates, or with JavaScript off, the browser submits a form itself; a form without a method
 * sends its fields in the address (`/login?email=…&password=…`), into the history and the logs.
 * `method="post"` with no action posts to the page's own address instead, which the server answers
 * with a 303 back to it (apps/api/src/modules/pages). Callers cannot change either.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  return <form {...props} ref={ref} method="post" />;
});
