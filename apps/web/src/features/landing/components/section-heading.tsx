import ArrowRight from 'lucide-react/icons/arrow-right';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle?: string;
  link?: { label: string; to: string };
}

/** A section's h2 (its id names the section for assistive technology) and its "view all" link. */
export function SectionHeading({ id, title, subtitle, link }: SectionHeadingProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <h2 id={id} className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
      </div>
      {link ? (
        <Link
          to={link.to}
          className="group inline-flex shrink-0 items-center gap-1.5 rounded-md text-sm font-semibold text-brand hover:text-brand-hover"
        >
          {link.label}
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </Link>
      ) : null}
    </div>
  );
}

/** Label/value row used inside the sample cards. */
export function DetailRow({
  icon,
  label,
  value,
}: {
  icon: ReactNode;
  label: string;
  value: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <dt className="flex items-center gap-2 text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}
