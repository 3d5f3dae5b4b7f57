import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadReport } from '@trustlinks/contract/threads';
import { json, stubFetch } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { ThreadReports } from './thread-reports';

afterEach(() => {
  vi.unstubAllGlobals();
});

const report = (id: string, body: string): ThreadReport => ({
  message_id: id,
  thread_id: '22222222-2222-4222-8222-222222222222',
  title: 'Keto Trial US',
  body,
  reason: 'Asks for gift cards',
  reported_at: '2026-11-29T06:00:00Z',
  resolution: null,
});

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '33333333-3333-4333-8333-333333333333';

describe('ThreadReports (docs/decisions/050-deal-threads.md)', () => {
  it('dismisses one report, removes another after confirming; settled ones leave the Open list', async () => {
    const settled = new Map<string, 'dismissed' | 'removed'>();
    const posted: unknown[] = [];
    stubFetch(async (url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { action: 'dismiss' | 'remove' };
        posted.push({ path: url.pathname, ...body });
        const id = url.pathname.split('/')[4]!;
        settled.set(id, body.action === 'remove' ? 'removed' : 'dismissed');
        return json(200, {
          message: 'Done.',
          report: {
            ...report(id, 'x'),
            resolution: {
              resolution: settled.get(id)!,
              resolved_at: '2026-11-29T07:00:00Z',
              resolved_by: 'admin@example.com',
              note: null,
            },
          },
        });
      }
      const status = url.searchParams.get('status');
      const all = [report(ID_A, 'Our payouts beat everyone'), report(ID_B, 'Pay in gift cards')];
      const reports =
        status === 'resolved'
          ? all
              .filter((r) => settled.has(r.message_id))
              .map((r) => ({
                ...r,
                resolution: {
                  resolution: settled.get(r.message_id)!,
                  resolved_at: '2026-11-29T07:00:00Z',
                  resolved_by: 'admin@example.com',
                  note: null,
                },
              }))
          : all.filter((r) => !settled.has(r.message_id));
      return json(200, { reports, has_more: false });
    });
    const user = userEvent.setup();
    renderWithProviders(<ThreadReports />);

    const first = (await screen.findByText('Our payouts beat everyone')).closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() =>
      expect(screen.queryByText('Our payouts beat everyone')).not.toBeInTheDocument(),
    );

    const second = screen.getByText('Pay in gift cards').closest('li')!;
    await user.click(within(second).getByRole('button', { name: 'Remove message' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this message?' });
    expect(posted).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Remove message' }));
    await vi.waitFor(() => expect(screen.queryByText('Pay in gift cards')).not.toBeInTheDocument());
    expect(posted).toEqual([
      { path: `/api/admin/thread-reports/${ID_A}/resolve`, action: 'dismiss' },
      { path: `/api/admin/thread-reports/${ID_B}/resolve`, action: 'remove' },
    ]);
    expect(await screen.findByText('No reported messages')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    const dismissed = (await screen.findByText('Our payouts beat everyone')).closest('li')!;
    expect(within(dismissed).getByText('Dismissed')).toBeVisible();
    expect(within(dismissed).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    const removed = screen.getByText('Pay in gift cards').closest('li')!;
    expect(within(removed).getByText('Message removed')).toBeVisible();
  });
});
