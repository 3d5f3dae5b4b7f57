import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOwnOffer } from '../../../test/factories';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PostbackDialog } from './postback-dialog';

describe('PostbackDialog', () => {
  it('replaces the secret after a confirmation and shows the new one (decision 025)', async () => {
    const offer = buildOwnOffer({ postback_secret: 'old-secret-0000' });
    const api = stubApi({
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
    expect(api.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'New secret' }));
    await user.click(within(dialog).getByRole('button', { name: 'Replace secret' }));
    expect(await within(dialog).findByTestId('postback-secret')).toHaveTextContent(
      'new-secret-1111',
    );
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /offers/${offer.offer_id}/postback-secret`,
    ]);
    expect(
      await screen.findByText(
        'New postback secret created. The old one no longer works: update your tracker.',
      ),
    ).toBeVisible();
  });
});
