import type { ReactNode } from 'react';
import type { ApplicationStatus } from '@trustlinks/contract/applications';
import { APPLICATION_STATUSES } from '@trustlinks/contract/applications';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { APPLICATIONS_TEXT as T } from '../dashboards-texts';

const STATUS_VARIANTS: Record<ApplicationStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{T.statusLabels[status]}</Badge>;
}

/** All / Pending / Approved / Rejected / Withdrawn, as a row of toggle buttons. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: ApplicationStatus | undefined;
  onChange: (status: ApplicationStatus | undefined) => void;
}) {
  const options: { value: ApplicationStatus | undefined; label: string }[] = [
    { value: undefined, label: T.filterAll },
    ...APPLICATION_STATUSES.map((s) => ({ value: s, label: T.statusLabels[s] })),
  ];
  return (
    <div role="group" aria-label={T.filterLabel} className="flex flex-wrap gap-1.5">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              active
                ? 'border-brand bg-brand text-brand-foreground'
                : 'border-border text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

/** "Label: value" lines of an application card. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
