import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Entity } from '@trustlinks/contract/entities';
import { saveSession } from '../../../lib/session';
import { buildEntity, buildUser } from '../../../test/factories';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { AdminPage } from '../pages/admin-page';

const APPROVED: Entity = buildEntity({
  entity_id: '00000000-0000-4000-8000-000000000001',
  name: 'Northwind Traffic',
  entity_type: 'affiliate',
  website: 'https://northwind-traffic.example.com',
  email: 'affiliate@northwind.example.com',
  pending_change: {
    name: 'Northwind Traffic Group',
    website: 'https://northwind-traffic-group.example.com',
    email: null,
    signup_url: null,
    requested_at: '2026-01-07T10:00:00.000Z',
  },
});

/** An advertiser whose owner asked for a new sign-up page ('Join' sends visitors there). */
const SIGNUP_CHANGE: Entity = buildEntity({
  entity_id: '00000000-0000-4000-8000-000000000002',
  name: 'Apex Gaming Group',
  entity_type: 'advertiser',
  entity_metadata: { signup_url: 'https://apex-gaming.example.com/partners' },
  pending_change: {
    name: null,
    website: null,
    email: null,
    signup_url: 'https://apex-partners-signup.example.net/register',
    requested_at: '2026-01-07T10:00:00.000Z',
  },
});

/** The entity list and the pending-change decision, with the server's answers. */
function fakeApi(
  answer: (decision: string) => Response | null = () => null,
  start: Entity = APPROVED,
) {
  let entity = { ...start };
  const decisions: unknown[] = [];
  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/entities') {
      return json(200, {
        entities: [entity],
        pagination: {
          page: 1,
          limit: 50,
          total: 1,
          totalPages: 1,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      });
    }
    if (method === 'PUT' && url.pathname === `/api/entities/${entity.entity_id}/pending-change`) {
      const body = JSON.parse(String(init?.body)) as { decision: string };
      decisions.push(body);
      const refused = answer(body.decision);
      if (refused) return refused;
      const change = entity.pending_change!;
      entity =
        body.decision === 'accept'
          ? {
              ...entity,
              name: change.name ?? entity.name,
              website: change.website ?? entity.website,
              pending_change: null,
            }
          : { ...entity, pending_change: null };
      return json(200, { message: 'ok', entity });
    }
    return json(404, { error: 'Not found' });
  };
  return { handler, decisions };
}

function renderAdmin() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminPage />} />
    </Routes>,
    { route: '/admin' },
  );
}

describe('a change waiting for review in the entity detail modal', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    saveSession({ token: 't', user: buildUser({ role: 'admin' }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('marks the row, shows approved and requested values, and accepts', async () => {
    const api = fakeApi();
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    const row = (await screen.findByText('Northwind Traffic', { selector: 'p' })).closest('tr')!;
    expect(within(row).getByText('Change pending')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const section = await screen.findByRole('region', { name: 'Change Waiting for Review' });
    expect(within(section).getByText('Northwind Traffic Group')).toBeVisible();
    expect(within(section).getByText('Northwind Traffic')).toBeVisible();
    expect(within(section).getByText('https://northwind-traffic-group.example.com')).toBeVisible();
    // Email was not asked for: no row for it.
    expect(within(section).queryByText('Email')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Accept Change' }));
    expect(await screen.findByText('Change accepted.')).toBeVisible();
    expect(api.decisions).toEqual([{ decision: 'accept' }]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Change Waiting for Review' })).toBeNull(),
    );
    expect(screen.getAllByText('Northwind Traffic Group').length).toBeGreaterThan(0);
  });

  it("shows the server's reason when accepting is refused (a name taken meanwhile)", async () => {
    const reason =
      'Another approved entity is already called "Northwind Traffic Group". Approved entities need unique names.';
    const api = fakeApi((d) => (d === 'accept' ? json(409, { error: reason }) : null));
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    const row = (await screen.findByText('Northwind Traffic', { selector: 'p' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const section = await screen.findByRole('region', { name: 'Change Waiting for Review' });
    await user.click(within(section).getByRole('button', { name: 'Accept Change' }));
    expect(await screen.findByText(reason)).toBeVisible();
    // Still waiting; rejecting keeps the approved values.
    await user.click(within(section).getByRole('button', { name: 'Reject Change' }));
    expect(await screen.findByText('Change rejected.')).toBeVisible();
    expect(api.decisions).toEqual([{ decision: 'accept' }, { decision: 'reject' }]);
  });

  it('shows a waiting sign-up URL change beside the approved one, and accepts it', async () => {
    const api = fakeApi(() => null, SIGNUP_CHANGE);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    const row = (await screen.findByText('Apex Gaming Group', { selector: 'p' })).closest('tr')!;
    expect(within(row).getByText('Change pending')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const section = await screen.findByRole('region', { name: 'Change Waiting for Review' });
    expect(within(section).getByText('Signup URL')).toBeVisible();
    expect(within(section).getByText('https://apex-gaming.example.com/partners')).toBeVisible();
    expect(
      within(section).getByText('https://apex-partners-signup.example.net/register'),
    ).toBeVisible();
    expect(within(section).queryByText('Website')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Accept Change' }));
    expect(await screen.findByText('Change accepted.')).toBeVisible();
    expect(api.decisions).toEqual([{ decision: 'accept' }]);
  });
});
