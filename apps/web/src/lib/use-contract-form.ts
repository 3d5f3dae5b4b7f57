import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { z } from 'zod';
import { ApiClientError } from './api-client';
import { fieldErrorsFrom } from './field-errors';
import type { FieldErrors, FieldIssue } from './field-errors';

// The one form binding of the web app (docs/decisions/015-form-binding.md): a form keeps its
// typed values, builds the request body from them and checks it with the contract's request
// schema, the same schema the API parses, so a rule the server enforces shows under its field
// before anything is sent. Messages come from the schema (or from the product's own checks),
// never from a copy of the rule in the form. What was typed (or autofilled) into a server-rendered
// field before the app hydrated is adopted as the field's value ("Note (2026-11-29): what was typed
// before hydration is what is sent").

/** How a form's values make a request body and are checked (without the form's state). */
export interface ContractFormRules<V, S extends z.ZodType, F extends string> {
  /** The contract's request schema of the call the form makes. */
  schema: S;
  /** The request body the values make, before the schema parses it. */
  toInput: (values: V) => z.input<S>;
  /** The form's field for a body key of another name (review_text → text); others keep theirs. */
  fieldOf?: Readonly<Partial<Record<string, F>>>;
  /**
   * The product's own messages for what is missing (docs/product/validation.md), checked before
   * the schema; when any is found, the schema's messages are not shown.
   */
  precheck?: (values: V) => FieldErrors<F>;
  /** Checks the body cannot express (a repeated password), once the schema has passed. */
  crossCheck?: (values: V) => FieldErrors<F>;
  /**
   * Where the schema's and the API's messages show, for a form whose fields are nested body
   * paths (entity registration's `contact_info.phone`); by default `fieldErrorsFrom` with
   * `fieldOf`, one field per top-level key.
   */
  errorsOf?: (issues: readonly FieldIssue[], values: V) => FieldErrors<F>;
}

export interface ContractFormOptions<V, S extends z.ZodType, F extends string> extends Omit<
  ContractFormRules<V, S, F>,
  'schema'
> {
  initial: V | (() => V);
  /**
   * The contract's request schema, or a function that loads it
   * (`() => import('@trustlinks/contract/users').then((m) => m.loginBodySchema)`): a form on a
   * page's first paint then paints without zod (~27 KB gzipped). The schema loads as soon as the
   * form has painted; a submit before it has arrived waits for it, and every check uses it.
   */
  schema: S | (() => Promise<S>);
}

export type ContractFormResult<S extends z.ZodType, F extends string> =
  | {
      ok: true;
      /** The body as built: the server parses it itself (and fills its own defaults). */
      body: z.input<S>;
      /** The body as the schema made it (trimmed, lower-cased…), for calls that want that. */
      data: z.output<S>;
    }
  | { ok: false; errors: FieldErrors<F> };

/** The keys of V whose value is any string (so a text control can set it as typed). */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V];

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type TextControlEvent = ChangeEvent<TextControl>;

/**
 * What a person typed into a server-rendered field before the app hydrated it: React keeps the
 * DOM's text on hydration but not in the form's state, and the next render would put the state's
 * (empty) value back. A field the app created has its value and its `defaultValue` (the `value`
 * attribute, which React keeps in step) alike; a hydrated one that differs was typed into.
 */
export function typedBeforeHydration(control: TextControl): string | undefined {
  if (control instanceof HTMLSelectElement) return undefined;
  return control.value !== control.defaultValue ? control.value : undefined;
}

const hasAny = (errors: object) => Object.keys(errors).length > 0;

/** The messages of schema issues or of an API's `details`, by the form's fields. */
function errorsFor<V, S extends z.ZodType, F extends string>(
  rules: Pick<ContractFormRules<V, S, F>, 'errorsOf' | 'fieldOf'>,
  issues: readonly FieldIssue[],
  values: V,
): FieldErrors<F> {
  return rules.errorsOf
    ? rules.errorsOf(issues, values)
    : fieldErrorsFrom<F>(issues, rules.fieldOf);
}

/**
 * The checks of useContractForm, in order, on given values: `precheck`, the contract's schema,
 * `crossCheck`. Pure, so a form model's rules can be tested without rendering the form.
 */
