import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Clicks 'Join Network' (the entity page's and the offer page's) and finds the coming-soon
 * message it answers with (docs/product/entities.md#entity-page).
 */
export async function clickJoinNetwork(): Promise<HTMLElement> {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Join Network' }));
  return screen.findByText(
    'Join network functionality coming soon! Please contact us directly for now.',
  );
}
