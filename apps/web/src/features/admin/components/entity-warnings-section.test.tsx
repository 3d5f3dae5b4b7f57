import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WARNING_MESSAGES } from '@trustlinks/contract/warnings';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { EntityWarningsSection } from './entity-warnings-section';

describe('EntityWarningsSection', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows the contract's rule for the public text under the field and sends nothing", async () => {
    const fetchMock = stubFetch(() => json(200, { warnings: [], audit: [] }));
    const user = userEvent.setup();
    renderWithProviders(<EntityWarningsSection entityId="e-1" />);
    expect(await screen.findByText('No warnings placed.')).toBeVisible();

    await user.type(screen.getByLabelText('Public text'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Place warning' }));

    expect(screen.getByText(WARNING_MESSAGES.textRequired)).toBeVisible();
    expect(screen.getByLabelText('Public text')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
