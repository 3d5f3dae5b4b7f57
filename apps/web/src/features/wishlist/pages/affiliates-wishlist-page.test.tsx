import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { saveSession } from '../../../lib/session';
import { buildOfferRequest, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { AffiliatesWishlistPage } from './affiliates-wishlist-page';
import { json, withContractCheck } from '../../../test/fetch';

let seq = 0;
/** An affiliate's request as the wishlist lists them (test/factories' buildOfferRequest). */
function buildRequest(overrides: Partial<OfferRequest> = {}): OfferRequest {
  seq += 1;
  return buildOfferRequest({
    entity_id: 'aff-entity',
    title: `Request ${seq}`,
    geos_targeting: ['US'],
    traffic_volume: 5000,
    priority: 'low',
    ...overrides,
  });
}

/** The card (list item) whose heading is `title`. */
function card(title: string) {
  return screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
}

describe('AffiliatesWishlistPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  function listWith(requests: OfferRequest[]) {
    fetchMock.mockImplementation(async () => json(200, { success: true, requests }));
  }

  it('shows each card: priority by the thresholds, K/day, GEOs then +N more, fallbacks', async () => {
    listWith([
      buildRequest({
        title: 'Big volume',
        traffic_volume: 60000,
        geos_targeting: ['US', 'CA', 'GB', 'AU', 'NZ', 'IE'],
        traffic_type: [],
        notes: 'Spanish landers only',
        vertical: 'Nutra, COD',
      }),
      buildRequest({ title: 'Exactly fifty', traffic_volume: 50000 }),
      buildRequest({ title: 'Just over ten', traffic_volume: 10001, geos_targeting: [] }),
      buildRequest({ title: 'Exactly ten', traffic_volume: 10000 }),
      buildRequest({ title: 'Has budget', traffic_volume: 100, budget_range: { min: 1, max: 2 } }),
    ]);
    renderWithProviders(<AffiliatesWishlistPage />);

    expect(screen.getByText('Loading affiliate requests...')).toBeVisible();
    expect(await screen.findByText('5 affiliates found')).toBeVisible();
    expect(
      screen.getByText('Connect with quality affiliates actively seeking new offers'),
    ).toBeVisible();

    const big = within(card('Big volume'));
    expect(big.getByText('High priority')).toBeVisible();
    expect(big.getByText('60K/day')).toBeVisible();
    for (const geo of ['US', 'CA', 'GB', 'AU']) expect(big.getByText(geo)).toBeVisible();
    expect(big.queryByText('NZ')).toBeNull();
    expect(big.getByText('+2 more')).toBeVisible();
    expect(big.getByText('Not specified')).toBeVisible(); // no traffic types
    expect(big.getByText('Spanish landers only')).toBeVisible();
    expect(big.getByText('Nutra')).toBeVisible();
    expect(big.getByText('COD')).toBeVisible();

    expect(within(card('Exactly fifty')).getByText('Medium priority')).toBeVisible();
    expect(within(card('Just over ten')).getByText('Medium priority')).toBeVisible();
    expect(within(card('Just over ten')).getByText('No specific GEOs mentioned')).toBeVisible();
    expect(within(card('Exactly ten')).getByText('Low priority')).toBeVisible();
    expect(within(card('Has budget')).getByText('High priority')).toBeVisible();
    expect(within(card('Has budget')).getByText('$1 – $2')).toBeVisible();
  });

  it('sends the filters to the server and offers Clear Filters when nothing matches', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      const filtered = url.searchParams.has('vertical') || url.searchParams.has('priority');
      return json(200, { success: true, requests: filtered ? [] : [buildRequest()] });
    });
    const user = userEvent.setup();
    renderWithProviders(<AffiliatesWishlistPage />);
    expect(await screen.findByText('1 affiliate found')).toBeVisible();

    await user.type(screen.getByLabelText('Vertical'), 'Fin');
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    expect(await screen.findByText('No affiliates found')).toBeVisible();
    // The text filter is sent once typing pauses.
    const lastUrl = () => new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    await waitFor(() => expect(lastUrl().searchParams.get('vertical')).toBe('Fin'));
    expect(lastUrl().pathname).toBe('/api/offers/offer-requests');
    expect(lastUrl().searchParams.get('priority')).toBe('high');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('vertical=F&'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('1 affiliate found')).toBeVisible();
    expect(screen.getByLabelText('Vertical')).toHaveValue('');
    expect(screen.getByLabelText('Priority')).toHaveValue('all');
  });

  it('shows the empty state when there are no requests at all', async () => {
    listWith([]);
    renderWithProviders(<AffiliatesWishlistPage />);
    expect(await screen.findByText('No affiliate requests yet')).toBeVisible();
    expect(
      screen.getByText(
        'There are currently no affiliate requests in the system. Check back later!',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('shows the load error with Try Again, which asks again', async () => {
    fetchMock.mockImplementation(async () => json(503, { error: 'Service unavailable' }));
    const user = userEvent.setup();
    renderWithProviders(<AffiliatesWishlistPage />);
    expect(
      await screen.findByText('Failed to load affiliate requests', {}, { timeout: 4000 }),
    ).toBeVisible();

    listWith([buildRequest({ title: 'Back again' })]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeVisible();
  });

  it('says so when the server answers without success', async () => {
    fetchMock.mockImplementation(async () => json(200, { success: false, requests: [] }));
    renderWithProviders(<AffiliatesWishlistPage />);
    expect(
      await screen.findByText('Failed to fetch offer requests', {}, { timeout: 4000 }),
    ).toBeVisible();
  });

  describe('contacting', () => {
    it('visitors get a link to log in instead of the contact button', async () => {
      listWith([buildRequest({ title: 'Open request' })]);
      renderWithProviders(<AffiliatesWishlistPage />);
      const link = await screen.findByRole('link', { name: 'Log in to Contact: Open request' });
      expect(link).toHaveAttribute('href', '/login');
      expect(screen.getByText(/Log in with an advertiser or network account/)).toBeVisible();
    });

    it('other roles see the button disabled and who can contact', async () => {
      saveSession({ token: 't', user: buildUser({ role: 'affiliate', entity_id: 'x' }) });
      listWith([buildRequest({ title: 'Open request' })]);
      renderWithProviders(<AffiliatesWishlistPage />);
      expect(
        await screen.findByRole('button', { name: 'Contact Affiliate: Open request' }),
      ).toBeDisabled();
      expect(
        screen.getByText('Only advertisers and networks can contact affiliates.'),
      ).toBeVisible();
    });

    it('a network cannot contact its own request', async () => {
      saveSession({ token: 't', user: buildUser({ role: 'network', entity_id: 'own' }) });
      listWith([buildRequest({ title: 'Mine', entity_id: 'own' })]);
      renderWithProviders(<AffiliatesWishlistPage />);
      expect(await screen.findByRole('button', { name: 'Contact Affiliate: Mine' })).toBeDisabled();
    });

    it('validates the message, keeps Send disabled while empty or sending, and sends it', async () => {
      saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: 'adv' }) });
      const request = buildRequest({ title: 'Open request' });
      let answer: (r: Response) => void = () => {};
      fetchMock.mockImplementation(async (input, init) => {
        if (init?.method === 'POST') return new Promise<Response>((resolve) => (answer = resolve));
        return json(200, { success: true, requests: [request] });
      });
      const user = userEvent.setup();
      renderWithProviders(<AffiliatesWishlistPage />);
      await user.click(
        await screen.findByRole('button', { name: 'Contact Affiliate: Open request' }),
      );

      const dialog = screen.getByRole('dialog', { name: 'Contact Affiliate' });
      expect(within(dialog).getByText(/Privacy notice/)).toBeVisible();
      const send = within(dialog).getByRole('button', { name: 'Send Email' });
      expect(send).toBeDisabled();

      // Only spaces: the message is empty after trimming.
      await user.type(within(dialog).getByLabelText('Message'), '   ');
      expect(send).toBeEnabled();
      await user.click(send);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Please enter a message before sending.',
      );
      expect(fetchMock).toHaveBeenCalledTimes(1); // only the list

      await user.clear(within(dialog).getByLabelText('Message'));
      await user.type(within(dialog).getByLabelText('Message'), 'We have a keto offer for you.');
      await user.click(send);
      expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();
      const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
      expect(url).toBe(`/api/offers/offer-requests/${request.offer_request_id}/contact`);
      expect(JSON.parse(String(init?.body))).toEqual({ message: 'We have a keto offer for you.' });

      answer(json(200, { success: true, message: 'Contact email sent successfully!' }));
      expect(await screen.findByText('Contact email sent successfully!')).toBeVisible();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('shows the server message on failure (429), else the generic one, and stays open', async () => {
      saveSession({ token: 't', user: buildUser({ role: 'network', entity_id: 'net' }) });
      const request = buildRequest({ title: 'Open request' });
      const limited =
        'You have sent too many messages in the last hour. Please wait before contacting more affiliates.';
      const answers = [json(429, { error: limited }), new Response(null, { status: 502 })];
      fetchMock.mockImplementation(async (_input, init) =>
        init?.method === 'POST'
          ? (answers.shift() as Response)
          : json(200, { success: true, requests: [request] }),
      );
      const user = userEvent.setup();
      renderWithProviders(<AffiliatesWishlistPage />);
      await user.click(
        await screen.findByRole('button', { name: 'Contact Affiliate: Open request' }),
      );
      const dialog = screen.getByRole('dialog', { name: 'Contact Affiliate' });
      await user.type(within(dialog).getByLabelText('Message'), 'Hello');
      await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(limited);

      await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent(
          'Failed to send email. Please try again.',
        ),
      );
      expect(screen.getByRole('dialog', { name: 'Contact Affiliate' })).toBeVisible();
    });
  });
});
