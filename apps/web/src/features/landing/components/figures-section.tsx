import { roundFigure } from '@trustlinks/contract/round-figure';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLanding } from '../api/get-landing';
import { FIGURES } from '../landing-content';

/** The figures strip: six counts from the database, rounded down (GET /landing). */
export function FiguresSection() {
  const { data } = useLanding();
  return (
    <section
      id="trust-figures"
      aria-labelledby="trust-figures-title"
      className="below-fold py-16 sm:py-20"
    >
      <Container>
        <div className="text-center">
          <h2
            id="trust-figures-title"
            className="text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            {FIGURES.title}
          </h2>
          <p className="mt-2 text-muted-foreground">{FIGURES.subtitle}</p>
        </div>
        <dl className="mt-10 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-3 lg:grid-cols-6">
          {FIGURES.items.map((item) => (
            <div
              key={item.key}
              className="flex flex-col-reverse items-center bg-card px-4 py-6 text-center"
            >
              <dt className="mt-1 text-sm text-muted-foreground">{item.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-brand">
                {data ? roundFigure(data.figures[item.key]) : <Skeleton className="h-9 w-16" />}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
