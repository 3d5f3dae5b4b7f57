import type { Db } from '../../../db/client';
import { DAY_MS } from '../../../lib/time';
import { findReview, lockEntity } from '../reviews.repository';
import { countMaturedVotes, reviewsWithMaturedVotes } from '../review-votes.repository';
import {
  recomputeEntityReviewStats,
  refreshPlatformMeans,
  stalestTrustScores,
} from './trust.repository';

// The background upkeep the TrustScores need (docs/decisions/012-trustscore-and-swarm-guard.md).

/**
 * One pass of upkeep, safe on several instances at once (every step is idempotent):
 * 1. the platform's mean ratings (the prior) from the published reviews;
 * 2. votes of accounts that have come of age since they voted are counted in;
 * 3. the stalest TrustScores (older than a day) are recomputed, as reviews age and weigh less.
 */
export async function runTrustUpkeep(
  db: Db,
  priorReviews: number,
  batch = 100,
): Promise<{ votesCounted: number; rescored: number }> {
  await refreshPlatformMeans(db);
  const matured = await reviewsWithMaturedVotes(db, batch);
  for (const reviewId of matured) {
    await db.transaction(async (tx) => {
      const review = await findReview(tx, reviewId, { forUpdate: true });
      if (review) await countMaturedVotes(tx, review.id);
    });
  }
  const stale = await stalestTrustScores(db, new Date(Date.now() - DAY_MS), batch);
  for (const entityId of stale) {
    await db.transaction(async (tx) => {
      if (await lockEntity(tx, entityId)) {
        await recomputeEntityReviewStats(tx, entityId, priorReviews);
      }
    });
  }
  return { votesCounted: matured.length, rescored: stale.length };
}

/** Runs runTrustUpkeep every `intervalMs` in the background (started with the app). */
export class TrustWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly options: {
      db: Db;
      priorReviews: number;
      intervalMs: number;
      log: { warn: (obj: unknown, msg: string) => void };
    },
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = runTrustUpkeep(this.options.db, this.options.priorReviews)
        .catch((err: unknown) => this.options.log.warn({ err }, 'trust upkeep failed'))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
