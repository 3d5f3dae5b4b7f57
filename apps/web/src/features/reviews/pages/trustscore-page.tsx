import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router';
import { PAGES } from '@trustlinks/contract/pages';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TRUSTSCORE_PAGE_TEXT as T } from '../reviews-texts';

/** /trustscore: 'How TrustScore works', linked from every entity page's rating (docs/decisions/012). */
export function TrustScorePage() {
  useDocumentTitle(T.documentTitle);
  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-6"
        >
          <ShieldCheck />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
      </div>
      <p className="mt-4 text-lg text-muted-foreground">{T.intro}</p>
      <Card className="mt-8 p-5 sm:p-6">
        <p className="rounded-lg bg-muted/60 px-4 py-3 font-mono text-sm break-words">
          TrustScore = (7 × platform average + Σ weight × rating) ÷ (7 + Σ weight)
        </p>
        <div className="mt-6 flex flex-col gap-6">
          {T.sections.map((s) => (
            <section key={s.heading}>
              <h2 className="text-lg font-semibold">{s.heading}</h2>
              <p className="mt-1 leading-relaxed text-muted-foreground">{s.body}</p>
            </section>
          ))}
          <section>
            <h2 className="text-lg font-semibold">{T.warningsHeading}</h2>
            <p className="mt-1 leading-relaxed text-muted-foreground">{T.warningsBody}</p>
          </section>
        </div>
      </Card>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/review" className="font-medium text-brand hover:underline underline-offset-4">
          {T.back}
        </Link>
        <Link
          to={PAGES.transparency.path}
          className="font-medium text-brand hover:underline underline-offset-4"
        >
          {T.transparency}
        </Link>
      </p>
    </Container>
  );
}
