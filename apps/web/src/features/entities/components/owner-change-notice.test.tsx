import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildEntity, buildUser } from '../../../test/factories';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { OwnerChangeNotice } from './owner-change-notice';

const ENTITY_ID = '00000000-0000-4000-8000-000000000042';

const privateEntity = (pending_change: unknown, join_click_count = 0) => ({
  entity: { ...buildEntity({ entity_id: ENTITY_ID }), pending_change, join_click_count },
});

describe('OwnerChangeNotice', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows the entity's own user the change that waits, only the fields asked for", async () => {
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: ENTITY_ID }) });
    fetchMock.mockResolvedValue(
      json(
        200,
        privateEntity({
          name: 'Vitality Group',
          website: null,
          email: null,
          signup_url: 'https://signup.vitality.example.net/join',
          requested_at: '2026-01-07T10:00:00.000Z',
        }),
      ),
    );
    renderWithProviders(<OwnerChangeNotice entityId={ENTITY_ID} />);
    expect(await screen.findByText('Your change is waiting for review')).toBeVisible();
    expect(screen.getByText('Vitality Group')).toBeVisible();
    expect(screen.getByText('New sign-up URL')).toBeVisible();
    expect(screen.getByText('https://signup.vitality.example.net/join')).toBeVisible();
    expect(screen.queryByText('New website')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/api/entities/${ENTITY_ID}`);
  });

  it("tells the entity's own user how many visitors 'Join' sent to their sign-up page", async () => {
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: ENTITY_ID }) });
    fetchMock.mockResolvedValue(json(200, privateEntity(null, 1234)));
    renderWithProviders(<OwnerChangeNotice entityId={ENTITY_ID} />);
    expect(
      await screen.findByText('‘Join’ has sent 1,234 visitors to your sign-up page.'),
    ).toBeVisible();
    expect(screen.queryByText('Your change is waiting for review')).toBeNull();
  });

  it('shows nothing when nothing waits or the server refuses (entity no longer approved)', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'user', entity_id: ENTITY_ID }) });
    fetchMock.mockResolvedValue(
      json(403, { error: 'You can only view or change your own entity.' }),
    );
    const { container } = renderWithProviders(<OwnerChangeNotice entityId={ENTITY_ID} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('asks nothing for visitors and other users', () => {
    saveSession({ token: 't', user: buildUser({ entity_id: 'another' }) });
    const { container } = renderWithProviders(<OwnerChangeNotice entityId={ENTITY_ID} />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
