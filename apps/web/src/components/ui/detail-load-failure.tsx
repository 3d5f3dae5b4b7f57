import CircleAlert from 'lucide-react/icons/circle-alert';
import SearchX from 'lucide-react/icons/search-x';
import { Link } from 'react-router';
import { Button, buttonClasses } from './button';
import { Container } from './container';

interface DetailLoadFailureProps {
  /** The thing is not there (or not to be seen): no retry, a hint instead. */
  notFound: boolean;
  texts: { notFound: string; notFoundHint: string; failed: string; tryAgain: string };
  onRetry: () => void;
  retrying: boolean;
  /** Where the way out leads. */
  back: { to: string; label: string };
}

/** A detail page whose item could not be shown: not found, or failed with 'Try again'. */
export function DetailLoadFailure({
  notFound,
  texts,
  onRetry,
  retrying,
  back,
}: DetailLoadFailureProps) {
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto flex max-w-md flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6"
        >
          {notFound ? <SearchX /> : <CircleAlert />}
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">
          {notFound ? texts.notFound : texts.failed}
        </h1>
        {notFound ? <p className="mt-2 text-muted-foreground">{texts.notFoundHint}</p> : null}
        <div className="mt-8 flex flex-col gap-2 sm:flex-row">
          {notFound ? null : (
            <Button onClick={onRetry} disabled={retrying}>
              {texts.tryAgain}
            </Button>
          )}
          <Link to={back.to} className={buttonClasses({ variant: 'outline' })}>
            {back.label}
          </Link>
        </div>
      </div>
    </Container>
  );
}
