import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import { OFFER_CATEGORY_CHIPS } from '@trustlinks/contract/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { toast } from '../../../lib/toast';
import { validateShowcaseForm } from '../showcase-offers';
import type { ShowcaseField, ShowcaseFormErrors, ShowcaseOfferInput } from '../showcase-offers';
import { SHOWCASE_TEXT as T } from '../showcase-texts';

type Values = Record<ShowcaseField, string>;
const EMPTY: Values = { title: '', geo: '', payout: '', category: '', description: '' };
const CATEGORY_SUGGESTIONS = OFFER_CATEGORY_CHIPS.filter((chip) => chip !== 'All');

/** Manual add (docs/product/offers.md#showcase, docs/product/validation.md): title, geo, payout, category, description, all required. */
export function ShowcaseAddForm({ onAdd }: { onAdd: (offer: ShowcaseOfferInput) => void }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ShowcaseFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  function change(field: ShowcaseField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field] && value.trim()) {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateShowcaseForm(values);
    setErrors(result.errors);
    if (!result.offer) {
      // The first missing field in the order shown.
      const controls = formRef.current?.querySelectorAll<HTMLElement>('[name]') ?? [];
      [...controls]
        .find((control) => result.errors[control.getAttribute('name') as ShowcaseField])
        ?.focus();
      return;
    }
    onAdd(result.offer);
    setValues(EMPTY);
    toast.success(T.added);
  }

  const error = (field: ShowcaseField) => (errors[field] ? T.required(T.fields[field]) : undefined);
  const field = (name: ShowcaseField) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    placeholder: T.placeholders[name],
    error: error(name),
    label: T.fields[name],
    // Checked by the form itself, so every missing field is named at once.
    'aria-required': true as const,
  });

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">{T.addTitle}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.addHint}</p>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...field('title')} maxLength={200} autoComplete="off" />
          <TextField
            {...field('category')}
            maxLength={100}
            list={`${id}-categories`}
            autoComplete="off"
          />
          <TextField {...field('geo')} maxLength={500} autoComplete="off" />
          <TextField {...field('payout')} maxLength={50} autoComplete="off" />
        </div>
        <datalist id={`${id}-categories`}>
          {CATEGORY_SUGGESTIONS.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <TextAreaField {...field('description')} maxLength={5000} rows={2} />
        <Button type="submit" className="sm:self-end">
          <Plus aria-hidden="true" />
          {T.add}
        </Button>
      </form>
    </Card>
  );
}
