import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CopyButton } from './copy-button';

const props = { text: 'https://x.test/go/abc', label: 'Copy', copied: 'Copied.', failed: 'No.' };

describe('CopyButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('copies the text and says so', async () => {
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithProviders(<CopyButton {...props} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith('https://x.test/go/abc');
    expect(await screen.findByText('Copied.')).toBeVisible();
  });

  it('says so when the browser refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<CopyButton {...props} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('No.')).toBeVisible();
  });
});
