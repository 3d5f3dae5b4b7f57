import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { Role } from '@trustlinks/contract/constants';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import type { DashboardPageProps } from '../components/dashboard-parts';
import { json, stubApi } from '../../../test/fetch';
import { AdvertiserDashboardPage } from './advertiser-dashboard-page';
import { AffiliateDashboardPage } from './affiliate-dashboard-page';
import { NetworkDashboardPage } from './network-dashboard-page';

const PAGES: Array<[Role, string, ComponentType<DashboardPageProps>, string, string]> = [
  [
    'advertiser',
    '/advertiser-dashboard',
    AdvertiserDashboardPage,
    'Advertiser Dashboard',
    'Access denied. Advertiser role required.',
  ],
  [
    'affiliate',
    '/affiliate-dashboard',
    AffiliateDashboardPage,
    'Affiliate Dashboard',
    'Access denied. Affiliate role required.',
  ],
  [
    'network',
    '/network-dashboard',
    NetworkDashboardPage,
    'Network Dashboard',
    'Access denied. Network role required.',
  ],
];
const ROLES: Role[] = ['user', 'advertiser', 'affiliate', 'network', 'admin'];

function renderAt(path: string, Page: ComponentType<DashboardPageProps>) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={<Page />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route: path },
  );
}

describe.each(PAGES)('the %s dashboard', (role, path, Page, title, denied) => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /offers/fetch_all': () => json(200, { offers: [] }),
      'GET /offers/offer-requests': () => json(200, { success: true, requests: [] }),
      'GET /offers/offer-requests/user/u-1': () => json(200, { success: true, requests: [] }),
      'GET /offers/entity/e-1': () => json(200, { offers: [] }),
    });
  });

  it('sends visitors, and sessions owing a password reset, to /login', async () => {
    const view = renderAt(path, Page);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    view.unmount();
    saveSession({
      token: 't',
      user: buildUser({ role, entity_id: 'e-1' }),
      password_reset_required: true,
    });
    renderAt(path, Page);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
  });

  it.each(ROLES.filter((r) => r !== role))('denies the %s role', async (other) => {
    saveSession({ token: 't', user: buildUser({ role: other, entity_id: 'e-9' }) });
    renderAt(path, Page);
    expect(screen.getByRole('alert')).toHaveTextContent(denied);
    expect(screen.queryByRole('heading', { name: title })).toBeNull();
  });

  it(`opens for the ${role} role, with the reviews placeholder until a panel is given`, async () => {
    saveSession({ token: 't', user: buildUser({ role, entity_id: 'e-1' }) });
    const user = userEvent.setup();
    const view = renderAt(path, Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText('Entity Reviews')).toBeVisible();
    view.unmount();

    renderWithProviders(<Page reviewsTab={<p>The reviews panel</p>} />, { route: path });
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText('The reviews panel')).toBeVisible();
  });
});
