import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '@trustlinks/contract/offers';
import { saveSession } from '../../../lib/session';
import { buildOfferRequest, buildOwnOffer, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { json, stubApi } from '../../../test/fetch';
import { AdvertiserDashboardPage } from './advertiser-dashboard-page';

function setup(offers: Offer[] = []) {
  saveSession({
    token: 't',
    user: buildUser({ user_id: 'u-adv', role: 'advertiser', entity_id: 'adv-entity' }),
  });
  const state = { offers: [...offers] };
  const api = stubApi({
    'GET /offers/entity/adv-entity': () => json(200, { offers: state.offers }),
    'GET /offers/offer-requests': () => json(200, { success: true, requests: [] }),
  });
  return { api, state, user: userEvent.setup() };
}

describe('AdvertiserDashboardPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows 'No offers created yet.' and creates an offer through the dialog", async () => {
    const { api, state, user } = setup();
    api.handlers['POST /offers/create'] = (call) => {
      const offer = buildOwnOffer({ title: 'Crypto Signup', offer_status: 'active' });
      state.offers.push(offer);
      expect(call.body).toEqual({
        title: 'Crypto Signup',
        category: 'Crypto',
        description: 'Verified traders',
        target_geo: ['DE', 'FR'],
        landing_page_url: 'https://crypto.example.com',
        payout_type: 'RevShare',
        payout_value: '40%',
        requirements: null,
        // Caps and traffic types left empty (docs/decisions/030): '' and [] mean "none" to the contract.
        daily_cap: '',
        monthly_cap: '',
        fallback_url: '',
        traffic_allowed: [],
        traffic_forbidden: [],
        expires_at: null,
      });
      return json(201, { message: 'Offer created successfully!', offer });
    };
    renderWithProviders(<AdvertiserDashboardPage />);
    expect(await screen.findByText('No offers created yet.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create New Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Offer' });
    for (const legend of ['Basic Information', 'Targeting and Payout', 'Additional Settings']) {
      expect(within(dialog).getByRole('group', { name: legend })).toBeVisible();
    }
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label);
    await user.type(field('Offer Title'), 'Crypto Signup');
    await user.type(field('Category'), 'Crypto');
    await user.type(field('Description'), 'Verified traders');
    await user.type(field('Target GEOs'), 'de, fr');
    await user.type(field('Landing Page URL'), 'https://crypto.example.com');
    await user.selectOptions(field('Payout Type'), 'RevShare');
    await user.type(field('Payout Value'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Create Offer' }));

    expect(await screen.findByText('Offer created successfully!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Crypto Signup' })).toBeVisible();
    expect(screen.getByRole('tab', { name: /My Offers/ })).toHaveTextContent('1');
  });

  // Regression (the bids journey stuck on 'Loading offer requests...'): the requests answered after
  // the dashboard's last render, and the tab opened later must show them, not the result object
  // the dashboard held from before they arrived.
  it('shows the offer requests that arrived before their tab was opened', async () => {
    const { api, user } = setup([buildOwnOffer({ title: 'Keto Boost' })]);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let served = false;
    api.handlers['GET /offers/offer-requests'] = async () => {
      await answered;
      served = true;
      return json(200, {
        success: true,
        requests: [buildOfferRequest({ title: 'Native traffic for Nutra' })],
      });
    };
    renderWithProviders(<AdvertiserDashboardPage />);
    expect(await screen.findByRole('link', { name: 'Keto Boost' })).toBeVisible();
    answer();
    await waitFor(() => expect(served).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));

    await user.click(screen.getByRole('tab', { name: 'Offer Requests' }));
    expect(await screen.findByText('Native traffic for Nutra')).toBeVisible();
  });

  it('shows field errors from the contract and the server message on refusal', async () => {
    const { api, user } = setup();
    api.handlers['POST /offers/create'] = () =>
      json(403, { error: 'Your entity must be approved before it can publish offers.' });
    renderWithProviders(<AdvertiserDashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Create New Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Offer' }));
    expect(within(dialog).getByText('Offer title is required')).toBeVisible();
    expect(within(dialog).getByText('Payout value is required')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Offer Title'), 'Keto');
    await user.type(field('Category'), 'Nutra');
    await user.type(field('Description'), 'Trial');
    await user.type(field('Target GEOs'), 'US');
    await user.type(field('Landing Page URL'), 'https://keto.example.com');
    await user.type(field('Payout Value'), '45.50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your entity must be approved before it can publish offers.',
    );
  });

  it('pauses an offer and deletes one after confirmation', async () => {
    const offer = buildOwnOffer({ title: 'Keto Burn Trial', entity_id: 'adv-entity' });
    const { api, state, user } = setup([offer]);
    api.handlers[`PUT /offers/${offer.offer_id}/status`] = (call) => {
      expect(call.body).toEqual({ status: 'paused' });
      state.offers = [{ ...offer, offer_status: 'paused' }];
      return json(200, { message: 'Offer status updated.', offer: state.offers[0] });
    };
    api.handlers[`DELETE /offers/${offer.offer_id}`] = () => {
      state.offers = [];
      return json(200, { message: 'Offer deleted successfully.' });
    };
    renderWithProviders(<AdvertiserDashboardPage />);
    const actions = await screen.findByRole('group', { name: 'Actions for Keto Burn Trial' });
    await user.click(within(actions).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Offer status updated.')).toBeVisible();
    expect(await within(actions).findByRole('button', { name: 'Activate' })).toBeVisible();

    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this offer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No offers created yet.')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
