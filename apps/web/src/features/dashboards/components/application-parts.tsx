import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Application, ApplicationStatus } from '@trustlinks/contract/applications';
import { APPLICATION_STATUSES } from '@trustlinks/contract/applications';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { APPLICATIONS_TEXT as T } from '../dashboards-texts';
import { TrackingStats } from './tracking-stats';
import { YourTerms } from '../../../components/deals/your-terms';

const STATUS_VARIANTS: Record<ApplicationStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
  revoked: 'danger',
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

interface ApplicationCardProps {
  app: Application;
  /** Beside the status badge. */
  badges?: ReactNode;
  /** The heading's link: the offer applied to, or the applicant. */
  title: { to: string; text: string };
  /** After the heading's link, inside the heading. */
  byline?: ReactNode;
  /** The "Label: value" lines before the message and the note. */
  details: ReactNode;
  /** Between the details and the tracking stats. */
  extra?: ReactNode;
  /** Shown while the application is pending (withdraw; approve and reject). */
  pendingActions: ReactNode;
  /** Shown while the application is approved (the owner's Revoke). */
  approvedActions?: ReactNode;
}

/**
 * One application, made or received alike (docs/decisions/014): status, heading, details, the message and
 * the owner's note, once approved its own clicks, conversions and EPC, and while pending its
 * actions.
 */
export function ApplicationCard({
  app,
  badges,
  title,
  byline,
  details,
  extra,
  pendingActions,
  approvedActions,
}: ApplicationCardProps) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <ApplicationStatusBadge status={app.status} />
        {badges}
      </div>
      <h3 className="leading-snug font-semibold break-words">
        <Link
          to={title.to}
          className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {title.text}
        </Link>
        {byline}
      </h3>
      <dl className="flex flex-col gap-1.5">
        {details}
        {app.message ? (
          <Detail label={T.message}>
            <span className="whitespace-pre-line">{app.message}</span>
          </Detail>
        ) : null}
        {app.decision_note ? <Detail label={T.note}>{app.decision_note}</Detail> : null}
      </dl>
      {app.status === 'approved' || app.status === 'pending' ? (
        <YourTerms terms={app.terms} />
      ) : null}
      {extra}
      {app.status === 'approved' ? (
        <TrackingStats
          clicks={app.click_count}
          conversions={app.conversion_count}
          payoutTotal={app.payout_total}
        />
      ) : null}
      {app.status === 'pending' ? pendingActions : null}
      {app.status === 'approved' ? approvedActions : null}
    </Card>
  );
}
