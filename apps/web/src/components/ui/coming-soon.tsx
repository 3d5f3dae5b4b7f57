import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from './button';
import { Container } from './container';

interface ComingSoonProps {
  /** The page's name from the spec, shown as its h1. */
  title: string;
  description?: string;
}

/** Placeholder for a page that is not built yet; later work replaces each use. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-muted-foreground">This page is coming soon.</p>
        {description ? <p className="mt-2 text-sm text-muted-foreground">{description}</p> : null}
        <Link to="/" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
          Back to home
        </Link>
      </div>
    </Container>
  );
}
