import Compass from 'lucide-react/icons/compass';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NOT_FOUND_TEXT as T } from '../not-found-texts';

/** Any address no route knows: says so, instead of silently showing the home page. */
export function NotFoundPage() {
  useDocumentTitle(T.documentTitle);
  return (
    <Container className="flex max-w-xl flex-col items-center py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-7"
      >
        <Compass />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand">404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight">{T.title}</h1>
      <p className="mt-3 text-muted-foreground">{T.body}</p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {T.home}
      </Link>
      <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        {T.links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="font-medium text-brand underline-offset-4 hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}
