import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { saveSession } from '../../../lib/session';
import { buildBid, buildOfferRequest, buildOwnOffer, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { json, stubApi } from '../../../test/fetch';
import { NetworkDashboardPage } from './network-dashboard-page';

function setup({
  entityId = 'net-entity',
  open = [] as OfferRequest[],
}: { entityId?: string | null; open?: OfferRequest[] } = {}) {
  saveSession({
    token: 't',
    user: buildUser({ user_id: 'u-net', role: 'network', entity_id: entityId }),
  });
  const api = stubApi({
    'GET /offers/entity/net-entity': () =>
      json(200, {
        offers: [
          buildOwnOffer({
            title: 'Casino Bonus',
            entity_id: 'net-entity',
            click_count: 1200,
            conversion_count: 53,
            payout_value: 120,
          }),
          buildOwnOffer({ title: 'Old Forex', entity_id: 'net-entity', offer_status: 'closed' }),
        ],
      }),
    'GET /offers/offer-requests/user/u-net': () => json(200, { success: true, requests: [] }),
    'GET /offers/offer-requests': () => json(200, { success: true, requests: open }),
    'GET /offers/fetch_all': () => json(200, { offers: [] }),
  });
  return { api, user: userEvent.setup() };
}

describe('NetworkDashboardPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows its offers with status, payout, clicks and conversions, and counts on the tabs', async () => {
    setup();
    renderWithProviders(<NetworkDashboardPage />);
    expect(screen.getByRole('button', { name: '+ Create Offer' })).toBeVisible();
    expect(screen.getByRole('button', { name: '+ Create Request' })).toBeVisible();
    const card = within(
      (await screen.findByRole('link', { name: 'Casino Bonus' })).closest('li') as HTMLElement,
    );
    expect(card.getByText('Active')).toHaveClass('bg-success-soft');
    expect(card.getByText('$120')).toBeVisible();
    expect(card.getByText('1,200')).toBeVisible();
    expect(card.getByText('53')).toBeVisible();
    const old = within(
      screen.getByRole('link', { name: 'Old Forex' }).closest('li') as HTMLElement,
    );
    expect(old.getByText('Closed')).toHaveClass('bg-muted');
    expect(screen.getByRole('tab', { name: /My Offers/ })).toHaveTextContent('2');
    expect(await screen.findByRole('tab', { name: /My Requests/ })).toHaveTextContent('0');
  });

  it('asks for the open requests of others with its own entity excluded', async () => {
    const { api } = setup();
    renderWithProviders(<NetworkDashboardPage />);
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.path === '/offers/offer-requests')?.query.get('exclude_entity_id'),
      ).toBe('net-entity'),
    );
  });

  describe('Submit Counter Offer', () => {
    const request = buildOfferRequest({
      title: 'LATAM COD traffic',
      vertical: 'COD',
      desired_payout_type: 'CPL',
    });

    async function openModal(user: ReturnType<typeof userEvent.setup>) {
      renderWithProviders(<NetworkDashboardPage />);
      await user.click(screen.getByRole('tab', { name: 'Offer Requests' }));
      await user.click(
        await screen.findByRole('button', { name: 'Submit Counter Offer: LATAM COD traffic' }),
      );
      return screen.getByRole('dialog', { name: 'Submit Counter Offer' });
    }

    it("shows the request, requires 'Your Offer Amount' and sends the bid", async () => {
      const { api, user } = setup({ open: [request] });
      let release: () => void = () => {};
      api.handlers[`POST /offers/offer-requests/${request.offer_request_id}/bid`] = async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return json(201, {
          success: true,
          message: 'Counter offer submitted successfully!',
          bid: buildBid({ offer_request_id: request.offer_request_id }),
        });
      };
      const dialog = await openModal(user);
      expect(within(dialog).getByText('LATAM COD traffic')).toBeVisible();
      expect(within(dialog).getByText('COD')).toBeVisible();
      // The request's desired payout, and the same model preselected for the amount (docs/decisions/030).
      expect(within(dialog).getAllByText('CPL')[0]).toBeVisible();
      expect(within(dialog).getByLabelText('Payout model')).toHaveValue('CPL');
      const amount = within(dialog).getByLabelText('Your Offer Amount');
      expect(amount).toHaveAttribute('step', '0.01');

      await user.click(within(dialog).getByRole('button', { name: 'Submit Offer' }));
      expect(within(dialog).getByText('Please enter your offer amount.')).toBeVisible();
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

      await user.type(amount, '32.5');
      await user.type(within(dialog).getByLabelText('Additional Notes'), ' Cap 300/day ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Offer' }));
      expect(within(dialog).getByRole('button', { name: 'Submitting...' })).toBeDisabled();
      expect(api.calls.at(-1)?.body).toEqual({
        bid_amount: 32.5,
        bid_notes: 'Cap 300/day',
        offer_details: {},
        payout_type: 'CPL',
        offer_id: null,
      });
      release();
      expect(await screen.findByText('Counter offer submitted successfully!')).toBeVisible();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("shows the server's refusal, else 'Failed to submit bid'", async () => {
      const { api, user } = setup({ open: [request] });
      const answers = [
        json(400, { error: 'This offer request is no longer open.' }),
        new Response(null, { status: 500 }),
      ];
      api.handlers[`POST /offers/offer-requests/${request.offer_request_id}/bid`] = () =>
        answers.shift() as Response;
      const dialog = await openModal(user);
      await user.type(within(dialog).getByLabelText('Your Offer Amount'), '10');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Offer' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This offer request is no longer open.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Submit Offer' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to submit bid'),
      );
    });

    it('refuses amounts the contract refuses', async () => {
      const { user } = setup({ open: [request] });
      const dialog = await openModal(user);
      await user.type(within(dialog).getByLabelText('Your Offer Amount'), '0');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Offer' }));
      expect(within(dialog).getByText('Your offer amount must be more than 0')).toBeVisible();
    });
  });

  it("blocks request creation without an entity: 'User not properly authenticated'", async () => {
    const { api, user } = setup({ entityId: null });
    renderWithProviders(<NetworkDashboardPage />);
    await user.click(screen.getByRole('button', { name: '+ Create Request' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Offer Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('User not properly authenticated');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Creating Request...' while a request is created", async () => {
    const { api, user } = setup();
    api.handlers['POST /offers/offer-request'] = () => new Promise<Response>(() => {});
    renderWithProviders(<NetworkDashboardPage />);
    await user.click(screen.getByRole('button', { name: '+ Create Request' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Offer Request' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Title'), 'Email list');
    await user.type(field('Vertical'), 'Sweepstakes');
    await user.type(field('Target GEOs'), 'US');
    await user.type(field('Traffic Types'), 'Email');
    await user.type(field('Platforms Used'), 'Own list');
    await user.type(field('Daily Traffic Volume'), '30000');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Creating Request...' }),
    ).toBeDisabled();
  });
});
