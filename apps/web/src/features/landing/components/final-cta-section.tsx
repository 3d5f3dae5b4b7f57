import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { FINAL_CTA } from '../landing-content';

export function FinalCtaSection() {
  return (
    <section
      id="get-started"
      aria-labelledby="get-started-title"
      className="below-fold pb-20 sm:pb-24"
    >
      <Container>
        <div className="rounded-3xl bg-brand px-6 py-14 text-center text-brand-foreground sm:px-12 sm:py-16 dark:border dark:border-border dark:bg-brand-soft dark:text-foreground">
          <h2
            id="get-started-title"
            className="mx-auto max-w-2xl text-2xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            {FINAL_CTA.title}
          </h2>
          <p className="mx-auto mt-3 max-w-xl opacity-90 dark:text-muted-foreground dark:opacity-100">
            {FINAL_CTA.text}
          </p>
          <Link
            to={FINAL_CTA.button.to}
            className={buttonClasses({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            {FINAL_CTA.button.label}
            <ArrowRight aria-hidden="true" />
          </Link>
          <p className="mt-4 text-sm opacity-90 dark:text-muted-foreground dark:opacity-100">
            {FINAL_CTA.note}
          </p>
        </div>
      </Container>
    </section>
  );
}
