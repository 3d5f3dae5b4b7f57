import type { ReactNode } from 'react';
import { Container } from '../ui/container';

/** The frame of an offer list page (the explorer, the advertisers' wishlist): its heading above. */
export function OfferListLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container className="py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted-foreground">{subtitle}</p>
      </header>
      {children}
    </Container>
  );
}
