import { useState } from 'react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { BadgeTheme } from '@trustlinks/contract/seo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { usePublicEntity } from '../../../lib/api/entities';
import { badgePath, entityPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { BADGE_TEXT as T } from '../dashboards-texts';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML an owner pastes on its site: the badge image inside a link to the entity's page. */
export function badgeHtml(origin: string, slug: string, name: string, theme: BadgeTheme): string {
  const href = escapeAttribute(`${origin}${entityPath(slug)}`);
  const src = escapeAttribute(`${origin}${badgePath(slug, theme)}`);
  const alt = escapeAttribute(T.preview(name));
  return `<a href="${href}" target="_blank" rel="noopener"><img src="${src}" alt="${alt}" width="220" height="64"></a>`;
}

/**
 * The entity's embeddable badge with its copy-paste HTML (docs/decisions/022), in a card that opens
 * on a tap (docs/decisions/053). Only an approved entity has
 * one: while the public read fails (pending, rejected) the panel shows nothing.
 */
export function TrustBadgePanel() {
  const session = useSession();
  const entityId = session?.user.entity_id ?? null;
  const entity = usePublicEntity(entityId).data?.entity;
  const [theme, setTheme] = useState<BadgeTheme>('light');
  if (!entity || entity.verification_status !== 'approved') return null;

  const html = badgeHtml(window.location.origin, entity.slug, entity.name, theme);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(html);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  }

  // A collapsed card (docs/decisions/053): one line above the tabs until opened, so the
  // dashboard opens on its work, on a phone too.
  return (
    <Card className="mt-6 p-0" data-testid="trust-badge">
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl px-5 py-3 [&::-webkit-details-marker]:hidden">
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-brand" />
          <span className="min-w-0 flex-1">
            <h2 className="text-base font-semibold">{T.title}</h2>
            <span className="block truncate text-sm text-muted-foreground">{T.summary}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="flex flex-col gap-4 border-t border-border p-5 sm:flex-row sm:items-start">
          <div className="flex flex-col gap-3">
            <img
              src={badgePath(entity.slug, theme)}
              alt={T.preview(entity.name)}
              width={220}
              height={64}
            />
            <div role="group" aria-label={T.themeLabel} className="flex gap-2">
              {(['light', 'dark'] as const).map((value) => (
                <Button
                  key={value}
                  size="sm"
                  variant={theme === value ? 'secondary' : 'outline'}
                  aria-pressed={theme === value}
                  onClick={() => setTheme(value)}
                >
                  {T[value]}
                </Button>
              ))}
            </div>
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="text-sm text-muted-foreground">{T.description}</p>
            <label className="text-sm font-medium" htmlFor="trust-badge-html">
              {T.codeLabel}
            </label>
            <textarea
              id="trust-badge-html"
              readOnly
              value={html}
              rows={3}
              className="w-full resize-none rounded-md border border-input bg-muted p-2 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <div>
              <Button size="sm" onClick={() => void handleCopy()}>
                {T.copy}
              </Button>
            </div>
          </div>
        </div>
      </details>
    </Card>
  );
}
