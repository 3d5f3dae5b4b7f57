import type { ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { cn } from '../../../lib/cn';

// The frame of the auth screens (their fields and alerts are components/ui's).

type Tone = 'brand' | 'success' | 'danger' | 'warning';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  /** An icon shown in a round badge of this tone above the title. */
  icon?: ReactNode;
  tone?: Tone;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every auth screen sits in. */
export function AuthShell({
  title,
  subtitle,
  icon,
  tone = 'brand',
  children,
  footer,
}: AuthShellProps) {
  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <Card className="p-6 shadow-sm sm:p-8">
          <div className="mb-6 text-center">
            {icon ? (
              <div className="mb-4 flex justify-center">
                <IconBadge variant={tone}>{icon}</IconBadge>
              </div>
            ) : null}
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {subtitle ? <p className="mt-2 text-sm text-muted-foreground">{subtitle}</p> : null}
          </div>
          {children}
        </Card>
        {footer ? <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p> : null}
      </div>
    </Container>
  );
}

interface AuthNoticeProps extends Pick<AuthShellProps, 'title' | 'subtitle' | 'icon' | 'tone'> {
  /** What happened (an Alert, a status line). */
  message: ReactNode;
  /** The one way on: a full-width button-looking link. */
  link: { to: string; label: string };
}

/** An auth screen that only tells what happened and leads on (done, or a broken link). */
export function AuthNotice({ message, link, ...shell }: AuthNoticeProps) {
  return (
    <AuthShell {...shell}>
      {message}
      <Link to={link.to} className={buttonClasses({ className: 'mt-6 w-full' })}>
        {link.label}
      </Link>
    </AuthShell>
  );
}

/** An auth screen that waits (verifying, redirecting): a spinner, and its title announced. */
export function AuthWaiting({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  /** Ways out while waiting. */
  children?: ReactNode;
}) {
  return (
    <AuthShell
      title={title}
      subtitle={subtitle}
      tone="brand"
      icon={<LoaderCircle className="animate-spin" />}
    >
      <div role="status" className="sr-only">
        {title}
      </div>
      {children}
    </AuthShell>
  );
}

/** A round, tinted icon badge for the top of an auth card. */
function IconBadge({ variant, children }: { variant: Tone; children: ReactNode }) {
  const tones = {
    brand: 'bg-brand-soft text-brand-soft-foreground',
    success: 'bg-success-soft text-success-soft-foreground',
    danger: 'bg-danger-soft text-danger-soft-foreground',
    warning: 'bg-warning-soft text-warning-soft-foreground',
  } as const;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-12 items-center justify-center rounded-full [&_svg]:size-6',
        tones[variant],
      )}
    >
      {children}
    </span>
  );
}

export const linkClass = 'font-medium text-brand underline-offset-4 hover:underline';
