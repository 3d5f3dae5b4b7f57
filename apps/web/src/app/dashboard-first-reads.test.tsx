import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { getSession, saveSession } from '../lib/session';
import { buildOfferRequest, buildOwnOffer, buildPublicEntity, buildUser } from '../test/factories';
import { json, stubApi } from '../test/fetch';
import { prefetchFirstReads } from '../features/dashboards/first-reads';
import { AdvertiserDashboardPage } from '../features/dashboards/pages/advertiser-dashboard-page';
import { AffiliateDashboardPage } from '../features/dashboards/pages/affiliate-dashboard-page';

// A dashboard's first reads start beside its code (app/router.tsx DashboardRoute) with the page's
// own query options: the page then shows them and asks for none of them again.

const EMPTY_PAGE = {
  applications: [],
  pagination: {
    page: 1,
    limit: 20,
    total: 0,
    totalPages: 0,
    hasNextPage: false,
    hasPreviousPage: false,
  },
};

const pathsOf = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET').map((c) => c.path);

describe('prefetchFirstReads', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("reads an advertiser's offers, open requests and pending count once; the page reads none again", async () => {
    saveSession({
      token: 't',
      user: buildUser({ user_id: 'u-adv', role: 'advertiser', entity_id: 'adv-entity' }),
    });
    const api = stubApi({
      'GET /offers/entity/adv-entity': () =>
        json(200, { offers: [buildOwnOffer({ title: 'Prefetched Offer' })] }),
      'GET /offers/offer-requests': () => json(200, { success: true, requests: [] }),
      'GET /offers/applications': () => json(200, EMPTY_PAGE),
      'GET /entities/public/adv-entity': () =>
        json(200, {
          entity: buildPublicEntity({ entity_id: 'adv-entity', verification_status: 'approved' }),
        }),
    });
    const client = createQueryClient();
    await prefetchFirstReads(client, 'advertiser', getSession()!, '');
    const first = pathsOf(api.calls).sort();
    expect(first).toEqual([
      '/entities/public/adv-entity',
      '/offers/applications',
      '/offers/entity/adv-entity',
      '/offers/offer-requests',
    ]);

    render(
      <AppProviders queryClient={client}>
        <MemoryRouter>
          <AdvertiserDashboardPage />
        </MemoryRouter>
      </AppProviders>,
    );
    // Shown at once: the data was there before the page rendered, the badge card above the tabs
    // too (it does not push them down later).
    expect(screen.getByText('Prefetched Offer')).toBeVisible();
    expect(screen.getByTestId('trust-badge')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    for (const path of first) expect(pathsOf(api.calls).filter((p) => p === path)).toHaveLength(1);
  });

  it("reads an affiliate's own requests and the Available Offers with the address's filters", async () => {
    saveSession({
      token: 't',
      user: buildUser({ user_id: 'u-aff', role: 'affiliate', entity_id: 'aff-entity' }),
    });
    const api = stubApi({
      'GET /offers/offer-requests/user/u-aff': () =>
        json(200, {
          success: true,
          requests: [buildOfferRequest({ vertical: 'Prefetched Vertical' })],
        }),
      'GET /offers/fetch_all': () => json(200, { offers: [] }),
    });
    const client = createQueryClient();
    await prefetchFirstReads(client, 'affiliate', getSession()!, '?tab=offers&geo=DE');
    expect(pathsOf(api.calls).sort()).toEqual([
      '/entities/public/aff-entity',
      '/offers/fetch_all',
      '/offers/offer-requests/user/u-aff',
    ]);
    expect(api.calls.find((c) => c.path === '/offers/fetch_all')!.query.getAll('geo')).toEqual([
      'DE',
    ]);

    render(
      <AppProviders queryClient={client}>
        <MemoryRouter>
          <AffiliateDashboardPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByText('Prefetched Vertical')).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(
      pathsOf(api.calls).filter((p) => p === '/offers/offer-requests/user/u-aff'),
    ).toHaveLength(1);
  });
});
