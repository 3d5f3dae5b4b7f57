import ExternalLink from 'lucide-react/icons/external-link';
import type { ReactNode } from 'react';
import type { Entity } from '@trustlinks/contract/entities';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { capitalize } from '../../../lib/user-display';
import { ENTITY_CHANGE_TEXT as C, DETAIL_TEXT as T } from '../admin-texts';
import { useDecideEntityChange } from '../api/decide-entity-change';
import { EntityStatusBadge } from './entity-status-badge';
import { EntityWarningsSection } from './entity-warnings-section';
import { formatMoney } from '../../../lib/format-number';

// ---- value formatting: every missing value reads 'N/A' (docs/product/admin.md) ----------------------------

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim() || T.na;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return T.na;
}

function list(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return items.length ? items.join(', ') : T.na;
  }
  return text(value);
}

/** A decimal commission (0.1 means 10%) as a percentage. */
function commission(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return text(value);
  return `${Math.round(value * 10_000) / 100}%`;
}

function money(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return text(value);
  return formatMoney(value);
}

function ExternalUrl({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value.trim()) return <>{T.na}</>;
  let safe: string | null = null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') safe = url.toString();
  } catch {
    safe = null;
  }
  if (!safe) return <>{value}</>;
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium break-all text-brand underline-offset-4 hover:underline"
    >
      {value}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
    </a>
  );
}

// ---- layout ------------------------------------------------------------------------------------

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-border pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>;
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function TypeDetails({ entity }: { entity: Entity }) {
  const m = entity.entity_metadata;
  if (entity.entity_type === 'advertiser') {
    return (
      <Section title={T.advertiserSection}>
        <Fields>
          <Field label={T.companyName}>{text(m.company_name)}</Field>
          <Field label={T.programName}>{text(m.program_name)}</Field>
          <Field label={T.category}>{text(m.program_category)}</Field>
          <Field label={T.paymentTerms}>{text(m.payment_terms)}</Field>
          <Field label={T.advertisingVerticals}>{list(m.industries)}</Field>
          <Field label={T.referralCommission}>{commission(m.referral_commission)}</Field>
          <Field label={T.payoutTypes}>{list(m.payout_types)}</Field>
          <Field label={T.signupUrl}>
            <ExternalUrl value={m.signup_url} />
          </Field>
        </Fields>
      </Section>
    );
  }
  if (entity.entity_type === 'affiliate') {
    return (
      <Section title={T.affiliateSection}>
        <Fields>
          <Field label={T.trafficSources}>{list(m.traffic_provided_geos)}</Field>
          <Field label={T.verticals}>{list(m.verticals)}</Field>
          <Field label={T.monthlyRevenue}>{text(m.monthly_revenue)}</Field>
        </Fields>
      </Section>
    );
  }
  return (
    <Section title={T.networkSection}>
      <Fields>
        <Field label={T.verticals}>{list(m.verticals)}</Field>
        <Field label={T.minimumPayout}>{money(m.minimum_payout)}</Field>
        <Field label={T.referralCommission}>{commission(m.referral_commission)}</Field>
        <Field label={T.paymentModels}>{list(m.supported_models)}</Field>
        <Field label={T.signupUrl}>
          <ExternalUrl value={m.signup_url} />
        </Field>
      </Fields>
    </Section>
  );
}

/**
 * An owner's waiting change of name, website, email or sign-up URL (where 'Join' sends visitors),
 * side by side with the approved values.
 */
