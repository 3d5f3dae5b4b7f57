import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PostbackLogEntry } from '@trustlinks/contract/conversions';
import { buildOwnOffer } from '../../../test/factories';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PostbackDialog } from './postback-dialog';

describe('PostbackDialog', () => {
  it('replaces the secret after a confirmation and shows the new one (decision 025)', async () => {
    const offer = buildOwnOffer({ postback_secret: 'old-secret-0000' });
    const api = stubApi({
      [`GET /offers/${offer.offer_id}/postbacks`]: () => json(200, { entries: [], limit: 100 }),
      [`POST /offers/${offer.offer_id}/postback-secret`]: () =>
        json(200, {
          message: 'New postback secret created. The old one no longer works: update your tracker.',
          postback_secret: 'new-secret-1111',
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostbackDialog offer={offer} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Postback setup' });
    await user.click(within(dialog).getByRole('button', { name: 'New secret' }));
    expect(within(dialog).getByText(/postbacks with the old secret are refused/)).toBeVisible();
    // Keeping the current secret sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep current secret' }));
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'New secret' }));
    await user.click(within(dialog).getByRole('button', { name: 'Replace secret' }));
    expect(await within(dialog).findByTestId('postback-secret')).toHaveTextContent(
      'new-secret-1111',
    );
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(
      [`POST /offers/${offer.offer_id}/postback-secret`],
    );
    expect(
      await screen.findByText(
        'New postback secret created. The old one no longer works: update your tracker.',
      ),
    ).toBeVisible();
  });

  it('copies the URL with its secret, sends a test conversion and lists the last postbacks (decision 049)', async () => {
    const offer = buildOwnOffer({ postback_secret: 'sec-1234' });
    const logged = {
      id: 'l1',
      received_at: '2026-11-29T10:00:00.000Z',
      test: false,
      carried: { click_id: 'c-1', payout: 12 },
      status_code: 403,
      message: 'Wrong postback secret for this offer.',
    };
    const entries: PostbackLogEntry[] = [logged];
    const testEntry = {
      id: 'l2',
      received_at: '2026-11-29T10:05:00.000Z',
      test: true,
      carried: { click_id: null, payout: null, test: 1 },
      status_code: 200,
      message: 'Test conversion received: marked test, never paid and never counted.',
    };
    const api = stubApi({
      [`GET /offers/${offer.offer_id}/postbacks`]: () => json(200, { entries, limit: 100 }),
      [`POST /offers/${offer.offer_id}/postbacks/test`]: () => {
        entries.unshift(testEntry);
        return json(200, { message: testEntry.message, entry: testEntry });
      },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithProviders(<PostbackDialog offer={offer} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Postback setup' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('secret=sec-1234'));
    const [log] = await within(dialog).findAllByRole('region', { name: 'Last postbacks' });
    expect(within(log!).getByText('click_id=c-1, payout=12')).toBeVisible();
    expect(within(log!).getByText('403')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send a test conversion' }));
    expect(await within(log!).findByText('Test')).toBeVisible();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(
      `POST /offers/${offer.offer_id}/postbacks/test`,
    );
  });
});
