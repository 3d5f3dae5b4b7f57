import type { ReactNode } from 'react';
import Activity from 'lucide-react/icons/activity';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Globe from 'lucide-react/icons/globe';
import Layers from 'lucide-react/icons/layers';
import Mail from 'lucide-react/icons/mail';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Wallet from 'lucide-react/icons/wallet';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import { Link } from 'react-router';
import type { OfferRequest, Priority } from '@trustlinks/contract/offer-requests';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { budgetText, cardGeos, dailyVolumeText, priorityOf } from '../request-display';
import { priorityBadgeText, WISHLIST_TEXT as T } from '../wishlist-texts';

const PRIORITY_VARIANTS: Record<Priority, BadgeVariant> = {
  high: 'danger',
  medium: 'warning',
  low: 'neutral',
};

/** How the card's contact button behaves for the viewer (see the page). */
export type ContactMode = 'contact' | 'login' | 'not-allowed' | 'own';

interface RequestCardProps {
  request: OfferRequest;
  contactMode: ContactMode;
  onContact: (request: OfferRequest) => void;
}

interface DetailProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  /** Spans both columns. */
  wide?: boolean;
}

function Detail({ icon, label, children, wide }: DetailProps) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <span aria-hidden="true" className="[&_svg]:size-3.5">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-sm break-words">{children}</dd>
    </div>
  );
}

function listOrFallback(items: readonly string[]): string {
  return items.length ? items.join(', ') : T.notSpecified;
}

/** One offer request on the wishlist (docs/product/offers.md#affiliates-wishlist cards). */
export function RequestCard({ request, contactMode, onContact }: RequestCardProps) {
  const priority = priorityOf(request);
  const geos = cardGeos(request.geos_targeting);
  const budget = budgetText(request.budget_range);
  const heading = request.title || request.user_name;
  const posted = formatDate(request.created_at);
  const verticals = request.vertical
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-semibold break-words">{heading}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {T.by} <span className="font-medium text-foreground">{request.entity_name}</span>
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {request.desired_payout_type}
            {posted ? (
              <>
                {' · '}
                {T.posted} <time dateTime={request.created_at}>{posted}</time>
              </>
            ) : null}
          </p>
        </div>
        <Badge variant={PRIORITY_VARIANTS[priority]} className="shrink-0">
          {priorityBadgeText(priority)}
        </Badge>
      </div>

      <dl className="mt-4 grid gap-3 border-t border-border pt-4 sm:grid-cols-2">
        <Detail icon={<Layers />} label={T.verticals}>
          {verticals.length ? (
            <span className="flex flex-wrap gap-1.5">
              {verticals.map((v) => (
                <Badge key={v} variant="brand">
                  {v}
                </Badge>
              ))}
            </span>
          ) : (
            T.notSpecified
          )}
        </Detail>
        <Detail icon={<Globe />} label={T.targetGeos}>
          {geos.shown.length ? (
            <span className="flex flex-wrap gap-1.5">
              {geos.shown.map((g) => (
                <Badge key={g} variant="outline">
                  {g}
                </Badge>
              ))}
              {geos.moreText ? (
                <Badge variant="neutral" title={request.geos_targeting.join(', ')}>
                  {geos.moreText}
                </Badge>
              ) : null}
            </span>
          ) : (
            T.noGeos
          )}
        </Detail>
        <Detail icon={<Activity />} label={T.dailyVolume}>
          <span className="font-semibold">{dailyVolumeText(request.traffic_volume)}</span>
        </Detail>
        <Detail icon={<BadgeDollarSign />} label={T.payoutType}>
          {request.desired_payout_type}
        </Detail>
        <Detail icon={<MousePointerClick />} label={T.trafficTypes}>
          {listOrFallback(request.traffic_type)}
        </Detail>
        <Detail icon={<MonitorSmartphone />} label={T.platforms}>
          {listOrFallback(request.platforms_used)}
        </Detail>
        {budget ? (
          <Detail icon={<Wallet />} label={T.budgetRange}>
            {budget}
          </Detail>
        ) : null}
        {request.notes ? (
          <Detail icon={<ClipboardList />} label={T.requirements} wide>
            <span className="line-clamp-4 whitespace-pre-line">{request.notes}</span>
          </Detail>
        ) : null}
      </dl>

      <div className="mt-auto pt-5">
        <ContactButton request={request} mode={contactMode} onContact={onContact} />
      </div>
    </Card>
  );
}

function ContactButton({
  request,
  mode,
  onContact,
}: {
  request: OfferRequest;
  mode: ContactMode;
  onContact: (request: OfferRequest) => void;
}) {
  const label = `${T.contact}: ${request.title}`;
  if (mode === 'login') {
    return (
      <Link
        to="/login"
        className={buttonClasses({ variant: 'outline', className: 'w-full' })}
        aria-label={`${T.loginToContact}: ${request.title}`}
      >
        <Mail aria-hidden="true" />
        {T.loginToContact}
      </Link>
    );
  }
  if (mode === 'own') {
    return (
      <Button variant="outline" className="w-full" disabled aria-label={label}>
        {T.ownRequest}
      </Button>
    );
  }
  return (
    <Button
      className="w-full"
      disabled={mode === 'not-allowed'}
      title={mode === 'not-allowed' ? T.roleNotice : undefined}
      aria-label={label}
      onClick={() => onContact(request)}
    >
      <Mail aria-hidden="true" />
      {T.contact}
    </Button>
  );
}
