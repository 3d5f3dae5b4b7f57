import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router';
import { roundFigure } from '@trustlinks/contract/round-figure';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLanding } from '../api/get-landing';
import { HERO } from '../landing-content';

export function HeroSection() {
  const { data } = useLanding();
  return (
    <section aria-labelledby="hero-title" className="hero-glow">
      <Container className="pt-14 pb-12 text-center sm:pt-24 sm:pb-16">
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
          <ShieldCheck aria-hidden="true" className="size-4 text-brand" />
          {data ? HERO.eyebrow(roundFigure(data.figures.approved_companies)) : HERO.eyebrowPlain}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {HERO.title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {HERO.subline}
        </p>
        <div className="mx-auto mt-8 flex max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          {HERO.actions.map((action) => (
            <Link
              key={action.to}
              to={action.to}
              className={buttonClasses({ variant: action.variant, size: 'lg' })}
            >
              {action.label}
            </Link>
          ))}
        </div>

        <ul className="mx-auto mt-14 grid max-w-3xl grid-cols-3 gap-3 sm:gap-5">
          {HERO.stats.map((stat) => (
            <li key={stat.key}>
              <Card className="flex h-full flex-col justify-center px-2 py-5 sm:px-6 sm:py-7">
                <p className="text-2xl font-bold tracking-tight text-brand sm:text-4xl">
                  {data ? (
                    roundFigure(data.figures[stat.key])
                  ) : (
                    <Skeleton className="mx-auto h-8 w-14 sm:h-10" />
                  )}
                </p>
                <p className="mt-1 text-xs font-medium text-muted-foreground sm:text-sm">
                  {stat.label}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
