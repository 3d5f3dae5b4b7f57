import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildPublicEntity, buildUser } from '../../../test/factories';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { badgeHtml, TrustBadgePanel } from './trust-badge-panel';

const ENTITY = buildPublicEntity({ name: 'Vitality "Partners" <Ltd>' });

function signIn() {
  saveSession({
    token: 't',
    user: buildUser({ role: 'advertiser', entity_id: ENTITY.entity_id }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TrustBadgePanel', () => {
  it('shows the badge and the HTML to paste (the badge in a link to the page), and copies it', async () => {
    signIn();
    const fetchMock = stubFetch(() => json(200, { entity: ENTITY }));
    const user = userEvent.setup();
    renderWithProviders(<TrustBadgePanel />);

    const image = await screen.findByRole('img', { name: `${ENTITY.name} on TrustLinks` });
    expect(image).toHaveAttribute('src', '/badge/vitality-partners.svg');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/entities/public/${ENTITY.entity_id}`);
    const origin = window.location.origin;
    const html = screen.getByRole('textbox', { name: 'Badge HTML' });
    expect(html).toHaveValue(
      `<a href="${origin}/entity/vitality-partners" target="_blank" rel="noopener"><img src="${origin}/badge/vitality-partners.svg" alt="Vitality &quot;Partners&quot; &lt;Ltd> on TrustLinks" width="220" height="64"></a>`,
    );

    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(image).toHaveAttribute('src', '/badge/vitality-partners.svg?theme=dark');
    expect((html as HTMLTextAreaElement).value).toContain(
      '/badge/vitality-partners.svg?theme=dark',
    );

    await user.click(screen.getByRole('button', { name: 'Copy HTML' }));
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toBe((html as HTMLTextAreaElement).value);
    expect(await screen.findByText('Badge HTML copied.')).toBeVisible();
  });

  it('shows nothing for an entity the public cannot see (no badge until approved)', async () => {
    signIn();
    const fetchMock = stubFetch(() => json(404, { error: 'Entity not found' }));
    const { container } = renderWithProviders(<TrustBadgePanel />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('escapes what it puts in the HTML', () => {
    expect(badgeHtml('https://t.example', 'a-b', '"><script>', 'light')).not.toContain('<script>');
  });
});
