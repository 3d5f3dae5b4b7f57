import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiClientError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { failureMessage } from './components/dashboard-parts';
import { DASHBOARD_TEXT } from './dashboards-texts';
import { fieldErrorsFrom } from '../../lib/field-errors';
import type { FieldErrors } from '../../lib/field-errors';

/** What a form model makes of the typed values: a body to send, or why there is none. */
export type CreateFormBuild<B, F extends string> =
  | { kind: 'ok'; body: B }
  | { kind: 'invalid'; errors: FieldErrors<F> }
  /** Refused as a whole: no field errors, only this message. */
  | { kind: 'refused'; message: string };

export interface CreateFormTexts {
  /** Shown above the fields when the model marks some of them invalid. */
  fixErrors: string;
  /** Shown when the API fails without a message of its own. */
  failed: string;
  /** The toast after a create, if the API sends no message. */
  success: string;
}

interface UseCreateFormOptions<V, F extends string, B> {
  empty: V;
  /** The caller's entity; without one the form refuses with 'User not properly authenticated'. */
  entityId: string | null;
  build: (values: V) => CreateFormBuild<B, F>;
  mutation: Pick<UseMutationResult<{ message: string }, Error, B>, 'mutate' | 'isPending'>;
  texts: CreateFormTexts;
  onOpenChange: (open: boolean) => void;
}

/** What the dialog frame needs of a create form. */
export interface CreateFormStatus {
  busy: boolean;
  /** The message above the fields, if any. */
  formError: string | null;
  handleOpenChange: (open: boolean) => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The keys of V whose value is any string (so a text control can set it as typed). */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V];

type TextControlEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * State and submit of a create dialog (docs/product/validation.md): the draft is kept when the dialog is closed and
 * cleared after a successful create; messages are cleared on closing. A submit without an entity,
 * with invalid fields, or while busy sends nothing; the API's field errors are shown per field.
 */
export function useCreateForm<V, F extends string, B>({
  empty,
  entityId,
  build,
  mutation,
  texts,
  onOpenChange,
}: UseCreateFormOptions<V, F, B>) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = mutation.isPending;

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  /** value, error and onChange of a text control bound to one field of the draft. */
  function field<K extends TextKey<V>>(key: K, errorKey: F) {
    return {
      value: values[key],
      error: errors[errorKey],
      onChange: (e: TextControlEvent) => set(key, e.target.value as V[K]),
    };
  }

  function handleOpenChange(next: boolean) {
    // The draft stays for the next opening; old messages do not.
    if (!next) {
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!entityId) {
      setFormError(DASHBOARD_TEXT.notAuthenticated);
      return;
    }
    const built = build(values);
    if (built.kind === 'refused') {
      setErrors({});
      setFormError(built.message);
      return;
    }
    if (built.kind === 'invalid') {
      setErrors(built.errors);
      setFormError(texts.fixErrors);
      return;
    }
    setErrors({});
    setFormError(null);
    mutation.mutate(built.body, {
      onSuccess: (response) => {
        toast.success(response.message || texts.success);
        setValues(empty);
        handleOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiClientError) setErrors(fieldErrorsFrom(error.details));
        setFormError(failureMessage(error, texts.failed));
      },
    });
  }

  return { values, set, field, errors, formError, busy, handleOpenChange, handleSubmit };
}
