import Building2 from 'lucide-react/icons/building-2';
import Megaphone from 'lucide-react/icons/megaphone';
import Network from 'lucide-react/icons/network';
import type { ComponentType, SVGProps } from 'react';
import { ENTITY_TYPES } from '@trustlinks/contract/constants';
import type { EntityType } from '@trustlinks/contract/constants';
import { cn } from '../../../lib/cn';
import { ENTITY_TYPE_LABELS, REGISTER_TEXT as T } from '../entities-texts';

export const ENTITY_TYPE_ICONS: Record<EntityType, ComponentType<SVGProps<SVGSVGElement>>> = {
  advertiser: Building2,
  affiliate: Megaphone,
  network: Network,
};

interface EntityTypePickerProps {
  value: EntityType;
  onChange: (type: EntityType) => void;
  disabled?: boolean;
}

/** The entity type as three radio cards (one radio group: arrow keys move between them). */
export function EntityTypePicker({ value, onChange, disabled }: EntityTypePickerProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">{T.entityType}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {ENTITY_TYPES.map((type) => {
          const Icon = ENTITY_TYPE_ICONS[type];
          const checked = value === type;
          return (
            <label
              key={type}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'border-brand bg-brand-soft/60 text-foreground'
                  : 'border-border bg-background hover:bg-muted/60',
              )}
            >
              <input
                type="radio"
                name="entity_type"
                value={type}
                checked={checked}
                onChange={() => onChange(type)}
                // Invisible but covering the whole card: the card is the radio's click target.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-md [&_svg]:size-5',
                  checked ? 'bg-brand text-brand-foreground' : 'bg-muted text-muted-foreground',
                )}
              >
                <Icon />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold">{ENTITY_TYPE_LABELS[type]}</span>
                <span className="mt-0.5 block text-xs text-muted-foreground">
                  {T.typeDescriptions[type]}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
