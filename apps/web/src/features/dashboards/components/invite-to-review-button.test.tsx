import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { InviteToReviewButton } from './invite-to-review-button';

describe('InviteToReviewButton', () => {
  it("asks for an application's invitation link and shows it once, with Copy (decision 057)", async () => {
    const link =
      'http://localhost:3000/writereview?entity_id=e-1&invitation=tok_abcdefghijklmnopqrstu';
    const api = stubApi({
      'POST /entities/e-1/review-invitations': () =>
        json(201, {
          message: 'Invitation link ready: send it to your partner. It works once.',
          link,
          invitations: [
            {
              invitation_id: 'i-1',
              email: null,
              application_id: 'a-1',
              partner_name: 'Blue Media',
              status: 'open',
              expires_at: '2026-12-29T00:00:00.000Z',
              created_at: '2026-11-29T00:00:00.000Z',
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <InviteToReviewButton entityId="e-1" applicationId="a-1" partner="Blue Media" />,
    );
    await user.click(screen.getByRole('button', { name: 'Invite to review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Blue Media to review you' });
    expect(within(dialog).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(link);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /entities/e-1/review-invitations',
    ]);
    expect(api.calls[0]!.body).toEqual({ application_id: 'a-1' });
  });
});
