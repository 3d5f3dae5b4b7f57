import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { WARNING_BANNER_TEXT as T, type WarningKind } from '@trustlinks/contract/warning-kinds';
import { formatDate } from '../../lib/format-date';
import { cn } from '../../lib/cn';

export interface PublicWarningView {
  warning_id: string;
  kind: WarningKind;
  public_text: string;
  warning_date: string;
}

/**
 * The public warnings an admin placed on an entity (docs/decisions/012), shown on its page and on its
 * offers until lifted. Nothing when there are none.
 */
export function PublicWarningBanner({
  warnings,
  className,
}: {
  warnings: readonly PublicWarningView[] | undefined;
  className?: string;
}) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <section aria-label={T.region} className={cn('flex flex-col gap-2', className)}>
      {warnings.map((w) => (
        <div
          key={w.warning_id}
          role="note"
          className="flex gap-3 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger-soft-foreground"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{T.title(w.kind)}</p>
            <p className="mt-0.5 break-words whitespace-pre-line">{w.public_text}</p>
            <p className="mt-1 text-xs opacity-80">
              {T.since(formatDate(`${w.warning_date}T12:00:00Z`, w.warning_date))}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}
