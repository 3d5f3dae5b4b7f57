import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { InfoSection } from '../info-texts';

const linkClass = 'font-medium text-brand underline-offset-4 hover:underline';

/** A page of headed sections (Help, Terms, Privacy). */
export function InfoPage({
  texts,
  children,
}: {
  texts: {
    documentTitle: string;
    title: string;
    intro: string;
    updated?: string;
    sections: readonly InfoSection[];
  };
  children?: ReactNode;
}) {
  useDocumentTitle(texts.documentTitle);
  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight">{texts.title}</h1>
      {texts.updated ? <p className="mt-2 text-sm text-muted-foreground">{texts.updated}</p> : null}
      <p className="mt-4 text-lg text-muted-foreground">{texts.intro}</p>
      <Card className="mt-8 flex flex-col gap-8 p-5 sm:p-6">
        {texts.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-lg font-semibold">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-2 leading-relaxed text-muted-foreground">
                {p}
              </p>
            ))}
            {section.link ? (
              <p className="mt-2">
                <Link to={section.link.to} className={linkClass}>
                  {section.link.label}
                </Link>
              </p>
            ) : null}
          </section>
        ))}
      </Card>
      {children}
    </Container>
  );
}