export function checkContractForm<V, S extends z.ZodType, F extends string>(
  rules: ContractFormRules<V, S, F>,
  values: V,
): ContractFormResult<S, F> {
  const missing = rules.precheck?.(values) ?? {};
  if (hasAny(missing)) return { ok: false, errors: missing };
  const body = rules.toInput(values);
  const parsed = rules.schema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, errors: errorsFor(rules, parsed.error.issues, values) };
  }
  const crossed = rules.crossCheck?.(values) ?? {};
  if (hasAny(crossed)) return { ok: false, errors: crossed };
  return { ok: true, body, data: parsed.data };
}

export function useContractForm<V, S extends z.ZodType, F extends string>(
  options: ContractFormOptions<V, S, F>,
) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const { schema: source } = options;
  const load = typeof source === 'function' ? source : undefined;
  // The schema once known (a ref: a submit that waited for it reads it after the await).
  const schema = useRef<S | undefined>(undefined);
  if (!load) schema.current = source as S;
  const loading = useRef<Promise<S> | undefined>(undefined);
  const waiting = useRef(false);
  // The fields whose control has been looked at for text typed before hydration (once each).
  const adopted = useRef(new Set<keyof V>());

  /** Resolves once the schema is there (loads it once; again after a failed load). */
  function loadSchema(): Promise<S> {
    if (schema.current) return Promise.resolve(schema.current);
    loading.current ??= load!().then(
      (loaded) => (schema.current = loaded),
      (error: unknown) => {
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }

  // Effects run after the form has painted: the schema (and zod) are not on the first paint.
  useEffect(() => {
    if (load) loadSchema().catch(() => undefined);
    // Once, on mount: a form's schema does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function clearError(field: F) {
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  /** Sets one value; the message of the field of the same name goes (it was about the old value). */
  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key as unknown as F);
  }

  /**
   * value, error, onChange and ref of a text control bound to one value of the form. The ref
   * adopts what was typed into the control before hydration (typedBeforeHydration), once, as
   * the control is attached: before any render could put the empty value back.
   */
  function text<K extends TextKey<V>>(key: K) {
    return {
      value: values[key] as string,
      error: errors[key as unknown as F],
      onChange: (e: TextControlEvent) => set(key, e.target.value as V[K]),
      ref: (control: TextControl | null) => {
        if (!control || adopted.current.has(key)) return;
        adopted.current.add(key);
        const typed = typedBeforeHydration(control);
        if (typed !== undefined && typed !== values[key]) set(key, typed as V[K]);
      },
    };
  }

  /**
   * Checks the values; shows (and returns) the messages, or returns the body to send. With a
   * loaded schema, only once `hasSchema()` (else `await loadSchema()` first; onSubmit does).
   */
  function validate(): ContractFormResult<S, F> {
    if (!schema.current) throw new Error('useContractForm: validate() before the schema loaded');
    const result = checkContractForm({ ...options, schema: schema.current }, values);
    setErrors(result.ok ? {} : result.errors);
    return result;
  }

  /**
   * The form's onSubmit: nothing while `busy` (a request is under way); else `before` (clear old
   * messages), then the checks, then `onValid` with the body or `onInvalid` with the messages.
   */
  function onSubmit(handlers: {
    busy: boolean;
    before?: () => void;
    onValid: (checked: Extract<ContractFormResult<S, F>, { ok: true }>) => void;
    onInvalid?: (errors: FieldErrors<F>) => void;
  }) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (handlers.busy || waiting.current) return;
      handlers.before?.();
      const check = () => {
        const checked = validate();
        if (checked.ok) handlers.onValid(checked);
        else handlers.onInvalid?.(checked.errors);
      };
      if (schema.current) return check();
      // Submitted before the schema arrived: wait for it (further submits are ignored meanwhile).
      waiting.current = true;
      loadSchema()
        .then(check, (error: unknown) =>
          console.error('The form could not load its checks:', error),
        )
        .finally(() => {
          waiting.current = false;
        });
    };
  }

  /** Shows the field messages of an API refusal (its `details`); true when there were any. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiClientError)) return false;
    const found = errorsFor(options, error.details ?? [], values);
    setErrors(found);
    return hasAny(found);
  }

  function reset(next: V) {
    setValues(next);
    setErrors({});
  }

  return {
    values,
    hasSchema: () => schema.current !== undefined,
    loadSchema,
    set,
    text,
    errors,
    setErrors,
    clearError,
    validate,
    onSubmit,
    showServerErrors,
    reset,
  };
}
