import { PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { EntityType, PayoutType } from '@trustlinks/contract/constants';
import { checkboxClass, TextField } from '../../../components/ui/form-field';
import { METADATA_TEXT as M, REGISTER_TEXT as T } from '../entities-texts';
import { METADATA_FIELDS, PAYOUT_TYPES_FIELD } from '../registration-form-model';
import type { MetadataFieldDef, RegistrationErrors } from '../registration-form-model';

interface MetadataFieldsProps {
  type: EntityType;
  values: Record<string, string>;
  payoutTypes: PayoutType[];
  errors: RegistrationErrors;
  onChange: (key: string, value: string) => void;
  onPayoutTypesChange: (types: PayoutType[]) => void;
}

const GROUP_LEGENDS = { social: M.socialMedia, reference: M.referenceDetails } as const;

/** The type-specific fields of docs/product/data.md for the chosen entity type. */
export function MetadataFields({
  type,
  values,
  payoutTypes,
  errors,
  onChange,
  onPayoutTypesChange,
}: MetadataFieldsProps) {
  const fields = METADATA_FIELDS[type];
  const plain = fields.filter((f) => !f.group);
  const groups = (['social', 'reference'] as const)
    .map((group) => ({ group, fields: fields.filter((f) => f.group === group) }))
    .filter((g) => g.fields.length > 0);

  const renderField = (field: MetadataFieldDef) => (
    <TextField
      key={`${type}-${field.key}`}
      label={field.label}
      labelSuffix={T.optional}
      name={`entity_metadata.${field.key}`}
      type={
        field.kind === 'url'
          ? 'url'
          : field.kind === 'text' || field.kind === 'list'
            ? 'text'
            : 'number'
      }
      inputMode={
        field.kind === 'integer' ? 'numeric' : field.kind === 'decimal' ? 'decimal' : undefined
      }
      min={field.min}
      max={field.max}
      step={field.step}
      placeholder={field.placeholder}
      hint={field.hint}
      value={values[field.key] ?? ''}
      error={errors[`entity_metadata.${field.key}`]}
      onChange={(e) => onChange(field.key, e.target.value)}
    />
  );

  function togglePayoutType(payoutType: PayoutType, checked: boolean) {
    const next = checked
      ? PAYOUT_TYPES.filter((t) => t === payoutType || payoutTypes.includes(t))
      : payoutTypes.filter((t) => t !== payoutType);
    onPayoutTypesChange(next);
  }

  const payoutError = errors[PAYOUT_TYPES_FIELD];

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">{plain.map(renderField)}</div>

      {type === 'advertiser' ? (
        <fieldset aria-describedby={payoutError ? 'payout-types-error' : undefined}>
          <legend className="text-sm font-medium">
            {M.payoutTypes}
            <span className="ml-1 font-normal text-muted-foreground">{T.optional}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {PAYOUT_TYPES.map((payoutType) => (
              <label
                key={payoutType}
                className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft/60"
              >
                <input
                  type="checkbox"
                  name="entity_metadata.payout_types"
                  value={payoutType}
                  checked={payoutTypes.includes(payoutType)}
                  onChange={(e) => togglePayoutType(payoutType, e.target.checked)}
                  className={checkboxClass}
                />
                {payoutType}
              </label>
            ))}
          </div>
          {payoutError ? (
            <p id="payout-types-error" className="mt-1.5 text-sm text-danger">
              {payoutError}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {groups.map(({ group, fields: groupFields }) => (
        <fieldset key={group}>
          <legend className="text-sm font-medium">{GROUP_LEGENDS[group]}</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-3">{groupFields.map(renderField)}</div>
        </fieldset>
      ))}
    </div>
  );
}
