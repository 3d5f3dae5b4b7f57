import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { saveSession } from '../../../lib/session';
import {
  buildApplication,
  buildBid,
  buildOfferRequest,
  buildOfferRequestBody,
  buildOwnOffer,
  buildPublicEntity,
  buildUser,
  offersPage,
} from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { json, stubApi } from '../../../test/fetch';
import { AffiliateDashboardPage } from './affiliate-dashboard-page';

const USER = buildUser({ user_id: 'u-aff', role: 'affiliate', entity_id: 'aff-entity' });

function setup(requests: OfferRequest[] = []) {
  saveSession({ token: 't', user: USER });
  const state = { requests: [...requests] };
  const api = stubApi({
    'GET /offers/offer-requests/user/u-aff': () =>
      json(200, { success: true, requests: state.requests }),
    'GET /offers/fetch_all': () => json(200, { offers: [] }),
  });
  return { api, state, user: userEvent.setup() };
}

async function fillRequiredRequestFields(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog', { name: 'Create Offer Request' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  await user.type(field('Title'), 'LATAM COD traffic');
  await user.type(field('Vertical'), 'COD');
  await user.type(field('Target GEOs'), 'MX, CO ,PE');
  await user.type(field('Traffic Types'), 'Social, Native');
  await user.type(field('Platforms Used'), 'Facebook');
  await user.type(field('Daily Traffic Volume'), '60000');
  await user.selectOptions(field('Desired Payout Type'), 'CPL');
  return dialog;
}

