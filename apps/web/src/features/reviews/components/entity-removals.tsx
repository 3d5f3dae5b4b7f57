import ShieldX from 'lucide-react/icons/shield-x';
import { Link } from 'react-router';
import { PAGES } from '@trustlinks/contract/pages';
import { useEntityRemovals } from '../api/get-transparency';
import { REMOVALS_TEXT as T, TRANSPARENCY_TEXT } from '../reviews-texts';

/**
 * How many of a company's reviews our moderators removed, and why — counts only, never a text
 * (docs/decisions/054), with a link to the transparency report's method. Says nothing while it
 * loads or if the read fails: the reviews around it are what the page is for.
 */
export function EntityRemovals({ entityId }: { entityId: string }) {
  const { data } = useEntityRemovals(entityId);
  if (!data) return null;
  return (
    <aside
      aria-label={T.heading}
      className="mt-6 rounded-xl border border-border bg-muted/40 px-4 py-3 text-sm"
    >
      <p className="flex items-start gap-2">
        <ShieldX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {data.removed_total === 0 ? T.none : T.summary(data.removed_total)}{' '}
          <Link
            to={PAGES.transparency.path}
            className="font-medium text-brand hover:underline underline-offset-4"
          >
            {T.link}
          </Link>
        </span>
      </p>
      {data.removed.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-0.5 pl-6 text-muted-foreground">
          {data.removed.map(({ reason, count }) => (
            <li key={reason} className="flex justify-between gap-4 sm:max-w-md">
              <span>{TRANSPARENCY_TEXT.removalReasons[reason]}</span>
              <span className="font-medium tabular-nums text-foreground">{count}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
