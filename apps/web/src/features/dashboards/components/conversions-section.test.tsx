import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversion } from '@trustlinks/contract/conversions';
import type { ResultsResponse } from '@trustlinks/contract/results';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { CONVERSIONS_TEXT as T } from '../dashboards-texts';
import { ConversionsSection } from './conversions-section';

const zero = { clicks: 0, conversions: 0, conversion_rate: 0, payout: 0, epc: 0 };
const OFFER = '20000000-0000-4000-8000-000000000001';
const CLICK = '30000000-0000-4000-8000-000000000001';
const conversion: Conversion = {
  click_id: CLICK,
  converted_at: '2026-11-29T10:15:00.000Z',
  offer_id: OFFER,
  offer_title: 'Keto',
  affiliate_entity_id: 'aff-1',
  affiliate_name: 'Media Buyers Ltd',
  sub1: 'facebook',
  payout: 30,
  status: 'pending',
  reason: null,
  over_cap: false,
};
const overCap: Conversion = {
  ...conversion,
  click_id: '30000000-0000-4000-8000-000000000002',
  payout: null,
  over_cap: true,
};

function results(group_by: 'affiliate' | 'offer', conversions: Conversion[]): ResultsResponse {
  return {
    period: { from: '2026-11-29', to: '2026-11-29', days: 1, time_zone: 'UTC' },
    group_by,
    totals: zero,
    days: [],
    groups: [],
    sub_ids: [],
    truncated: false,
    conversion_counts: { pending: 1, approved: 0, rejected: 0, paid: 0, over_cap: 1 },
    conversions,
  };
}

describe('ConversionsSection (decision 049)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the affiliate each status and reason, with nothing to set', () => {
    renderWithProviders(
      <ConversionsSection
        data={results('offer', [
          { ...conversion, status: 'rejected', reason: 'Duplicate lead' },
          overCap,
        ])}
        manage={false}
        onExport={() => {}}
        exporting={false}
      />,
    );
    const [section] = screen.getAllByRole('region', { name: T.heading });
    const rows = within(section!).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Rejected');
    expect(rows[0]).toHaveTextContent(T.reason('Duplicate lead'));
    expect(rows[0]).toHaveTextContent('Keto');
    expect(rows[1]).toHaveTextContent(T.overCap);
    expect(within(section!).queryByRole('button', { name: /Set status/ })).toBeNull();
    expect(screen.getByTestId('conversion-counts')).toHaveTextContent('Over cap 1');
  });

  it('lets the owner reject one with a reason; an over-cap one has nothing to set', async () => {
    const api = stubApi({
      [`PUT /offers/${OFFER}/conversions/${CLICK}`]: (call) =>
        json(200, {
          message: 'Conversion marked rejected.',
          conversion: {
            ...conversion,
            status: 'rejected',
            reason: (call.body as { reason: string }).reason,
          },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConversionsSection
        data={results('affiliate', [conversion, overCap])}
        manage
        onExport={() => {}}
        exporting={false}
      />,
    );
    expect(screen.getAllByRole('button', { name: /Set status/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: `${T.setStatus}: ${CLICK}` }));
    const dialog = screen.getByRole('dialog', { name: T.setStatusTitle });
    await user.selectOptions(within(dialog).getByLabelText(T.newStatus), 'rejected');
    await user.type(within(dialog).getByLabelText(T.reasonLabel), 'Duplicate lead');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await screen.findByText('Conversion marked rejected.')).toBeVisible();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'rejected',
      reason: 'Duplicate lead',
    });
  });
});
