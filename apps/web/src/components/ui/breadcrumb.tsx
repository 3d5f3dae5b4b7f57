import { Fragment } from 'react';
import type { ReactNode } from 'react';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';

interface BreadcrumbProps {
  /** The nav's accessible name and the first crumb's label ('Breadcrumb', 'Home'). */
  texts: { label: string; home: string };
  /** Links between Home and the current page (the offer page's entity). */
  trail?: ReadonlyArray<{ to: string; label: string; state?: unknown }>;
  current: ReactNode;
}

const linkClass = 'truncate rounded-sm underline-offset-4 hover:text-foreground hover:underline';

function Separator() {
  return (
    <li aria-hidden="true" className="shrink-0">
      <ChevronRight className="size-4" />
    </li>
  );
}

/** Home / … / the current page, above a detail page's heading. */
export function Breadcrumb({ texts, trail = [], current }: BreadcrumbProps) {
  return (
    <nav aria-label={texts.label} className="mb-5 text-sm">
      <ol className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
        <li className="shrink-0">
          <Link to="/" className={linkClass}>
            {texts.home}
          </Link>
        </li>
        {trail.map((crumb) => (
          <Fragment key={crumb.to}>
            <Separator />
            <li className="min-w-0 max-w-[40%] truncate">
              <Link to={crumb.to} state={crumb.state} className={linkClass}>
                {crumb.label}
              </Link>
            </li>
          </Fragment>
        ))}
        <Separator />
        <li aria-current="page" className="min-w-0 truncate font-medium text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
