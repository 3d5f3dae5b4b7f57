import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { cn } from '../../../lib/cn';

// Form pieces of the auth screens. (Candidates for components/ui once other features need them.)

export const inputClass =
  'h-10 w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs ' +
  'transition-colors placeholder:text-muted-foreground focus-visible:border-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** A message under the field; marks the field invalid. */
  error?: string | undefined;
}

export function TextField({ label, error, className, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type AlertVariant = 'danger' | 'success' | 'warning' | 'info';

const alertVariants: Record<AlertVariant, string> = {
  danger: 'border-danger/30 bg-danger-soft text-danger-soft-foreground',
  success: 'border-success/30 bg-success-soft text-success-soft-foreground',
  warning: 'border-warning/40 bg-warning-soft text-warning-soft-foreground',
  info: 'border-brand/30 bg-brand-soft text-brand-soft-foreground',
};

interface AlertProps {
  variant: AlertVariant;
  title?: string;
  children?: ReactNode;
  className?: string;
  /** 'alert' for errors that should be announced at once; 'status' for the rest. */
  role?: 'alert' | 'status';
}

export function Alert({ variant, title, children, className, role }: AlertProps) {
  return (
    <div
      role={role ?? (variant === 'danger' ? 'alert' : 'status')}
      className={cn('rounded-lg border px-4 py-3 text-sm', alertVariants[variant], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={cn(title && 'mt-1')}>{children}</div> : null}
    </div>
  );
}

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every auth screen sits in. */
export function AuthShell({ title, subtitle, icon, children, footer }: AuthShellProps) {
  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <Card className="p-6 shadow-sm sm:p-8">
          <div className="mb-6 text-center">
            {icon ? <div className="mb-4 flex justify-center">{icon}</div> : null}
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

/** A round, tinted icon badge for the top of an auth card. */
export function IconBadge({
  variant,
  children,
}: {
  variant: 'brand' | 'success' | 'danger' | 'warning';
  children: ReactNode;
}) {
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
