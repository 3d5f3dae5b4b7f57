import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildApplication, buildOwnOffer, buildUser, offersPage } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { AdvertiserDashboardPage } from '../pages/advertiser-dashboard-page';
import { AffiliateDashboardPage } from '../pages/affiliate-dashboard-page';
import { json, stubApi } from '../../../test/fetch';

const pagination = (total: number) => ({
  page: 1,
  limit: 20,
  total,
  totalPages: 1,
  hasNextPage: false,
  hasPreviousPage: false,
});

/**
 * The advertiser's Applications tab showing `app`; deciding it must send `decision`, and the
 * server then answers `message` with the decided application.
 */
function ownerDecides(
  app: ReturnType<typeof buildApplication>,
  decision: { status: string; note: string },
  message: string,
) {
  saveSession({
    token: 't',
    user: buildUser({ user_id: 'u-adv', role: 'advertiser', entity_id: 'adv-entity' }),
  });
  const state = { app };
  const api = stubApi({
    'GET /offers/entity/adv-entity': () => json(200, { offers: [] }),
    'GET /offers/offer-requests': () => json(200, { success: true, requests: [] }),
    'GET /offers/applications': () =>
      json(200, { applications: [state.app], pagination: pagination(1) }),
    [`PUT /offers/applications/${app.application_id}`]: (call) => {
      expect(call.body).toEqual(decision);
      state.app = { ...app, status: decision.status, decision_note: decision.note } as typeof app;
      return json(200, { message, application: state.app });
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<AdvertiserDashboardPage />, {
    route: '/advertiser-dashboard?tab=applications',
  });
  return { api, user };
}

describe('applications on the dashboards (decision 014)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('lets the owner approve a pending application with a note, showing the TrustScore', async () => {
    const { api, user } = ownerDecides(
      buildApplication({ traffic_sources: 'Native ads on news sites, US only.' }),
      { status: 'approved', note: 'Weekly caps: 500' },
      'Application approved. The applicant now has a tracking link.',
    );
    const card = (await screen.findByRole('link', { name: 'Northwind Traffic' })).closest('li')!;
    expect(within(card).getByText('TrustScore 4.3')).toBeVisible();
    // What the applicant said of its traffic, for the owner who decides (decision 051).
    expect(within(card).getByText('Native ads on news sites, US only.')).toBeVisible();
    expect(within(card).getByText('US push traffic, 20k a day.')).toBeVisible();
    expect(api.calls.find((c) => c.path === '/offers/applications')?.query.get('status')).toBe(
      'pending',
    );
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this application?' });
    await user.type(within(dialog).getByLabelText(/Note to the applicant/), 'Weekly caps: 500');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Application approved. The applicant now has a tracking link.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets the owner revoke an approved application, asking for the reason (decision 025)', async () => {
    const { api, user } = ownerDecides(
      buildApplication({ status: 'approved' }),
      { status: 'revoked', note: 'Incentivised traffic' },
      'Application revoked. Its tracking link no longer works.',
    );
    const card = (await screen.findByRole('link', { name: 'Northwind Traffic' })).closest('li')!;
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this application?' });
    // Without a reason nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      within(dialog).getByText(
        'Please say why you revoke this application (the note is sent to the applicant).',
      ),
    ).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.type(
      within(dialog).getByLabelText('Reason, sent to the applicant'),
      'Incentivised traffic',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('Application revoked. Its tracking link no longer works.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the applicant its applications with the tracking link and its own numbers', async () => {
    saveSession({
      token: 't',
      user: buildUser({ user_id: 'u-aff', role: 'affiliate', entity_id: 'aff-entity' }),
    });
    const approved = buildApplication({
      status: 'approved',
      tracking_url: 'http://localhost:3000/go/abcdefghijklmnopqrstuvwx',
      click_count: 4,
      conversion_count: 1,
      payout_total: 45,
    });
    const pending = buildApplication({ offer_title: 'Crypto Signup' });
    const api = stubApi({
      'GET /offers/offer-requests/user/u-aff': () => json(200, { success: true, requests: [] }),
      'GET /offers/fetch_all': () => json(200, offersPage([buildOwnOffer()])),
      'GET /offers/applications/mine': () =>
        json(200, { applications: [approved, pending], pagination: pagination(2) }),
      [`PUT /offers/applications/${pending.application_id}`]: () =>
        json(200, {
          message: 'Application withdrawn.',
          application: { ...pending, status: 'withdrawn' },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AffiliateDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'My Applications' }));
    expect(await screen.findByTestId('tracking-link')).toHaveTextContent(
      'http://localhost:3000/go/abcdefghijklmnopqrstuvwx',
    );
    expect(screen.getByText('25.0%')).toBeVisible();
    expect(screen.getByText('$11.25')).toBeVisible();
    const pendingCard = screen.getByRole('link', { name: 'Crypto Signup' }).closest('li')!;
    await user.click(within(pendingCard).getByRole('button', { name: 'Withdraw' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }),
    );
    expect(await screen.findByText('Application withdrawn.')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(true);
  });
});
