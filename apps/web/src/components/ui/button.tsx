import { forwardRef } from 'react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'inverse' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium ' +
  'transition-colors duration-150 select-none disabled:pointer-events-none disabled:opacity-50 ' +
  'aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-foreground shadow-sm hover:bg-brand-hover',
  secondary: 'bg-brand-soft text-brand-soft-foreground hover:bg-brand-soft/70',
  outline: 'border border-border bg-card text-foreground shadow-xs hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  // Destructive actions: the soft pair keeps AA contrast in both themes.
  danger:
    'border border-danger/30 bg-danger-soft text-danger-soft-foreground shadow-xs hover:bg-danger-soft/70',
  // On a brand-coloured panel (light theme); that panel is dark-neutral in the dark theme,
  // where the button is the primary one again.
  inverse:
    'bg-brand-foreground text-brand shadow-sm hover:bg-brand-foreground/90 ' +
    'dark:bg-brand dark:text-brand-foreground dark:hover:bg-brand-hover',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm [&_svg]:size-4',
  md: 'h-10 px-4 text-sm [&_svg]:size-4',
  lg: 'h-12 px-6 text-base [&_svg]:size-5',
  icon: 'size-9 [&_svg]:size-[1.125rem]',
};

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Button classes, also for links that look like buttons: <Link className={buttonClasses()} />. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonStyleOptions = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * The ref is passed on to the <button>: the header's focus return and Radix's `asChild` triggers
 * need it (forwardRef, from the Preact days of decision 018; valid React 19).
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses({ variant, size, className })}
      {...props}
    />
  );
});
