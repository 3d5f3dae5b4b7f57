import ArrowRight from 'lucide-react/icons/arrow-right';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle?: ReactNode;
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

interface CardGridSectionProps<T> {
  /** The section's id; its heading's is `${id}-title`. */
  id: string;
  /** The section's background and spacing. */
  className: string;
  content: { title: string; subtitle: ReactNode; viewAll: { label: string; to: string } };
  /** The grid's columns. */
  gridClassName: string;
  /** The cards' data; undefined while it loads (skeleton cards), [] shows `empty`. */
  items: readonly T[] | undefined;
  /** How many skeleton cards stand in while loading. */
  loadingCount: number;
  /** What an empty list says. */
  empty: string;
  itemKey: (item: T) => string;
  /** The inside of one item's card. */
  children: (item: T) => ReactNode;
}

/** A landing section of cards: its heading with 'View all', then the cards in a grid. */
export function CardGridSection<T>({
  id,
  className,
  content,
  gridClassName,
  items,
  loadingCount,
  empty,
  itemKey,
  children,
}: CardGridSectionProps<T>) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('below-fold', className)}>
      <Container>
        <SectionHeading
          id={`${id}-title`}
          title={content.title}
          subtitle={content.subtitle}
          link={content.viewAll}
        />
        {items && items.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {empty}
          </p>
        ) : (
          <ul className={cn('mt-8 grid gap-5', gridClassName)} aria-busy={items ? undefined : true}>
            {items
              ? items.map((item) => (
                  <li key={itemKey(item)}>
                    <Card className="flex h-full flex-col p-5">{children(item)}</Card>
                  </li>
                ))
              : Array.from({ length: loadingCount }, (_, i) => (
                  <li key={i}>
                    <Skeleton className="h-64 rounded-xl" />
                  </li>
                ))}
          </ul>
        )}
      </Container>
    </section>
  );
}

/** A card's closing link, full width at its foot; `name` tells which card it acts on. */
export function CardAction({
  link,
  name,
  variant,
}: {
  link: { label: string; to: string };
  name: string;
  variant: 'primary' | 'outline';
}) {
  return (
    <div className="mt-auto pt-5">
      <Link
        to={link.to}
        className={buttonClasses({ variant, className: 'w-full' })}
        aria-label={`${link.label}: ${name}`}
      >
        {link.label}
      </Link>
    </div>
  );
}
