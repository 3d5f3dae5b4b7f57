import { useId, useRef } from 'react';
import Plus from 'lucide-react/icons/plus';
import { OFFER_CATEGORY_CHIPS } from '@trustlinks/contract/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { MAX_LENGTH, showcaseOfferSchema } from '../showcase-offers';
import type { ShowcaseField, ShowcaseOfferInput } from '../showcase-offers';
import { SHOWCASE_TEXT as T } from '../showcase-texts';
import { Form } from '../../../components/ui/form';

type Values = Record<ShowcaseField, string>;
const EMPTY: Values = { title: '', geo: '', payout: '', category: '', description: '' };
const CATEGORY_SUGGESTIONS = OFFER_CATEGORY_CHIPS.filter((chip) => chip !== 'All');

/** Manual add (docs/product/offers.md#showcase, docs/product/validation.md): title, geo, payout, category, description, all required. */
export function ShowcaseAddForm({ onAdd }: { onAdd: (offer: ShowcaseOfferInput) => void }) {
  const id = useId();
  const form = useContractForm<Values, typeof showcaseOfferSchema, ShowcaseField>({
    initial: EMPTY,
    schema: showcaseOfferSchema,
    toInput: (values) => values,
  });
  const formRef = useRef<HTMLFormElement>(null);

  const handleSubmit = form.onSubmit({
    busy: false,
    onInvalid: (errors) => {
      // The first missing field in the order shown.
      const controls = formRef.current?.querySelectorAll<HTMLElement>('[name]') ?? [];
      [...controls]
        .find((control) => errors[control.getAttribute('name') as ShowcaseField])
        ?.focus();
    },
    onValid: (checked) => {
      onAdd(checked.data);
      form.reset(EMPTY);
      toast.success(T.added);
    },
  });

  const field = (name: ShowcaseField) => ({
    name,
    ...form.text(name),
    maxLength: MAX_LENGTH[name],
    placeholder: T.placeholders[name],
    label: T.fields[name],
    // Checked by the form itself, so every missing field is named at once.
    'aria-required': true as const,
  });

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">{T.addTitle}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.addHint}</p>
      <Form ref={formRef} noValidate onSubmit={handleSubmit} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...field('title')} autoComplete="off" />
          <TextField {...field('category')} list={`${id}-categories`} autoComplete="off" />
          <TextField {...field('geo')} autoComplete="off" />
          <TextField {...field('payout')} autoComplete="off" />
        </div>
        <datalist id={`${id}-categories`}>
          {CATEGORY_SUGGESTIONS.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <TextAreaField {...field('description')} rows={2} />
        <Button type="submit" className="sm:self-end">
          <Plus aria-hidden="true" />
          {T.add}
        </Button>
      </Form>
    </Card>
  );
}
