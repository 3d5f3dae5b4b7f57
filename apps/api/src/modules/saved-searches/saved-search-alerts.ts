import { offerFiltersSchema, type OfferFiltersOutput } from '@trustlinks/contract/offers';
import {
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_MESSAGES,
  offerFiltersQueryString,
} from '@trustlinks/contract/saved-searches';
import type { Db } from '../../db/client';
import type { SavedSearchRow } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { savedSearchDigestMail } from '../../mail/templates';
import { notify } from '../notifications/notifications.service';
import { countNewMatches } from '../offers/offers.service';
import { claimDueSearches, markChecked } from './saved-searches.repository';

// Saved-search alerts (docs/decisions/028-offer-word-search.md): once a day per user
// (SAVED_SEARCH_ALERT_PERIOD_MS),
// each saved search is run as the explorer runs it, limited to the offers created since it was
// last checked (the feed index's created_at range), and counted up to a cap. Searches with new
// offers get a bell entry each and, per the notification preferences, one digest mail.

/** Users whose searches one transaction checks (each has at most SAVED_SEARCH_LIMITS.perUser). */
const USERS_PER_BATCH = 50;
/** Batches per run: a run is bounded; what is left is due at the next run. */
const BATCHES_PER_RUN = 20;

const newOffersText = (n: number) =>
  n > SAVED_SEARCH_LIMITS.newOffersCap
    ? `${SAVED_SEARCH_LIMITS.newOffersCap}+ new offers`
    : `${n} new offer${n === 1 ? '' : 's'}`;

/** The stored filters, read again through the schema (a search saved before a rule changed). */
function storedFilters(row: SavedSearchRow): OfferFiltersOutput | null {
  const parsed = offerFiltersSchema.safeParse(row.filters);
  return parsed.success ? parsed.data : null;
}

/** One run of the alerts; returns the number of bell entries made. `now` is the clock (tests). */
export async function runSavedSearchAlerts(
  deps: Pick<Deps, 'db' | 'config' | 'wakeMailer'>,
  now: Date = new Date(),
): Promise<number> {
  let alerts = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const { claimed, made } = await deps.db.transaction(async (tx) => {
      const dueBefore = new Date(now.getTime() - deps.config.SAVED_SEARCH_ALERT_PERIOD_MS);
      const searches = await claimDueSearches(tx, dueBefore, USERS_PER_BATCH);
      const byUser = new Map<string, { row: SavedSearchRow; count: number; query: string }[]>();
      for (const row of searches) {
        const filters = storedFilters(row);
        if (!filters) continue;
        const count = await countNewMatches(
          tx,
          filters,
          { after: row.checkedUntil, upTo: now },
          SAVED_SEARCH_LIMITS.newOffersCap + 1,
        );
        if (!count) continue;
        const list = byUser.get(row.userId) ?? [];
        list.push({ row, count, query: offerFiltersQueryString(filters) });
        byUser.set(row.userId, list);
      }
      let made = 0;
      const appUrl = deps.config.APP_URL;
      for (const [userId, hits] of byUser) {
        for (const [index, hit] of hits.entries()) {
          await notify(tx, deps, {
            type: 'saved_search_alert',
            to: { userIds: [userId] },
            title: `${newOffersText(hit.count)} for “${hit.row.name}”`,
            body: `New offers match your saved search “${hit.row.name}”.`,
            link: `/offers?${hit.query}`,
            // The first entry carries the user's one digest mail; the others are in app only.
            ...(index === 0
              ? {
                  mail: (recipient, unsubscribe) =>
                    savedSearchDigestMail({
                      firstName: recipient.firstName,
                      subject: SAVED_SEARCH_MESSAGES.digestSubject,
                      searches: hits.map((h) => ({
                        name: h.row.name,
                        newOffers: newOffersText(h.count),
                        url: `${appUrl}/offers?${h.query}`,
                      })),
                      unsubscribe,
                    }),
                }
              : { alreadyMailed: [userId] }),
          });
          made++;
        }
      }
      await markChecked(
        tx,
        searches.map((s) => s.id),
        now,
      );
      return { claimed: searches.length, made };
    });
    alerts += made;
    if (made) deps.wakeMailer();
    if (!claimed) break;
  }
  return alerts;
}

/** Runs the alerts every few minutes in the background (started with the mail worker). */
export class SavedSearchAlertWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'config' | 'wakeMailer'> & { db: Db },
    private readonly log: { warn: (obj: unknown, msg: string) => void },
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = runSavedSearchAlerts(this.deps)
        .catch((err: unknown) => this.log.warn({ err }, 'saved-search alerts failed'))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.deps.config.SAVED_SEARCH_ALERT_POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
