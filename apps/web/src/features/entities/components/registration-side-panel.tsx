import CheckCircle2 from 'lucide-react/icons/circle-check';
import MailCheck from 'lucide-react/icons/mail-check';
import { ENTITY_TYPES } from '@trustlinks/contract/constants';
import { Card } from '../../../components/ui/card';
import { ENTITY_TYPE_LABELS, REGISTER_TEXT as T } from '../entities-texts';
import { ENTITY_TYPE_ICONS } from './entity-type-picker';

/** Beside the form (docs/product/entities.md#registration): why to register, and what the three entity types are. */
export function RegistrationSidePanel() {
  return (
    <aside aria-labelledby="register-benefits" className="flex flex-col gap-4">
      <Card className="p-5">
        <h2 id="register-benefits" className="text-base font-semibold">
          {T.benefitsTitle}
        </h2>
        <ul className="mt-3 flex flex-col gap-2.5">
          {T.benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2.5 text-sm">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className="p-5">
        <h2 className="text-base font-semibold">{T.typesTitle}</h2>
        <dl className="mt-3 flex flex-col gap-3">
          {ENTITY_TYPES.map((type) => {
            const Icon = ENTITY_TYPE_ICONS[type];
            return (
              // dt/dd directly in the div (a <dl> allows nothing else); the icon lives in the dt.
              <div key={type} className="relative min-h-8 pl-11">
                <dt className="text-sm font-semibold">
                  <span
                    aria-hidden="true"
                    className="absolute top-0 left-0 flex size-8 items-center justify-center rounded-md bg-brand-soft text-brand-soft-foreground [&_svg]:size-4"
                  >
                    <Icon />
                  </span>
                  {ENTITY_TYPE_LABELS[type]}
                </dt>
                <dd className="text-sm text-muted-foreground">{T.typeDescriptions[type]}</dd>
              </div>
            );
          })}
        </dl>
      </Card>

      <Card className="flex items-start gap-3 bg-muted/40 p-5">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <div>
          <h2 className="text-sm font-semibold">{T.afterTitle}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{T.afterText}</p>
        </div>
      </Card>
    </aside>
  );
}
