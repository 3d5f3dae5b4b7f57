import { Container } from '../../../components/ui/container';
import { FIGURES } from '../landing-content';

export function FiguresSection() {
  return (
    <section id="trust-figures" aria-labelledby="trust-figures-title" className="py-16 sm:py-20">
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
              key={item.label}
              className="flex flex-col-reverse items-center bg-card px-4 py-6 text-center"
            >
              <dt className="mt-1 text-sm text-muted-foreground">{item.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-brand">{item.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