describe('AffiliateDashboardPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows 'No requests created yet.' without requests", async () => {
    setup();
    renderWithProviders(<AffiliateDashboardPage />);
    expect(await screen.findByText('No requests created yet.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /My Requests/ })).toHaveTextContent('My Requests0');
  });

  it('opens on its work: Saved searches is a tab of its own (not under every tab), the badge a closed card', async () => {
    const { api, user } = setup();
    api.handlers['GET /saved-searches'] = () =>
      json(200, {
        saved_searches: [
          {
            saved_search_id: 's-1',
            name: 'Nutra in DE',
            query: 'category=Nutra&geo=DE',
            created_at: '2026-11-01T10:00:00.000Z',
          },
        ],
      });
    api.handlers['GET /entities/public/aff-entity'] = () =>
      json(200, { entity: buildPublicEntity({ entity_id: 'aff-entity', name: 'Aff Media' }) });
    renderWithProviders(<AffiliateDashboardPage />);

    expect(await screen.findByText('No requests created yet.')).toBeVisible();
    // The badge: a one-line card, closed until asked for.
    const badge = await screen.findByTestId('trust-badge');
    const details = badge.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(badge).getByText('Your TrustLinks badge')).toBeInTheDocument();
    await user.click(within(badge).getByText('Your TrustLinks badge'));
    expect(details.open).toBe(true);
    expect(within(badge).getByRole('img', { name: 'Aff Media on TrustLinks' })).toBeVisible();

    // The saved searches show in their tab only.
    expect(screen.queryByRole('link', { name: 'Nutra in DE' })).not.toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(-2)).toEqual(['Saved searches', 'Reviews']);
    await user.click(screen.getByRole('tab', { name: 'Saved searches' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Nutra in DE' })).toHaveAttribute(
      'href',
      '/offers?category=Nutra&geo=DE',
    );
    expect(screen.getAllByRole('heading', { name: 'Saved searches' })).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: /My Requests/ }));
    expect(screen.queryByRole('link', { name: 'Nutra in DE' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Saved searches' })).not.toBeInTheDocument();
  });

  it('lists requests in cards with status badges (active green, fulfilled blue, other grey)', async () => {
    setup([
      buildOfferRequest({ title: 'Open one', request_status: 'active', bid_count: 2 }),
      buildOfferRequest({ title: 'Done one', request_status: 'fulfilled', bid_count: 0 }),
      buildOfferRequest({ title: 'Shut one', request_status: 'closed' }),
    ]);
    renderWithProviders(<AffiliateDashboardPage />);

    const card = (title: string) =>
      within(screen.getByRole('heading', { name: title }).closest('li') as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Open one' })).toBeVisible();
    expect(screen.getByRole('tab', { name: /My Requests/ })).toHaveTextContent('3');
    expect(card('Open one').getByText('Active')).toHaveClass('bg-success-soft');
    expect(card('Done one').getByText('Fulfilled')).toHaveClass('bg-brand-soft');
    expect(card('Shut one').getByText('Closed')).toHaveClass('bg-muted');
    expect(card('Open one').getByText('Nutra')).toBeVisible();
    expect(card('Open one').getByText('US, CA')).toBeVisible();
    expect(card('Open one').getByText('60,000/day')).toBeVisible();
    expect(card('Open one').getByText('CPA')).toBeVisible();
    expect(card('Open one').getByRole('button', { name: 'View Bids: Open one' })).toBeVisible();
  });

  it('View Bids shows bidder, amount, notes and date; or the empty text', async () => {
    const withBids = buildOfferRequest({ title: 'With bids', bid_count: 1 });
    const withoutBids = buildOfferRequest({ title: 'Without bids', bid_count: 0 });
    const { api, user } = setup([withBids, withoutBids]);
    api.handlers[`GET /offers/offer-requests/${withBids.offer_request_id}/bids`] = () =>
      json(200, {
        success: true,
        bids: [
          buildBid({ entity_name: 'BlockReach Media', bid_amount: 32.5, bid_notes: 'Cap 300' }),
        ],
      });
    api.handlers[`GET /offers/offer-requests/${withoutBids.offer_request_id}/bids`] = () =>
      json(200, { success: true, bids: [] });
    renderWithProviders(<AffiliateDashboardPage />);

    await user.click(await screen.findByRole('button', { name: 'View Bids: With bids' }));
    const dialog = screen.getByRole('dialog', { name: 'Bids' });
    expect(await within(dialog).findByText('BlockReach Media')).toBeVisible();
    expect(within(dialog).getByText('$32.50 CPA')).toBeVisible();
    expect(within(dialog).getByText('Cap 300')).toBeVisible();
    expect(within(dialog).getByText(/Received/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'View Bids: Without bids' }));
    expect(await screen.findByText('No bids yet for this request.')).toBeVisible();
  });

  it('a notification’s link (?tab=requests&request=…) opens that request’s bids', async () => {
    const other = buildOfferRequest({ title: 'Other request', bid_count: 0 });
    const target = buildOfferRequest({ title: 'Linked request', bid_count: 1 });
    const { api, user } = setup([other, target]);
    api.handlers[`GET /offers/offer-requests/${target.offer_request_id}/bids`] = () =>
      json(200, { success: true, bids: [buildBid({ entity_name: 'Lumen Ads', bid_amount: 4 })] });
    renderWithProviders(<AffiliateDashboardPage />, {
      route: `/affiliate-dashboard?tab=requests&request=${target.offer_request_id}`,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Bids' });
    expect(await within(dialog).findByText('Lumen Ads')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('Create Offer Request', () => {
    it('takes the budget as two numbers and says when one is missing, sending nothing', async () => {
      const { api, user } = setup();
      renderWithProviders(<AffiliateDashboardPage />);
      await user.click(await screen.findByRole('button', { name: '+ Create Offer Request' }));
      const dialog = await fillRequiredRequestFields(user);
      const budget = within(dialog).getByRole('group', { name: /Budget Range/ });
      const min = within(budget).getByLabelText('Minimum ($)');
      expect(min).toHaveAttribute('type', 'number');
      await user.type(min, '1000');
      await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
      expect(await within(dialog).findByText('Budget maximum must be a number')).toBeVisible();
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('sends the body (empty budget as null), closes, resets the form and reloads the list', async () => {
      const { api, state, user } = setup();
      let release: () => void = () => {};
      api.handlers['POST /offers/offer-request'] = async (call) => {
        await new Promise<void>((resolve) => (release = resolve));
        const request = buildOfferRequest({ title: 'LATAM COD traffic' });
        state.requests.push(request);
        expect(call.body).toEqual(
          buildOfferRequestBody({
            title: 'LATAM COD traffic',
            vertical: 'COD',
            geos_targeting: ['MX', 'CO', 'PE'],
          }),
        );
        return json(201, {
          success: true,
          message: 'Offer request created successfully!',
          request,
        });
      };
      renderWithProviders(<AffiliateDashboardPage />);
      expect(await screen.findByText('No requests created yet.')).toBeVisible();
      await user.click(screen.getByRole('button', { name: '+ Create Offer Request' }));
      const dialog = await fillRequiredRequestFields(user);
      await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
      expect(within(dialog).getByRole('button', { name: 'Creating...' })).toBeDisabled();
      release();

      expect(await screen.findByText('Offer request created successfully!')).toBeVisible();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('heading', { name: 'LATAM COD traffic' })).toBeVisible();

      await user.click(screen.getByRole('button', { name: '+ Create Offer Request' }));
      expect(screen.getByLabelText('Title')).toHaveValue('');
      expect(screen.getByLabelText('Daily Traffic Volume')).toHaveValue(null);
    });

    it('shows the server message when the API refuses', async () => {
      const { api, user } = setup();
      api.handlers['POST /offers/offer-request'] = () =>
        json(403, { error: 'Your entity must be approved before it can post offer requests.' });
      renderWithProviders(<AffiliateDashboardPage />);
      await user.click(await screen.findByRole('button', { name: '+ Create Offer Request' }));
      const dialog = await fillRequiredRequestFields(user);
      await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Your entity must be approved before it can post offer requests.',
      );
    });
  });

  it('opens an available offer and applies to it', async () => {
    const { api, user } = setup();
    const offer = buildOwnOffer({ requirements: 'No incent' });
    const own = buildOwnOffer({ title: 'Own offer', entity_id: 'aff-entity' });
    api.handlers['GET /offers/fetch_all'] = () => json(200, offersPage([offer, own]));
    // The list has cards only: the dialog loads the rest of the offer (decision 043).
    api.handlers[`GET /offers/${offer.offer_id}`] = () => json(200, { offer });
    const answers = [
      json(400, { error: 'This offer is not available any more.' }),
      new Response(null, { status: 502 }),
      json(201, {
        success: true,
        message:
          'Application sent to Vitality Partners. You will be notified when they approve or reject it.',
        application: buildApplication({ offer_id: offer.offer_id, status: 'pending' }),
      }),
    ];
    api.handlers[`POST /offers/${offer.offer_id}/click`] = () => answers.shift() as Response;
    // Decision 027: the offers already applied to are marked.
    api.handlers['GET /offers/applications/mine'] = () => {
      const applications =
        answers.length === 0
          ? [buildApplication({ offer_id: offer.offer_id, status: 'pending' })]
          : [];
      return json(200, {
        applications,
        pagination: {
          page: 1,
          limit: 100,
          total: applications.length,
          totalPages: 1,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      });
    };
    renderWithProviders(<AffiliateDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'Available Offers' }));
    expect(await screen.findByRole('heading', { name: 'Keto Burn Trial' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Own offer' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'View Details: Keto Burn Trial' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Details' });
    expect(within(dialog).getByText('Review and apply to this offer')).toBeVisible();
    expect(within(dialog).getByText('$45.50 CPA')).toBeVisible();
    expect(within(dialog).getByText('Vitality Partners')).toBeVisible();
    expect(await within(dialog).findByText('No incent')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: /keto\.example\.com/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    const apply = within(dialog).getByRole('button', { name: 'Apply to Offer' });
    await user.click(apply);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This offer is not available any more.',
    );
    await user.click(apply);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to apply to offer'),
    );
    await user.click(apply);
    expect(await screen.findByText(/Application sent to Vitality Partners/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Applied · Pending')).toBeVisible();
  });

  it('shows the card’s fields while the rest of the offer loads, and says when it cannot (decision 043)', async () => {
    const { api, user } = setup();
    const offer = buildOwnOffer({ requirements: 'No incent' });
    api.handlers['GET /offers/fetch_all'] = () => json(200, offersPage([offer]));
    // Paused between the list and the click: the server says so (a 4xx is not retried).
    const answers = [json(404, { error: 'Offer not found' }), json(200, { offer })];
    api.handlers[`GET /offers/${offer.offer_id}`] = () => answers.shift() as Response;
    api.handlers['GET /offers/applications/mine'] = () =>
      json(200, {
        applications: [],
        pagination: {
          page: 1,
          limit: 100,
          total: 0,
          totalPages: 1,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      });
    renderWithProviders(<AffiliateDashboardPage />);
    await user.click(screen.getByRole('tab', { name: 'Available Offers' }));
    await user.click(await screen.findByRole('button', { name: 'View Details: Keto Burn Trial' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Details' });
    // The card's own fields at once…
    expect(within(dialog).getByText('$45.50 CPA')).toBeVisible();
    expect(within(dialog).getByText('Vitality Partners')).toBeVisible();
    // …the rest failed to load: the server's reason, a way to try again, 'Apply to Offer' still.
    expect(await within(dialog).findByText('Offer not found')).toBeVisible();
    // A description list holds only its rows: the failure (as the loading state) sits after it.
    expect(within(dialog).getByText('Offer not found').closest('dl')).toBeNull();
    expect(within(dialog).queryByText('No incent')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Apply to Offer' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No incent')).toBeVisible();
    expect(within(dialog).queryByText('Offer not found')).toBeNull();
  });
});
