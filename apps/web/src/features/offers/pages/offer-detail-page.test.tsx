import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router';
import type { Offer } from '@trustlinks/contract/offers';
import { saveSession } from '../../../lib/session';
import { buildApplication, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { buildOffer, buildPublicEntity } from '../../../test/factories';
import { json, stubFetch } from '../../../test/fetch';
import { OfferDetailPage } from './offer-detail-page';

const OFFER = buildOffer();
// The page reads the offer at its address's slug (docs/decisions/022); actions name it by id.
const OFFER_PATH = `/api/offers/${OFFER.slug}`;
const ENTITY_PATH = `/api/entities/public/${OFFER.entity_id}`;

function renderPage(route = `/offer/${OFFER.slug}`) {
  return renderWithProviders(
    <Routes>
      <Route path="/offer/:offerId" element={<OfferDetailPage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
      <Route path="/entity/:entityId" element={<h1>Entity page</h1>} />
      <Route
        path="/from"
        element={
          <Link to={`/offer/${OFFER.slug}`} state={{ offer: OFFER }}>
            Open offer
          </Link>
        }
      />
    </Routes>,
    { route },
  );
}

function standardApi(offer: Offer = OFFER) {
  return stubFetch((url) => {
    if (url.pathname === ENTITY_PATH) {
      return json(200, {
        entity: buildPublicEntity({ reputation_score: 4.26, total_reviews: 12, offer_count: 1 }),
      });
    }
    if (url.pathname === `/api/offers/${offer.slug}`) return json(200, { offer });
    return json(404, { error: 'Not found' });
  });
}

const paths = (fn: ReturnType<typeof stubFetch>) =>
  fn.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

const APPLIED =
  'Application sent to Vitality Partners. You will be notified when they approve or reject it.';

describe('OfferDetailPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the offer and shows breadcrumb, payout, details, description and landing page', async () => {
    const fetchMock = standardApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: OFFER.title })).toBeVisible();
    expect(paths(fetchMock)).toContain(`GET ${OFFER_PATH}`);

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Vitality Partners' })).toHaveAttribute(
      'href',
      `/entity/${OFFER.entity_slug}`,
    );
    expect(within(breadcrumb).getByText(OFFER.title)).toHaveAttribute('aria-current', 'page');

    // A fixed payout with its model, not 'Up to' (docs/decisions/047-wording-that-is-true.md).
    expect(screen.getByText('$45 CPA')).toBeVisible();
    expect(screen.queryByText(/Up to/)).toBeNull();
    expect(screen.getByText('Active')).toBeVisible();
    for (const code of ['US', 'CA', 'GB']) expect(screen.getByText(code)).toBeVisible();
    expect(screen.getByText(OFFER.description)).toBeVisible();
    expect(screen.getByText('No incentivised traffic.')).toBeVisible();
    const landing = screen.getByRole('link', { name: /offers\.example\.com\/ketoslim/ });
    expect(landing).toHaveAttribute('href', 'https://offers.example.com/ketoslim');
    expect(landing).toHaveAttribute('target', '_blank');
    expect(landing).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it("shows the entity's real rating and counts in the side card", async () => {
    standardApi();
    renderPage();
    expect(await screen.findByText('4.3')).toBeVisible();
    expect(screen.getByText(/12 Reviews/)).toBeVisible();
    expect(screen.getByText(/1 Offer$/)).toBeVisible();
    expect(screen.getByText('Advertiser')).toBeVisible();
  });

  it('uses the offer passed in navigation instead of loading it', async () => {
    const fetchMock = standardApi();
    const user = userEvent.setup();
    renderPage('/from');
    await user.click(screen.getByRole('link', { name: 'Open offer' }));
    expect(screen.getByRole('heading', { level: 1, name: OFFER.title })).toBeVisible();
    await screen.findByText('4.3');
    expect(paths(fetchMock)).not.toContain(`GET ${OFFER_PATH}`);
    expect(paths(fetchMock)).toContain(`GET ${ENTITY_PATH}`);
  });

  it('shows the fallbacks: Worldwide, no description, a percentage payout as is', async () => {
    standardApi(
      buildOffer({
        target_geo: [],
        description: '',
        requirements: null,
        payout_type: 'RevShare',
        payout_value: '35%',
      }),
    );
    renderPage();
    expect(await screen.findByText('Worldwide')).toBeVisible();
    expect(screen.getByText('No description available for this offer.')).toBeVisible();
    expect(screen.getAllByText('35%').length).toBeGreaterThan(0);
  });

  it('shows the real status of a paused offer its owner sees, and no apply for the owner', async () => {
    saveSession({
      token: 'tok',
      user: buildUser({ role: 'advertiser', entity_id: OFFER.entity_id }),
    });
    standardApi(buildOffer({ offer_status: 'paused' }));
    renderPage();
    expect(await screen.findByText('Paused')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Run This Offer' })).toBeDisabled();
    expect(screen.getByText('This is your own offer.')).toBeVisible();
  });

  it("says 'Offer not found' for 404 and 'Failed to fetch offer details' otherwise", async () => {
    stubFetch(() => json(404, { error: 'Offer not found' }));
    const view = renderPage();
    expect(await screen.findByRole('heading', { name: 'Offer not found' })).toBeVisible();
    view.unmount();

    stubFetch(() => json(403, { error: 'Forbidden' }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch offer details' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  const MINE_PATH = '/api/offers/applications/mine';
  const mineAnswer = (applications: ReturnType<typeof buildApplication>[]) =>
    json(200, {
      applications,
      pagination: {
        page: 1,
        limit: 1,
        total: applications.length,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    });

  it('asks for a message and traffic sources, then shows the pending application (decision 027)', async () => {
    saveSession({ token: 'tok', user: buildUser({ role: 'affiliate', entity_id: 'aff-1' }) });
    let applied = false;
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'POST') {
        applied = true;
        return json(201, {
          success: true,
          message: APPLIED,
          application: buildApplication({ status: 'pending', offer_id: OFFER.offer_id }),
        });
      }
      if (url.pathname === MINE_PATH) {
        expect(url.searchParams.get('offer_id')).toBe(OFFER.offer_id);
        return mineAnswer(applied ? [buildApplication({ status: 'pending' })] : []);
      }
      if (url.pathname === ENTITY_PATH) return json(200, { entity: buildPublicEntity() });
      return json(200, { offer: OFFER });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run This Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run This Offer' });
    await user.type(within(dialog).getByLabelText(/Message to the advertiser/), 'US push, 20k/day');
    await user.type(within(dialog).getByLabelText(/Traffic sources/), 'Push, native');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(APPLIED)).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      message: 'US push, 20k/day',
      traffic_sources: 'Push, native',
    });
    const status = await screen.findByTestId('my-application');
    expect(within(status).getByText('Pending')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Run This Offer' })).toBeNull();
  });

  it('a second application is no error: after a 409 the page shows the open one', async () => {
    saveSession({ token: 'tok', user: buildUser({ role: 'network', entity_id: 'net-1' }) });
    let refused = false;
    stubFetch((url, init) => {
      if (init?.method === 'POST') {
        refused = true;
        return json(409, { error: 'You already have an open application for this offer.' });
      }
      if (url.pathname === MINE_PATH) {
        return mineAnswer(
          refused
            ? [
                buildApplication({
                  status: 'approved',
                  tracking_url: 'http://localhost:3000/go/abcDEF123',
                }),
              ]
            : [],
        );
      }
      if (url.pathname === ENTITY_PATH) return json(200, { entity: buildPublicEntity() });
      return json(200, { offer: OFFER });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run This Offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('textbox', { name: 'Your tracking link' })).toHaveValue(
      'http://localhost:3000/go/abcDEF123',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(screen.queryByText('You already have an open application for this offer.')).toBeNull();
  });

  it.each([
    ['rejected', { decision_note: 'Not for this GEO' }, /Rejected by the advertiser\. Their note:/],
    ['withdrawn', {}, /You withdrew your application/],
  ] as const)('shows a %s application', async (status, extra, text) => {
    saveSession({ token: 'tok', user: buildUser({ role: 'affiliate', entity_id: 'aff-1' }) });
    stubFetch((url) => {
      if (url.pathname === MINE_PATH) return mineAnswer([buildApplication({ status, ...extra })]);
      if (url.pathname === ENTITY_PATH) return json(200, { entity: buildPublicEntity() });
      return json(200, { offer: OFFER });
    });
    renderPage();
    expect(await screen.findByText(text)).toBeVisible();
    if (status === 'withdrawn') {
      expect(screen.getByRole('button', { name: 'Apply again' })).toBeEnabled();
    } else {
      expect(screen.getByText('Not for this GEO')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Run This Offer' })).toBeNull();
    }
  });

  it('disables Run This Offer for roles that cannot apply, with the reason', async () => {
    saveSession({ token: 'tok', user: buildUser({ role: 'advertiser', entity_id: 'adv-9' }) });
    standardApi();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Run This Offer' })).toBeDisabled();
    expect(screen.getByText('Only affiliates and networks can apply to run offers.')).toBeVisible();
  });

  it('sends a visitor to /login from Run This Offer', async () => {
    const fetchMock = standardApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run This Offer' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(paths(fetchMock).some((p) => p.startsWith('POST'))).toBe(false);
  });

  it("sends a visitor to log in from 'Join' when the entity has no sign-up page (decision 026)", async () => {
    standardApi();
    renderPage();
    const join = await screen.findByRole('link', { name: /^Join (Network|Program)$/ });
    expect(join.getAttribute('href')).toMatch(/^\/login\?next=/);
  });
});
