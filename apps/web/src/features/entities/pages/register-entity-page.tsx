import { useState } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationSidePanel } from '../components/registration-side-panel';
import { REGISTER_TEXT as T } from '../entities-texts';

/**
 * Entity registration (docs/product/entities.md#registration): open to anyone, no login needed. After sending, a
 * confirmation says what happened and what comes next (issue 24); the form can start over.
 */
export function RegisterEntityPage() {
  useDocumentTitle(T.documentTitle);
  const [registered, setRegistered] = useState<{ email: string; name: string } | null>(null);
  if (registered) {
    return (
      <Container className="max-w-2xl py-10 sm:py-14">
        <Card className="p-6 sm:p-8">
          <div className="flex items-start gap-4">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground [&_svg]:size-6"
            >
              <CircleCheck />
            </span>
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight">{T.doneTitle}</h1>
              <p className="mt-2">{T.doneBody(registered.name)}</p>
              <p className="mt-2 text-muted-foreground">{T.doneMail(registered.email)}</p>
              <p className="mt-2 text-muted-foreground">{T.doneNext}</p>
              <div className="mt-6 flex flex-col gap-2 sm:flex-row">
                <Link to="/" className={buttonClasses()}>
                  {T.doneHome}
                </Link>
                <Button variant="outline" onClick={() => setRegistered(null)}>
                  {T.doneAnother}
                </Button>
              </div>
            </div>
          </div>
        </Card>
      </Container>
    );
  }
  return (
    <Container className="py-10 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
        <p className="mt-2 text-muted-foreground">{T.subtitle}</p>
      </header>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <RegistrationForm onRegistered={setRegistered} />
        <div className="lg:sticky lg:top-20">
          <RegistrationSidePanel />
        </div>
      </div>
    </Container>
  );
}