function PendingChange({ entity }: { entity: Entity }) {
  const decide = useDecideEntityChange();
  const change = entity.pending_change;
  if (!change) return null;
  const approvedSignup = entity.entity_metadata?.signup_url;
  const rows = [
    { label: T.name, current: entity.name, requested: change.name, url: false },
    { label: T.website, current: entity.website, requested: change.website, url: true },
    { label: T.email, current: entity.email, requested: change.email, url: false },
    {
      label: T.signupUrl,
      current: typeof approvedSignup === 'string' ? approvedSignup : null,
      requested: change.signup_url ?? null,
      url: true,
    },
  ].filter((r) => r.requested !== null);
  const busy = decide.isPending ? decide.variables?.decision : undefined;

  function handleDecision(decision: 'accept' | 'reject') {
    decide.mutateAsync({ id: entity.entity_id, decision }).then(
      () => toast.success(decision === 'accept' ? C.accepted : C.rejected),
      // The server's reason when it gives one (a name taken meanwhile is a 409).
      (error: unknown) => toast.error(serverMessage(error) ?? C.failed),
    );
  }

  return (
    <section
      aria-label={C.section}
      className="rounded-lg border border-warning/40 bg-warning-soft/40 p-4"
      data-testid="entity-pending-change"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">{C.section}</h3>
        <span className="text-xs text-muted-foreground">
          {C.requestedOn(formatDate(change.requested_at, T.na))}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{C.hint}</p>
      <dl className="mt-3 grid gap-3">
        {rows.map((r) => (
          <div key={r.label} className="grid gap-1 sm:grid-cols-[7rem_1fr_1fr] sm:gap-3">
            <dt className="text-xs font-medium text-muted-foreground sm:pt-0.5">{r.label}</dt>
            <dd className="text-sm break-words">
              <span className="block text-xs text-muted-foreground">{C.current}</span>
              {r.url ? <ExternalUrl value={r.current} /> : text(r.current)}
            </dd>
            <dd className="text-sm font-medium break-words">
              <span className="block text-xs font-normal text-muted-foreground">{C.requested}</span>
              {r.url ? <ExternalUrl value={r.requested} /> : text(r.requested)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => handleDecision('accept')}>
          {busy === 'accept' ? C.accepting : C.accept}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={decide.isPending}
          onClick={() => handleDecision('reject')}
        >
          {busy === 'reject' ? C.rejecting : C.reject}
        </Button>
      </div>
    </section>
  );
}

interface EntityDetailDialogProps {
  entity: Entity | null;
  onClose: () => void;
}

/** The admin's full view of one entity (docs/product/admin.md "Entity detail modal"). */
export function EntityDetailDialog({ entity, onClose }: EntityDetailDialogProps) {
  return (
    <Dialog open={entity !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {entity ? (
        <DialogContent
          size="xl"
          title={entity.name}
          description={`${T.title} · ${capitalize(entity.entity_type)}`}
          footer={
            <DialogClose asChild>
              <Button variant="outline">{T.close}</Button>
            </DialogClose>
          }
        >
          <div className="flex flex-col gap-5">
            <PendingChange entity={entity} />
            <Section title={T.basicInfo}>
              <Fields>
                <Field label={T.name}>{text(entity.name)}</Field>
                <Field label={T.email}>{text(entity.contact_info.email || entity.email)}</Field>
                <Field label={T.phone}>{text(entity.contact_info.phone)}</Field>
                <Field label={T.teams}>{text(entity.contact_info.teams)}</Field>
                <Field label={T.linkedin}>{text(entity.contact_info.linkedin)}</Field>
                <Field label={T.telegram}>{text(entity.contact_info.telegram)}</Field>
                <Field label={T.skype}>{text(entity.contact_info.skype)}</Field>
                <Field label={T.address}>{text(entity.contact_info.address)}</Field>
                <Field label={T.website}>
                  <ExternalUrl value={entity.website} />
                </Field>
                <Field label={T.created}>{formatDate(entity.created_at, T.na)}</Field>
              </Fields>
            </Section>

            <Section title={T.statusSection}>
              <Fields>
                <Field label={T.status}>
                  <EntityStatusBadge status={entity.verification_status} />
                </Field>
                <Field label={T.lastUpdated}>{formatDate(entity.updated_at, T.na)}</Field>
                {entity.verification_status === 'approved' ? (
                  <Field label={T.userAccount} wide>
                    {entity.user_account_created ? T.accountCreated : T.accountNotCreated}
                    {entity.user_account_created && entity.email ? (
                      <span className="mt-0.5 block text-xs text-muted-foreground">
                        {T.loginEmailSentTo} {entity.email}
                      </span>
                    ) : null}
                  </Field>
                ) : null}
              </Fields>
            </Section>

            {entity.description ? (
              <Section title={T.description}>
                <p className="text-sm whitespace-pre-line">{entity.description}</p>
              </Section>
            ) : null}
            {entity.additional_notes ? (
              <Section title={T.additionalNotes}>
                <p className="text-sm whitespace-pre-line">{entity.additional_notes}</p>
              </Section>
            ) : null}

            <TypeDetails entity={entity} />
            <EntityWarningsSection entityId={entity.entity_id} />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
