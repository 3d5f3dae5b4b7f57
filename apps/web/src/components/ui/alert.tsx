import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AlertVariant = 'danger' | 'success' | 'warning' | 'info';

const variants: Record<AlertVariant, string> = {
  danger: 'border-danger/30 bg-danger-soft text-danger-soft-foreground',
  success: 'border-success/30 bg-success-soft text-success-soft-foreground',
  warning: 'border-warning/40 bg-warning-soft text-warning-soft-foreground',
  info: 'border-brand/30 bg-brand-soft text-brand-soft-foreground',
};

export interface AlertProps {
  variant: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alert' for errors that should be announced at once (the default for danger); else 'status'. */
  role?: 'alert' | 'status';
}

/**
 * A tinted message box (banner) inside the page. Focusable so a form can move focus to it.
 * The ref is passed on to the box (forwardRef, from the Preact days of decision 018; valid React 19).
 */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { variant, title, children, className, role },
  ref,
) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={role ?? (variant === 'danger' ? 'alert' : 'status')}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm outline-none',
        variants[variant],
        className,
      )}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={cn(title ? 'mt-1' : undefined)}>{children}</div> : null}
    </div>
  );
});
