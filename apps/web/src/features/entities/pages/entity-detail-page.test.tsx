import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router';
import type { Entity, PublicEntity } from '@trustlinks/contract/entities';
import { saveSession } from '../../../lib/session';
import { buildOffer, buildPublicEntity, buildUser } from '../../../test/factories';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { EntityDetailPage } from './entity-detail-page';

function buildEntity(overrides: Partial<PublicEntity> = {}): PublicEntity {
  return buildPublicEntity({ name: 'Acme Network', entity_type: 'network', ...overrides });
}

const ID = '5f0c1c9e-0000-4000-8000-000000000001';
/** The page's address names the entity by its slug (docs/decisions/022). */
const SLUG = 'vitality-partners';

/** The stat card whose label is `label` (labels are <dt>, values <dd>). */
function stat(label: string) {
  return screen.getByText(label, { selector: 'dt' }).closest('div');
}

function renderPage(search = '?tab=overview') {
  return renderWithProviders(
    <Routes>
      <Route path="/entity/:entityId" element={<EntityDetailPage />} />
    </Routes>,
    { route: `/entity/${SLUG}${search}` },
  );
}

describe('EntityDetailPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the fallbacks of an entity with nothing filled in', async () => {
    fetchMock.mockResolvedValue(json(200, { entity: buildEntity() }));
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Network' })).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/entities/public/${SLUG}`);
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText('Acme Network')).toBeVisible();

    // Stat cards: Rating 'N/A' when 0, Status 'Verified' when approved.
    expect(stat('Rating')).toHaveTextContent('N/A');
    expect(stat('Status')).toHaveTextContent('Verified');
    expect(stat('Active Offers')).toHaveTextContent('0');

    // Overview fallbacks.
    expect(screen.getByText('Not provided')).toBeVisible();
    expect(screen.getByText('No ratings yet')).toBeVisible();
    expect(screen.getByText('No description available for this entity.')).toBeVisible();

    // About block: no country.
    expect(screen.getByText('Not specified')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Offers' }));
    expect(screen.getByText('No offers available from this entity.')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('heading', { name: 'Reviews for Acme Network' })).toBeVisible();
    expect(screen.getByText('No reviews yet. Be the first to review!')).toBeVisible();

    // Only the public read was needed.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens on the Reviews tab without ?tab= and keeps the chosen tab in the URL (decision 027)', async () => {
    fetchMock.mockResolvedValue(json(200, { entity: buildEntity() }));
    const user = userEvent.setup();
    renderPage('');
    expect(await screen.findByRole('tab', { name: 'Reviews' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Reviews for Acme Network' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Offers' }));
    expect(screen.getByRole('tab', { name: 'Offers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no green Verified tile or badge for an entity under an active warning', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        entity: buildEntity({
          public_warnings: [
            {
              warning_id: 'w-1',
              kind: 'non_payment',
              public_text: 'Late payments reported.',
              warning_date: '2026-03-01',
            },
          ],
        }),
      }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Network' });
    expect(stat('Status')).toHaveTextContent('Under warning');
    expect(stat('Status')).not.toHaveTextContent('Verified');
    // The Overview tab's Verification row says so too (it showed a green 'Verified' badge).
    const row = screen.getByText('Verification', { selector: 'dt' }).closest('div')!;
    expect(row).toHaveTextContent('Under warning');
    expect(screen.queryByText('Verified', { exact: true })).toBeNull();
  });

  it('shows the filled-in values, with the rating to one decimal', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        entity: buildEntity({
          website: 'https://acme.test',
          description: 'We connect advertisers with affiliates.',
          country: 'Malta',
          reputation_score: 4.25,
          total_reviews: 12,
        }),
      }),
    );
    renderPage();
    expect(await screen.findByRole('link', { name: /https:\/\/acme\.test/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(stat('Rating')).toHaveTextContent('4.3');
    expect(stat('Reviews')).toHaveTextContent('12');
    expect(screen.getByText('Malta')).toBeVisible();
    expect(screen.getByText('We connect advertisers with affiliates.')).toBeVisible();
  });

  it('lists the offers of an entity that has some, each linking to its offer page', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/offers/')
        ? json(200, {
            offers: [
              buildOffer({
                offer_id: 'o-1',
                slug: 'crypto-wallet-cpa-00000001',
                title: 'Crypto Wallet CPA',
                description: 'Pay per funded wallet.',
                category: 'Crypto',
                target_geo: ['US', 'GB', 'DE'],
                payout_type: 'CPA',
                payout_value: 45,
              }),
            ],
          })
        : json(200, { entity: buildEntity({ offer_count: 1 }) }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Offers' }));
    const link = await screen.findByRole('link', { name: /Crypto Wallet CPA/ });
    expect(link).toHaveAttribute('href', '/offer/crypto-wallet-cpa-00000001');
    expect(link).toHaveTextContent('$45');
    expect(link).toHaveTextContent('GEO: US, GB…');
    // A first page of them (ours): all of them fit, so no link to the rest.
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe(`/api/offers/entity/public/${ID}?limit=12`);
    expect(screen.queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  });

  it('links to the explorer filtered by the entity when it has more offers than its first page', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/offers/')
        ? json(200, { offers: [buildOffer({ offer_id: 'o-1', title: 'Crypto Wallet CPA' })] })
        : json(200, { entity: buildEntity({ offer_count: 1234 }) }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Offers' }));
    const all = await screen.findByRole('link', { name: 'See all 1,234 offers' });
    // The explorer names the entity by its slug (docs/decisions/052).
    expect(all).toHaveAttribute('href', `/offers?entity=${buildEntity().slug}`);
  });

  it("opens the entity's own sign-up page from 'Join', through the API that counts it (decision 026)", async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        entity: buildEntity({
          entity_type: 'network',
          entity_metadata: { signup_url: 'https://partners.example.com/join' },
        }),
      }),
    );
    renderPage();
    const join = await screen.findByRole('link', { name: 'Join Network' });
    expect(join).toHaveAttribute('href', `/api/entities/${ID}/join`);
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("sends a visitor to log in from 'Join' when the entity has no sign-up page", async () => {
    fetchMock.mockResolvedValue(json(200, { entity: buildEntity({ entity_metadata: {} }) }));
    renderPage();
    const join = await screen.findByRole('link', { name: 'Join Network' });
    expect(join.getAttribute('href')).toMatch(/^\/login\?next=/);
  });

  it("never offers 'Join' for a script URL, on one's own entity or under an active warning", async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        entity: buildEntity({ entity_metadata: { signup_url: 'javascript:alert(1)' } }),
      }),
    );
    const { unmount } = renderPage();
    // A script URL is no sign-up page: the visitor is asked to log in to send a message instead.
    expect(
      (await screen.findByRole('link', { name: 'Join Network' })).getAttribute('href'),
    ).toMatch(/^\/login/);
    unmount();
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: ID }) });
    fetchMock.mockResolvedValue(json(200, { entity: buildEntity() }));
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it("hides 'Join' on an entity under an active warning", async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        entity: buildEntity({
          entity_metadata: { signup_url: 'https://partners.example.com/join' },
          public_warnings: [
            {
              warning_id: 'w-1',
              kind: 'non_payment',
              public_text: 'Affiliates report unpaid commissions.',
              warning_date: '2026-11-01',
            },
          ],
        }),
      }),
    );
    renderPage();
    await screen.findByText('Affiliates report unpaid commissions.');
    expect(screen.queryByRole('link', { name: /^Join/ })).toBeNull();
  });

  it('falls back to the authenticated read for a logged-in owner of a pending entity', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'network', entity_id: ID }) });
    const pending: Entity = {
      ...buildEntity({ verification_status: 'pending' }),
      email: 'owner@acme.test',
      additional_notes: null,
      contact_info: {},
      user_account_created: false,
      source: 'registration',
    };
    fetchMock
      .mockResolvedValueOnce(json(404, { error: 'Entity not found' }))
      .mockResolvedValueOnce(json(200, { entity: pending }));
    renderPage();
    expect(await screen.findByText('Pending Verification')).toBeVisible();
    expect(stat('Status')).toHaveTextContent('Pending');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe(`/api/entities/${SLUG}`);
    const init = fetchMock.mock.calls[1]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer t');
  });

  it("says 'Entity not found' for a 404 without a session", async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'Entity not found' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Entity not found' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to fetch entity details' for other failures", async () => {
    fetchMock.mockResolvedValue(json(500, { error: 'boom' }));
    renderPage();
    // A server error is asked once more (after about a second) before the page gives up.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Failed to fetch entity details' },
        { timeout: 4000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('heads the page with the name passed in navigation state while loading', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <Link to={`/entity/${SLUG}`} state={{ entityName: 'Acme From Link' }}>
              open
            </Link>
          }
        />
        <Route path="/entity/:entityId" element={<EntityDetailPage />} />
      </Routes>,
    );
    await user.click(screen.getByRole('link', { name: 'open' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Acme From Link' })).toBeVisible();
    answer(json(200, { entity: buildEntity() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Network' })).toBeVisible();
  });
});
