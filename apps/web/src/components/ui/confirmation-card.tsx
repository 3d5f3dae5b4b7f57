import CircleCheck from 'lucide-react/icons/circle-check';
import type { ReactNode } from 'react';
import { Card } from './card';

/**
 * What a form ends on once it was sent (docs/decisions/027: forms say what happened): a check, the heading,
 * what happened and comes next (`children`), and where to go from here (`actions`). The company
 * registration and the review form share it.
 */
export function ConfirmationCard({
  title,
  headingLevel = 2,
  children,
  actions,
}: {
  title: string;
  /** 1 when the confirmation replaces the whole page, 2 when the page keeps its own heading. */
  headingLevel?: 1 | 2;
  children: ReactNode;
  actions: ReactNode;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground [&_svg]:size-6"
        >
          <CircleCheck />
        </span>
        <div className="min-w-0">
          <Heading
            className={
              headingLevel === 1 ? 'text-2xl font-semibold tracking-tight' : 'text-xl font-semibold'
            }
          >
            {title}
          </Heading>
          {children}
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">{actions}</div>
        </div>
      </div>
    </Card>
  );
}
