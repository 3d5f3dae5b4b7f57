import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Ours (issue 25): the page of an address the app does not know, or of a missing entity or offer. */
export const NOT_FOUND_TEXT = {
  title: 'Page not found',
  body: 'There is nothing at this address. It may have been removed, or the link may be mistyped.',
  home: 'Go to the home page',
  offers: 'Browse offers',
} as const;

/**
 * An unknown address: the server answers it with status 404 and this page
 * (docs/decisions/021-server-rendering.md), the app shows the same after a navigation.
 */
export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TEXT.title);
  return (
    <Container className="flex flex-col items-center gap-4 py-20 text-center">
      <h1 className="text-3xl font-semibold tracking-tight">{NOT_FOUND_TEXT.title}</h1>
      <p className="max-w-prose text-muted-foreground">{NOT_FOUND_TEXT.body}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses()}>
          {NOT_FOUND_TEXT.home}
        </Link>
        <Link to="/offers" className={buttonClasses({ variant: 'outline' })}>
          {NOT_FOUND_TEXT.offers}
        </Link>
      </div>
    </Container>
  );
}
