import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from '../../lib/toast';
import { useContractForm } from '../../lib/use-contract-form';
import type { ContractFormRules } from '../../lib/use-contract-form';
import { failureMessage } from './components/dashboard-parts';
import { DASHBOARD_TEXT } from './dashboards-texts';

export interface CreateFormTexts {
  /** Shown above the fields when the model marks some of them invalid. */
  fixErrors: string;
  /** Shown when the API fails without a message of its own. */
  failed: string;
  /** The toast after a create, if the API sends no message. */
  success: string;
}

interface UseCreateFormOptions<V, S extends z.ZodType, F extends string> {
  empty: V;
  /** The caller's entity; without one the form refuses with 'User not properly authenticated'. */
  entityId: string | null;
  /** The form model's rules (offer-form-model.ts, request-form-model.ts). */
  rules: ContractFormRules<V, S, F>;
  /** A message that refuses the values as a whole, before the fields are checked. */
  refuse?: (values: V) => string | null;
  mutation: Pick<UseMutationResult<{ message: string }, Error, z.input<S>>, 'mutate' | 'isPending'>;
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
 * A create dialog over the one form binding (useContractForm, docs/decisions/015-form-binding.md;
 * docs/product/validation.md): the draft is kept when the dialog is closed and cleared after a
 * successful create; messages are cleared on closing. A submit without an entity, refused, with
 * fields the contract refuses, or while busy sends nothing; the API's field errors are shown per
 * field.
 */
export function useCreateForm<V, S extends z.ZodType, F extends string>({
  empty,
  entityId,
  rules,
  refuse,
  mutation,
  texts,
  onOpenChange,
}: UseCreateFormOptions<V, S, F>) {
  const form = useContractForm<V, S, F>({ initial: empty, ...rules });
  const [formError, setFormError] = useState<string | null>(null);
  const busy = mutation.isPending;

  /** A text control bound to one value of the draft, showing the message of its body key. */
  function field<K extends TextKey<V>>(key: K, errorKey: F) {
    return {
      value: form.values[key] as string,
      error: form.errors[errorKey],
      onChange: (e: TextControlEvent) => {
        form.set(key, e.target.value as V[K]);
        form.clearError(errorKey);
      },
    };
  }

  function handleOpenChange(next: boolean) {
    // The draft stays for the next opening; old messages do not.
    if (!next) {
      form.setErrors({});
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
    const refused = refuse?.(form.values);
    if (refused) {
      form.setErrors({});
      setFormError(refused);
      return;
    }
    const checked = form.validate();
    if (!checked.ok) {
      setFormError(texts.fixErrors);
      return;
    }
    setFormError(null);
    mutation.mutate(checked.body, {
      onSuccess: (response) => {
        toast.success(response.message || texts.success);
        form.reset(empty);
        handleOpenChange(false);
      },
      onError: (error) => {
        form.showServerErrors(error);
        setFormError(failureMessage(error, texts.failed));
      },
    });
  }

  return {
    values: form.values,
    set: form.set,
    field,
    errors: form.errors,
    formError,
    busy,
    handleOpenChange,
    handleSubmit,
  };
}
