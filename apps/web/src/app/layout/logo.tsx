import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** Two interlocking links inside a rounded square: the TrustLinks mark. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8', className)}
    >
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <g fill="none" strokeWidth="2.6" strokeLinecap="round" className="stroke-brand-foreground">
        <path d="M14.2 11.6 16 9.8a4.4 4.4 0 0 1 6.2 6.2l-2.6 2.6a4.4 4.4 0 0 1-6.2 0" />
        <path d="M17.8 20.4 16 22.2a4.4 4.4 0 0 1-6.2-6.2l2.6-2.6a4.4 4.4 0 0 1 6.2 0" />
      </g>
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight text-foreground',
        className,
      )}
    >
      <LogoMark />
      {/* Between md and lg the nav links need the room; the name stays for screen readers. */}
      <span className="md:max-lg:sr-only">TrustLinks</span>
    </Link>
  );
}
