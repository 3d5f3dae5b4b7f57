import { useId } from 'react';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

// Labelled form controls: one label, an optional hint, one error message (which marks the
// control invalid and is announced through aria-describedby).

export const controlClass =
  'w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs ' +
  'transition-colors placeholder:text-muted-foreground focus-visible:border-ring ' +
  'scroll-mt-24 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger ' +
  // Read-only fields look like text on a muted panel: viewing is told from editing at a glance.
  'read-only:cursor-default read-only:border-transparent read-only:bg-muted/60 read-only:shadow-none';

export const inputClass = cn(controlClass, 'h-10');
export const textareaClass = cn(controlClass, 'min-h-24 resize-y py-2');
export const selectClass = cn(controlClass, 'h-10 appearance-auto pr-8');
export const checkboxClass =
  'size-4 shrink-0 rounded border-input accent-[var(--brand)] disabled:cursor-not-allowed';

/**
 * What useContractForm's `text(key)` gives a text control: its value, message, onChange, and the
 * ref that adopts what was typed before hydration (lib/use-contract-form.ts).
 */
export interface TextBinding {
  value: string;
  error: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  ref: (control: HTMLInputElement | null) => void;
}

interface ControlIds {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** Shown after the label, muted: e.g. "(optional)". */
  labelSuffix?: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (ids: ControlIds) => ReactNode;
}

export function FormField({
  label,
  labelSuffix,
  hint,
  error,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {labelSuffix ? (
          <span className="ml-1 font-normal text-muted-foreground">{labelSuffix}</span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type FieldChrome = Omit<FormFieldProps, 'children'>;

/** The FormField part of a control's props (label, hint, error…), and the control's own. */
export function splitChrome<P extends FieldChrome>({
  label,
  labelSuffix,
  hint,
  error,
  className,
  ...control
}: P): [FieldChrome, Omit<P, keyof FieldChrome>] {
  return [{ label, labelSuffix, hint, error, className }, control];
}

export interface TextFieldProps extends FieldChrome, Omit<ComponentProps<'input'>, 'id'> {}

export function TextField(props: TextFieldProps) {
  const [chrome, input] = splitChrome(props);
  return (
    <FormField {...chrome}>
      {(ids) => <input className={inputClass} {...ids} {...input} />}
    </FormField>
  );
}

export interface TextAreaFieldProps extends FieldChrome, Omit<ComponentProps<'textarea'>, 'id'> {}

export function TextAreaField(props: TextAreaFieldProps) {
  const [chrome, { rows = 4, ...textarea }] = splitChrome(props);
  return (
    <FormField {...chrome}>
      {(ids) => <textarea rows={rows} className={textareaClass} {...ids} {...textarea} />}
    </FormField>
  );
}

export interface SelectFieldProps extends FieldChrome, Omit<ComponentProps<'select'>, 'id'> {}

export function SelectField(props: SelectFieldProps) {
  const [chrome, { children, ...select }] = splitChrome(props);
  return (
    <FormField {...chrome}>
      {(ids) => (
        <select className={selectClass} {...ids} {...select}>
          {children}
        </select>
      )}
    </FormField>
  );
}
