import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_LIMITS } from '@trustlinks/contract/reviews';
import { buildReview } from '../../../test/factories';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ModerateDialog } from './moderate-dialog';

describe('ModerateDialog', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows the contract's admin-notes limit under the field and sends nothing", async () => {
    const fetchMock = stubFetch(() => json(500, { error: 'not expected' }));
    const review = buildReview({ review_id: 'r-1', review_status: 'pending' });
    renderWithProviders(
      <ModerateDialog target={{ review, action: 'approve' }} onOpenChange={() => {}} />,
    );
    // Pasted past the field's maxLength (which only stops typing).
    fireEvent.input(screen.getByLabelText(/Admin Notes/i), {
      target: { value: 'x'.repeat(REVIEW_LIMITS.adminNotesMax + 1) },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      screen.getByText(`Admin notes may have at most ${REVIEW_LIMITS.adminNotesMax} characters`),
    ).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
