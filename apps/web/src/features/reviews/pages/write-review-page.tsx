import { useState } from 'react';
import LogIn from 'lucide-react/icons/log-in';
import PenLine from 'lucide-react/icons/pen-line';
import { Link, useSearchParams } from 'react-router';
import type { ReviewWithMessage } from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmationCard } from '../../../components/ui/confirmation-card';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { dashboardPathForRole, useSession } from '../../../lib/session';
import { entityPath, verifyIdentityPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicEntity } from '../../../lib/api/entities';
import { ReviewForm } from '../components/review-form';
import { INVITE_TEXT, WRITE_TEXT as T } from '../reviews-texts';

/**
 * Write review (docs/product/reviews.md#write-a-review, also at /write-review). Visitors get a prompt to log in or sign up;
 * logged-in users the form. `?entity_id=` (from an entity page) preselects the company.
 */
export function WriteReviewPage() {
  useDocumentTitle(T.documentTitle);
  const session = useSession();
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <div className="mb-6 flex items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-6"
          >
            <PenLine />
          </span>
          <div>
            <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
            <p className="mt-1 text-muted-foreground">{T.subtitle}</p>
          </div>
        </div>
        {session ? <WriteReview role={session.user.role} /> : <LoginPrompt />}
      </div>
    </Container>
  );
}

function LoginPrompt() {
  return (
    <Card className="flex flex-col items-center p-8 text-center sm:p-10">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6"
      >
        <LogIn />
      </span>
      <h2 className="mt-4 text-xl font-semibold">{T.loginTitle}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{T.loginBody}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link to="/login" className={buttonClasses()}>
          {T.logIn}
        </Link>
        <Link to="/signup" className={buttonClasses({ variant: 'outline' })}>
          {T.signUp}
        </Link>
      </div>
    </Card>
  );
}

/** After a review is sent, the page moves to the confirmation (docs/decisions/027): the form was long. */
function scrollIntoViewOnce(node: HTMLDivElement | null) {
  if (!node) return;
  node.scrollIntoView?.({ block: 'start' });
  node.focus({ preventScroll: true });
}

function WriteReview({ role }: { role: string }) {
  const [params] = useSearchParams();
  const preselectedId = params.get('entity_id');
  // An invitation's link (docs/decisions/057) names the company and carries its token.
  const invitation = params.get('invitation');
  const preselected = usePublicEntity(preselectedId);
  const [done, setDone] = useState<ReviewWithMessage | null>(null);
  const [round, setRound] = useState(0);

  if (done) {
    const review = done.review;
    const published = review.review_status === 'approved';
    return (
      <div ref={scrollIntoViewOnce} tabIndex={-1} className="scroll-mt-24 outline-none">
        <ConfirmationCard
          title={T.doneTitle}
          actions={
            <>
              {published ? (
                <Link
                  to={entityPath(review.entity_slug)}
                  state={{ entityName: review.entity_name }}
                  className={buttonClasses()}
                >
                  {T.viewEntity(review.entity_name)}
                </Link>
              ) : null}
              {dashboardPathForRole(role) === '/user-dashboard' ? (
                <Link to="/user-dashboard" className={buttonClasses({ variant: 'outline' })}>
                  {T.myReviews}
                </Link>
              ) : null}
              <Button
                variant="ghost"
                onClick={() => {
                  setDone(null);
                  setRound((n) => n + 1);
                }}
              >
                {T.writeAnother}
              </Button>
            </>
          }
        >
          <Alert
            variant={review.review_status === 'flagged' ? 'warning' : 'success'}
            className="mt-3"
          >
            {done.message}
            {/* Held because the account is new: the way out is to verify (docs/decisions/027). */}
            {done.message === T.heldNewAccount ? (
              <>
                {' '}
                <Link to={verifyIdentityPath} className="font-medium underline underline-offset-2">
                  {T.verifyIdentity}
                </Link>
              </>
            ) : null}
          </Alert>
        </ConfirmationCard>
      </div>
    );
  }

  if (preselectedId && preselected.isPending) {
    return <Skeleton className="h-[40rem] rounded-xl" />;
  }
  return (
    <Card className="p-5 sm:p-8">
      {invitation && round === 0 ? (
        <Alert variant="info" className="mb-5">
          {INVITE_TEXT.invitedNotice}
        </Alert>
      ) : null}
      <ReviewForm
        key={`${round}-${preselectedId ?? ''}`}
        initialEntity={round === 0 ? (preselected.data?.entity ?? null) : null}
        invitation={round === 0 ? invitation : null}
        onSubmitted={setDone}
      />
    </Card>
  );
}
