import { createContext, useContext, useEffect, useState } from 'react';
import type { LoginResponse } from '@trustlinks/contract/users';

/**
 * A form the browser posted itself — with JavaScript off, or before the page hydrated — and the
 * server answered (apps/api/src/modules/pages/form-posts.ts, docs/decisions/015-form-binding.md,
 * "Note (2026-11-29): sign-in without JavaScript"): the page comes back rendered with what the form
 * shows now, the same on the server and in the hydrating browser. Kept in step with the API's
 * `Postback` type.
 */
export interface Postback {
  /**
   * The form that was posted: sign-in, sign-up, the reset-link request (/login?forgot=true) or the
   * new password of a mailed link (/reset-password?token=…).
   */
  form: PostbackForm;
  /** What goes back into the form's fields, by name: never a password. */
  values: Record<string, string>;
  /** The form's message: the API's refusal, or the checks' messages. */
  error?: string;
  /** Signed in: the login's answer, which the login page stores as a session of its own. */
  signedIn?: LoginResponse;
  /** Done (signed up, link sent, password set): the API's message. */
  done?: string;
}

export type PostbackForm = 'login' | 'signup' | 'forgot' | 'reset';
const FORMS: readonly string[] = ['login', 'signup', 'forgot', 'reset'] satisfies PostbackForm[];

/** The non-executed script the server writes the postback into, beside the query state. */
export const POSTBACK_ID = 'form-postback';

/** Holds the postback until the page it is for has read it (once: a later visit starts afresh). */
export interface PostbackHolder {
  current: Postback | null;
}

const PostbackContext = createContext<PostbackHolder>({ current: null });
export const PostbackProvider = PostbackContext.Provider;

/**
 * The postback of `form`, read once, as the page first renders (so on the server, in hydration
 * and after it alike); then it is gone, and the next visit of the page is a plain one.
 */
export function usePostback(form: PostbackForm): Postback | null {
  const holder = useContext(PostbackContext);
  const [postback] = useState(() => (holder.current?.form === form ? holder.current : null));
  useEffect(() => {
    if (holder.current?.form === form) holder.current = null;
  }, [holder, form]);
  return postback;
}

/**
 * The postback the server wrote into this page, taken out of the document (it may hold a session
 * token, which has no business lingering in the DOM); null when there is none or it is unreadable.
 */
export function takePostback(doc: Document = document): Postback | null {
  const script = doc.getElementById(POSTBACK_ID);
  if (!script) return null;
  script.remove();
  try {
    const parsed: unknown = JSON.parse(script.textContent ?? '');
    return parsed && typeof parsed === 'object' && FORMS.includes((parsed as Postback).form)
      ? (parsed as Postback)
      : null;
  } catch {
    return null;
  }
}
