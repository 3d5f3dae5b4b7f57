import CircleHelp from 'lucide-react/icons/circle-help';
import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import { Link } from 'react-router';
import { CATEGORY_RATING_KEYS } from '@trustlinks/contract/constants';
import { CATEGORY_LABELS, type TrustSummary } from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import { useEntityTrust } from '../api/get-entity-trust';
import { TRUST_TEXT as T } from '../reviews-texts';

const score = (n: number) => (n > 0 ? n.toFixed(1) : T.na);

/** Quality, Support, Reliability, Payment Speed sub-scores as bars (docs/decisions/012). */
export function SubScores({ trust, compact }: { trust: TrustSummary; compact?: boolean }) {
  return (
    <dl
      aria-label={T.subScoresLabel}
      className={
        compact
          ? 'flex flex-wrap gap-x-4 gap-y-1 text-sm'
          : 'grid grid-cols-1 gap-x-8 gap-y-2 sm:grid-cols-2'
      }
    >
      {CATEGORY_RATING_KEYS.map((key) => {
        const value = trust.sub_scores[key];
        return compact ? (
          <div key={key} className="flex items-center gap-1.5">
            <dt className="text-muted-foreground">{CATEGORY_LABELS[key]}</dt>
            <dd className="font-semibold tabular-nums">{score(value)}</dd>
          </div>
        ) : (
          <div key={key} className="text-sm">
            <dt className="text-muted-foreground">{CATEGORY_LABELS[key]}</dt>
            <dd className="mt-1 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
              >
                <span
                  className="block h-full rounded-full bg-star"
                  style={{ width: `${(value / 5) * 100}%` }}
                />
              </span>
              <span className="w-7 text-right font-semibold tabular-nums">{score(value)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function HowTrustScoreWorksLink() {
  return (
    <Link
      to="/trustscore"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline underline-offset-4"
    >
      <CircleHelp aria-hidden="true" className="size-4" />
      {T.howItWorks}
    </Link>
  );
}

/**
 * The entity page's TrustScore card (docs/decisions/012): the score with the count behind it, the four
 * sub-scores, the owner's reply rate to negative reviews and the median time to a first reply,
 * and a link to 'How TrustScore works'. Composed into the entity page by app/router.tsx.
 */
export function TrustScoreCard({ entityId }: { entityId: string }) {
  const trust = useEntityTrust(entityId);
  if (trust.isPending) return <Skeleton className="h-44 rounded-xl" />;
  if (trust.isError) {
    return (
      <Alert variant="danger">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{T.loadFailed}</span>
          <Button size="sm" variant="outline" onClick={() => void trust.refetch()}>
            {T.retry}
          </Button>
        </div>
      </Alert>
    );
  }
  const t = trust.data;
  const none = t.total_reviews === 0;
  const r = t.responsiveness;
  return (
    <Card className="p-5 sm:p-6" aria-labelledby={`trust-${entityId}`}>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="md:w-56 md:shrink-0">
          <h2 id={`trust-${entityId}`} className="text-sm font-medium text-muted-foreground">
            {T.title}
          </h2>
          {none ? (
            <p className="mt-1 text-2xl font-semibold tracking-tight">{T.noRatings}</p>
          ) : (
            <>
              <p className="mt-1 flex items-baseline gap-1.5">
                <span className="text-4xl font-semibold tracking-tight tabular-nums">
                  {t.reputation_score.toFixed(1)}
                </span>
                <span className="text-muted-foreground">{T.outOf}</span>
              </p>
              <StarRating value={t.reputation_score} size="md" className="mt-1" />
              <p className="mt-1 text-sm text-muted-foreground">{T.basedOn(t.total_reviews)}</p>
            </>
          )}
          <div className="mt-3">
            <HowTrustScoreWorksLink />
          </div>
        </div>
        <div className="min-w-0 flex-1">
          {none ? null : <SubScores trust={t} />}
          <div className={none ? '' : 'mt-5 border-t border-border pt-4'}>
            <p className="flex items-center gap-2 text-sm font-medium">
              <MessageSquareReply aria-hidden="true" className="size-4 text-muted-foreground" />
              {T.responsiveness}
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">{T.responsivenessHint}</p>
            <p className="mt-2 text-sm">
              {r.negative_reviews === 0 ? T.noNegative : T.replyRate(r.replied, r.negative_reviews)}
            </p>
            {r.negative_reviews > 0 ? (
              <p className="text-sm text-muted-foreground">
                {r.median_first_reply_hours === null
                  ? T.noReplies
                  : T.medianReply(r.median_first_reply_hours)}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}
