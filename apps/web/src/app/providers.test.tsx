import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { AppProviders } from './providers';
import { getLoadedQueryClient, withQueryClient } from './query-client-loader';

function Probe() {
  const client = useQueryClient();
  return <p>{client === getLoadedQueryClient() ? 'the app client' : 'another client'}</p>;
}

describe('AppProviders without a client of its own (as main.tsx renders it)', () => {
  it('paints before TanStack Query has loaded, and gives lazy components loaded with withQueryClient the app client', async () => {
    expect(getLoadedQueryClient()).toBeUndefined();
    // Without withQueryClient, Probe would render before the client exists and throw.
    const LazyProbe = lazy(withQueryClient(async () => ({ default: Probe })));

    render(
      <AppProviders>
        <p>layout</p>
        <Suspense fallback={<p>page loading</p>}>
          <LazyProbe />
        </Suspense>
      </AppProviders>,
    );

    expect(screen.getByText('layout')).toBeInTheDocument();
    expect(await screen.findByText('the app client')).toBeInTheDocument();
    expect(getLoadedQueryClient()).toBeDefined();
  });
});

describe('AppProviders and toasts', () => {
  it('loads no <Toaster> (sonner) until the first toast, then shows that toast', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    // jsdom's document has loaded: before, the Toaster mounted then, toast or not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      document.querySelector('[data-sonner-toaster], section[aria-label^="Notifications"]'),
    ).toBeNull();

    toast.success('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(document.querySelector('section[aria-label^="Notifications"]')).not.toBeNull();
  });
});
