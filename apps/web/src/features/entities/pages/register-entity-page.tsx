import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmationCard } from '../../../components/ui/confirmation-card';
import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationSidePanel } from '../components/registration-side-panel';
import { REGISTER_TEXT as T } from '../entities-texts';

/**
 * Entity registration (docs/product/entities.md#registration): open to anyone, no login needed. After sending, a
 * confirmation says what happened and what comes next (docs/decisions/027); the form can start over.
 */
export function RegisterEntityPage() {
  useDocumentTitle(T.documentTitle);
  const [registered, setRegistered] = useState<{ email: string; name: string } | null>(null);
  if (registered) {
    return (
      <Container className="max-w-2xl py-10 sm:py-14">
        <ConfirmationCard
          title={T.doneTitle}
          headingLevel={1}
          actions={
            <>
              <Link to="/" className={buttonClasses()}>
                {T.doneHome}
              </Link>
              <Button variant="outline" onClick={() => setRegistered(null)}>
                {T.doneAnother}
              </Button>
            </>
          }
        >
          <p className="mt-2">{T.doneBody(registered.name)}</p>
          <p className="mt-2 text-muted-foreground">{T.doneMail(registered.email)}</p>
          <p className="mt-2 text-muted-foreground">{T.doneNext}</p>
        </ConfirmationCard>
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
