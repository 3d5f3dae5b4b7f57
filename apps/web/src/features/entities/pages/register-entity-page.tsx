import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationSidePanel } from '../components/registration-side-panel';
import { REGISTER_TEXT as T } from '../entities-texts';

/** Entity registration (docs/product/entities.md#registration): open to anyone, no login needed. */
export function RegisterEntityPage() {
  useDocumentTitle(T.documentTitle);
  return (
    <Container className="py-10 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
        <p className="mt-2 text-muted-foreground">{T.subtitle}</p>
      </header>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <RegistrationForm />
        <div className="lg:sticky lg:top-20">
          <RegistrationSidePanel />
        </div>
      </div>
    </Container>
  );
}
