import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultsResponse } from '@trustlinks/contract/results';
import { saveSession } from '../../../lib/session';
import { buildOwnOffer, buildUser } from '../../../test/factories';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { RESULTS_TEXT as T } from '../dashboards-texts';
import ResultsChart from './results-chart';
import { ResultsTab } from './results-tab';

const zero = { clicks: 0, conversions: 0, conversion_rate: 0, payout: 0, epc: 0 };
const keto = { clicks: 30, conversions: 3, conversion_rate: 10, payout: 135, epc: 4.5 };
const glow = { clicks: 10, conversions: 1, conversion_rate: 10, payout: 45, epc: 4.5 };
const all = { clicks: 40, conversions: 4, conversion_rate: 10, payout: 180, epc: 4.5 };

function answer(overrides: Partial<ResultsResponse>): ResultsResponse {
  return {
    period: { from: '2026-11-23', to: '2026-11-29', days: 7, time_zone: 'UTC' },
    group_by: 'offer',
    totals: zero,
    days: [],
    groups: [],
    sub_ids: [],
    truncated: false,
    conversion_counts: { pending: 0, approved: 0, rejected: 0, paid: 0, over_cap: 0 },
    conversions: [],
    ...overrides,
  };
}

const KETO = buildOwnOffer({ offer_id: '20000000-0000-4000-8000-000000000001', title: 'Keto' });
const GLOW = buildOwnOffer({ offer_id: '20000000-0000-4000-8000-000000000002', title: 'Glow' });

function setup() {
  saveSession({
    token: 't',
    user: buildUser({ user_id: 'u-adv', role: 'advertiser', entity_id: 'adv-entity' }),
  });
  const api = stubApi({
    'GET /offers/entity/adv-entity': () => json(200, { offers: [KETO, GLOW] }),
    'GET /results/own-offers': () =>
      json(
        200,
        answer({
          totals: all,
          days: [{ day: '2026-11-29', ...all }],
          groups: [
            { key: KETO.offer_id, label: 'Keto', ...keto },
            { key: GLOW.offer_id, label: 'Glow', ...glow },
          ],
        }),
      ),
    [`GET /offers/${KETO.offer_id}/results`]: () =>
      json(
        200,
        answer({
          group_by: 'affiliate',
          totals: keto,
          days: [{ day: '2026-11-29', ...keto }],
          groups: [{ key: 'aff-1', label: 'Media Buyers Ltd', ...keto }],
        }),
      ),
  });
  return { api, user: userEvent.setup() };
}

describe('ResultsTab, all of an owner’s offers', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('opens on all offers: totals, a per-offer table with totals, and a link to each offer', async () => {
    const { api, user } = setup();
    renderWithProviders(<ResultsTab ownerOf="adv-entity" runsOffers={false} />);

    const totals = await screen.findByRole('region', { name: T.totalsLabel });
    expect(within(totals).getByText('40')).toBeVisible();
    expect(within(totals).getByText('10.00%')).toBeVisible();
    expect(within(totals).getByText('$180')).toBeVisible();
    expect(screen.getByLabelText(T.sourceLabel)).toHaveDisplayValue(T.allOwnOffers);
    expect(api.calls.some((c) => c.path === '/results/own-offers')).toBe(true);

    const perOffer = screen.getAllByRole('region', { name: T.byOffer }).at(-1)!;
    const rows = within(perOffer).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Keto',
      'Glow',
      T.totals,
    ]);

    // An offer's name opens its own view, per affiliate.
    await user.click(screen.getByRole('button', { name: T.openOffer('Keto') }));
    expect((await screen.findAllByRole('region', { name: T.byAffiliate }))[0]).toBeVisible();
    expect(screen.getByText('Media Buyers Ltd')).toBeVisible();
    expect(screen.getByLabelText(T.sourceLabel)).toHaveDisplayValue(T.offerSource('Keto'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === `/offers/${KETO.offer_id}/results`)).toBe(true),
    );
  });
});

describe('ResultsChart', () => {
  it('labels its axes: the dates (UTC) and each measure with its unit', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // jsdom lays nothing out: the chart's container measures as on a dashboard, the rest as 0.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('recharts-responsive-container')
        ? DOMRect.fromRect({ width: 600, height: 288 })
        : DOMRect.fromRect({ width: 0, height: 0 });
    });
    render(
      <ResultsChart
        days={[
          { day: '2026-11-28', ...glow },
          { day: '2026-11-29', ...keto },
        ]}
        label="Chart"
      />,
    );
    const chart = screen.getByTestId('results-chart');
    for (const label of [T.axisDate, T.axisClicks, T.axisConversions]) {
      expect(within(chart).getByText(label)).toBeInTheDocument();
    }
  });
});
