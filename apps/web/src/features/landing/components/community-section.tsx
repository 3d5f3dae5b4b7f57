import Send from 'lucide-react/icons/send';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { COMMUNITY } from '../landing-content';

export function CommunitySection() {
  return (
    <section id="community" aria-labelledby="community-title" className="pb-16 sm:pb-20">
      <Container>
        <div className="flex flex-col items-start gap-6 rounded-2xl border border-border bg-brand-soft/60 p-6 sm:p-8 md:flex-row md:items-center">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-foreground"
          >
            <Send className="size-6" />
          </span>
          <div className="flex-1">
            <h2 id="community-title" className="text-xl font-semibold tracking-tight sm:text-2xl">
              {COMMUNITY.title}
            </h2>
            <p className="mt-1.5 max-w-2xl text-muted-foreground">{COMMUNITY.text}</p>
          </div>
          {/* docs/product/README.md#what-it-does: the messaging-group call to action has no action yet. */}
          <Button size="lg" className="w-full md:w-auto">
            {COMMUNITY.button}
          </Button>
        </div>
      </Container>
    </section>
  );
}
