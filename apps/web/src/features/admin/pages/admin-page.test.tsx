import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { AdminUser } from '@trustlinks/contract/admin';
import type { VerificationStatus } from '@trustlinks/contract/constants';
import type { Entity } from '@trustlinks/contract/entities';
import { getSession, saveSession } from '../../../lib/session';
import { buildEntity as buildFullEntity, buildUser } from '../../../test/factories';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { AdminPage } from './admin-page';

let seq = 0;
function buildEntity(overrides: Partial<Entity> = {}): Entity {
  seq += 1;
  return buildFullEntity({
    entity_id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `Entity ${seq}`,
    entity_type: 'network',
    website: null,
    verification_status: 'pending',
    email: `entity${seq}@example.com`,
    user_account_created: false,
    ...overrides,
  });
}

function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  seq += 1;
  const id = `10000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    user_id: id,
    name: `User ${seq}`,
    email: `user${seq}@example.com`,
    role: 'user',
    status: 'active',
    entity_id: null,
    email_verified: true,
    identity_verified: false,
    identity_method: null,
    created_at: '2026-01-05T10:00:00.000Z',
    status_reason: null,
    status_changed_at: null,
    mfa_enabled: false,
    mfa_required: false,
    ...overrides,
  };
}

const TRANSITIONS: Record<VerificationStatus, VerificationStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

/**
 * A small in-memory API with the rules of the real one for the calls the panel makes.
 * `hold()` keeps the next write waiting until the returned function is called.
 */
function fakeApi(entities: Entity[], users: AdminUser[] = []) {
  const state = { entities: [...entities], users: [...users] };
  let gate: Promise<void> | null = null;
  const calls: { method: string; url: URL; body: unknown }[] = [];

  const page = <T,>(items: T[], url: URL, key: string) => {
    const p = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const totalPages = Math.max(1, Math.ceil(items.length / limit));
    return {
      [key]: items.slice((p - 1) * limit, p * limit),
      pagination: {
        page: p,
        limit,
        total: items.length,
        totalPages,
        hasNextPage: p < totalPages,
        hasPreviousPage: p > 1,
      },
    };
  };

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method !== 'GET' && gate) await gate;
    const path = url.pathname;

    if (method === 'GET' && path === '/api/entities') {
      const status = url.searchParams.get('verification_status') ?? 'all';
      const list = state.entities.filter(
        (e) => status === 'all' || e.verification_status === status,
      );
      return json(200, page(list, url, 'entities'));
    }
    const verification = path.match(/^\/api\/entities\/([^/]+)\/verification$/);
    if (method === 'PUT' && verification) {
      const entity = state.entities.find((e) => e.entity_id === verification[1]);
      if (!entity) return json(404, { error: 'Entity not found' });
      const next = (body as { verification_status: VerificationStatus }).verification_status;
      if (!TRANSITIONS[entity.verification_status].includes(next)) {
        return json(409, {
          error: `An entity cannot go from ${entity.verification_status} to ${next}.`,
        });
      }
      const updated = {
        ...entity,
        verification_status: next,
        user_account_created: entity.user_account_created || next === 'approved',
      };
      state.entities = state.entities.map((e) => (e.entity_id === entity.entity_id ? updated : e));
      return json(200, {
        message:
          next === 'approved' ? 'Entity approved successfully!' : 'Entity rejected successfully!',
        entity: updated,
      });
    }
    const one = path.match(/^\/api\/entities\/([^/]+)$/);
    if (method === 'DELETE' && one) {
      state.entities = state.entities.filter((e) => e.entity_id !== one[1]);
      return json(200, { message: 'Entity deleted successfully!' });
    }
    if (method === 'GET' && path === '/api/admin/users') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const list = state.users.filter(
        (u) => !search || u.name.toLowerCase().includes(search) || u.email.includes(search),
      );
      return json(200, page(list, url, 'users'));
    }
    const userStatus = path.match(/^\/api\/admin\/users\/([^/]+)\/status$/);
    if (method === 'PUT' && userStatus) {
      const { status, reason } = body as { status: 'active' | 'banned'; reason?: string };
      if (!reason || reason.trim().length < 5) return json(400, { error: 'Please give a reason' });
      const user = state.users.find((u) => u.id === userStatus[1]);
      if (!user) return json(404, { error: 'User not found' });
      const updated = {
        ...user,
        status,
        status_reason: reason.trim(),
        status_changed_at: '2026-02-01T10:00:00.000Z',
      };
      state.users = state.users.map((u) => (u.id === user.id ? updated : u));
      return json(200, {
        message: status === 'banned' ? 'User banned successfully.' : 'User unbanned successfully.',
        user: updated,
      });
    }
    if (method === 'GET' && path === '/api/admin/workload') {
      return json(200, {
        pending_entities: state.entities.filter((e) => e.verification_status === 'pending').length,
        pending_reviews: 4,
        held_reviews: { new_account: 1, burst: 2, banned: 1 },
        flagged_reviews: 0,
        open_reports: 1,
        identity_claims: 2,
        entity_changes: 0,
        contact_messages: 3,
        open_thread_reports: 2,
        cap: 1000,
      });
    }
    if (method === 'GET' && path === '/api/admin/audit') {
      return json(200, { entries: [], has_more: false });
    }
    if (method === 'POST' && path === '/api/users/logout')
      return new Response(null, { status: 204 });
    return json(404, { error: 'Not found' });
  };

  return {
    state,
    calls,
    handler,
    hold(): () => void {
      let release: () => void = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const ADMIN = buildUser({ user_id: 'admin-1', role: 'admin', name: 'Ada Admin' });

function renderAdmin() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminPage />} />
      <Route path="/login" element={<p>login page</p>} />
      <Route path="/network-dashboard" element={<p>network dashboard</p>} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    { route: '/admin' },
  );
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: 'p' }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function buttonsOf(name: string): string[] {
  return within(rowOf(name))
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('AdminPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('sends visitors to /login', async () => {
    renderAdmin();
    expect(await screen.findByText('login page')).toBeVisible();
  });

  it('sends a logged-in non-admin to their own dashboard', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'network' }) });
    renderAdmin();
    expect(await screen.findByText('network dashboard')).toBeVisible();
  });

  it('shows the panel frame with its three tabs', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    expect(screen.getByText('Manage entities, reviews, and users')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Entity Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('No entities found for "all" status.')).toBeVisible();
    expect(screen.getByText('Try adjusting your filter criteria')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Review Moderation' }));
    expect(screen.getByText('Review moderation arrives with reviews.')).toBeVisible();
  });

  it('offers the actions of each status (docs/product/states.md), View on every row', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([
      buildEntity({ name: 'Pending Co', verification_status: 'pending' }),
      buildEntity({ name: 'Approved Co', verification_status: 'approved' }),
      buildEntity({ name: 'Rejected Co', verification_status: 'rejected' }),
    ]);
    fetchMock.mockImplementation(api.handler);
    renderAdmin();
    expect(screen.getByText('Loading entities...')).toBeVisible();
    await screen.findByText('Pending Co', { selector: 'p' });
    expect(buttonsOf('Pending Co')).toEqual(['View', 'Approve', 'Reject']);
    expect(buttonsOf('Approved Co')).toEqual(['View', 'Reject']);
    expect(buttonsOf('Rejected Co')).toEqual(['View', 'Approve', 'Delete']);
    expect(api.calls[0]?.url.searchParams.get('verification_status')).toBe('all');
  });

  it('approves after the server answers; the row leaves the Pending Review view', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([
      buildEntity({ name: 'Alpha Ads', verification_status: 'pending' }),
      buildEntity({ name: 'Beta Leads', verification_status: 'pending' }),
      buildEntity({ name: 'Gamma Net', verification_status: 'approved' }),
    ]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Alpha Ads', { selector: 'p' });
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Pending Review');
    await waitFor(() => expect(screen.queryByText('Gamma Net', { selector: 'p' })).toBeNull());
    await screen.findByText('Alpha Ads', { selector: 'p' });

    const release = api.hold();
    await user.click(within(rowOf('Alpha Ads')).getByRole('button', { name: 'Approve' }));
    // Busy: the label changes and every button of the row is disabled; the row is still there.
    const busy = within(rowOf('Alpha Ads')).getByRole('button', { name: 'Approving...' });
    expect(busy).toBeDisabled();
    expect(within(rowOf('Alpha Ads')).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(within(rowOf('Beta Leads')).getByRole('button', { name: 'Approve' })).toBeEnabled();

    release();
    expect(await screen.findByText('Entity approved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Alpha Ads', { selector: 'p' })).toBeNull());
    expect(screen.getByText('Beta Leads', { selector: 'p' })).toBeVisible();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toMatch(/\/api\/entities\/.+\/verification$/);
    expect(put?.body).toEqual({ verification_status: 'approved' });
  });

  it('keeps the row with its new status and actions under All Entities', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([buildEntity({ name: 'Alpha Ads', verification_status: 'pending' })]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Alpha Ads', { selector: 'p' });
    await user.click(within(rowOf('Alpha Ads')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Entity rejected successfully!')).toBeInTheDocument();
    await waitFor(() => expect(buttonsOf('Alpha Ads')).toEqual(['View', 'Approve', 'Delete']));
    expect(within(rowOf('Alpha Ads')).getByText('Rejected')).toBeVisible();
  });

  it('asks before deleting, and removes the row once deleted', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([buildEntity({ name: 'Spam Corp', verification_status: 'rejected' })]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Spam Corp', { selector: 'p' });

    await user.click(within(rowOf('Spam Corp')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this entity?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(rowOf('Spam Corp')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Entity deleted successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No entities found for "all" status.')).toBeVisible();
  });

  it("shows the server's reason for a refused action, else the spec's failure text", async () => {
    saveSession({ token: 't', user: ADMIN });
    const entity = buildEntity({ name: 'Alpha Ads', verification_status: 'pending' });
    const api = fakeApi([entity]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Alpha Ads', { selector: 'p' });
    // Someone else approved it meanwhile: the server refuses pending → approved.
    api.state.entities = [{ ...entity, verification_status: 'approved' }];
    await user.click(within(rowOf('Alpha Ads')).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('An entity cannot go from approved to approved.'),
    ).toBeInTheDocument();

    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? new Response(null, { status: 502 }) : api.handler(input, init),
    );
    await user.click(within(rowOf('Alpha Ads')).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Failed to reject entity. Please try again.'),
    ).toBeInTheDocument();
  });

  it('pages through more entities than fit on one page', async () => {
    saveSession({ token: 't', user: ADMIN });
    const many = Array.from({ length: 51 }, (_, i) =>
      buildEntity({ name: `Bulk ${String(i + 1).padStart(2, '0')}` }),
    );
    const api = fakeApi(many);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Bulk 01', { selector: 'p' });
    expect(screen.getByText('51 entities')).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(screen.queryByText('Bulk 51', { selector: 'p' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bulk 51', { selector: 'p' })).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(api.calls.at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it("shows 'Error: {message}' when the list cannot be loaded", async () => {
    saveSession({ token: 't', user: ADMIN });
    fetchMock.mockResolvedValue(json(403, { error: 'You do not have permission to do this.' }));
    renderAdmin();
    expect(await screen.findByText('Error: You do not have permission to do this.')).toBeVisible();
  });

  it("shows every block of the detail modal with 'N/A' for what is missing", async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([
      buildEntity({
        name: 'Acme Ads',
        entity_type: 'advertiser',
        verification_status: 'approved',
        user_account_created: true,
        email: 'owner@acme.test',
        website: 'https://acme.test',
        description: 'We sell things.',
        contact_info: { phone: '+1 555 0100', email: null },
        entity_metadata: {
          company_name: 'Acme Ltd',
          industries: ['Finance', 'Health'],
          referral_commission: 0.1,
        },
      }),
    ]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Acme Ads', { selector: 'p' });
    await user.click(within(rowOf('Acme Ads')).getByRole('button', { name: 'View' }));
    const dialog = screen.getByRole('dialog', { name: 'Acme Ads' });
    const field = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Email')).toHaveTextContent('owner@acme.test');
    expect(field('Phone')).toHaveTextContent('+1 555 0100');
    expect(field('Teams')).toHaveTextContent('N/A');
    expect(field('LinkedIn')).toHaveTextContent('N/A');
    expect(field('Address')).toHaveTextContent('N/A');
    expect(within(dialog).getByRole('link', { name: /acme\.test/ })).toHaveAttribute(
      'href',
      'https://acme.test/',
    );
    expect(field('User Account')).toHaveTextContent('Created');
    expect(field('User Account')).toHaveTextContent('Login email sent to owner@acme.test');
    expect(within(dialog).getByText('We sell things.')).toBeVisible();
    expect(within(dialog).queryByText('Additional Notes')).toBeNull();
    expect(field('Company Name')).toHaveTextContent('Acme Ltd');
    expect(field('Program Name')).toHaveTextContent('N/A');
    expect(field('Advertising Verticals')).toHaveTextContent('Finance, Health');
    expect(field('Referral Commission')).toHaveTextContent('10%');
    expect(field('Payout Types')).toHaveTextContent('N/A');
    expect(field('Signup URL')).toHaveTextContent('N/A');

    await user.click(within(dialog).getByRole('button', { name: 'Close Details' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('bans and unbans users through the API; the own row cannot be banned', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi(
      [],
      [
        buildAdminUser({ id: 'admin-1', user_id: 'admin-1', name: 'Ada Admin', role: 'admin' }),
        buildAdminUser({ name: 'Nina Network', role: 'network' }),
        buildAdminUser({ name: 'Adam Advertiser', role: 'advertiser' }),
      ],
    );
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'User Management' }));
    await screen.findByText('Nina Network', { exact: false, selector: 'p' });

    const ownRow = rowOf('Ada Admin');
    expect(within(ownRow).getByRole('button', { name: /Ban User/ })).toBeDisabled();
    expect(within(ownRow).getByText('Admin')).toBeVisible();
    expect(within(rowOf('Adam Advertiser')).getByText('Advertiser')).toBeVisible();

    const nina = () => rowOf('Nina Network');
    expect(within(nina()).getByText('Network')).toBeVisible();
    expect(within(nina()).getByText('active')).toBeVisible();
    // Ban asks for confirmation and a reason (docs/decisions/032): none given, nothing is sent.
    await user.click(within(nina()).getByRole('button', { name: /Ban User/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban Nina Network?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));
    expect(within(dialog).getByText('Required, 5 to 500 characters.')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Spam reviews on competitors');
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText('User banned successfully.')).toBeInTheDocument();
    await waitFor(() => expect(within(nina()).getByText('banned')).toBeVisible());
    expect(within(nina()).getByText('Reason: Spam reviews on competitors')).toBeVisible();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toMatch(/^\/api\/admin\/users\/.+\/status$/);
    expect(put?.body).toEqual({ status: 'banned', reason: 'Spam reviews on competitors' });

    await user.click(within(nina()).getByRole('button', { name: /Unban User/ }));
    const unban = await screen.findByRole('alertdialog', { name: 'Unban Nina Network?' });
    await user.type(within(unban).getByLabelText(/Reason/), 'Appeal accepted');
    await user.click(within(unban).getByRole('button', { name: 'Unban User' }));
    expect(await screen.findByText('User unbanned successfully.')).toBeInTheDocument();
    await waitFor(() => expect(within(nina()).getByText('active')).toBeVisible());
  });

  it('searches users after a pause in typing', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi(
      [],
      [buildAdminUser({ name: 'Nina Network' }), buildAdminUser({ name: 'Adam Advertiser' })],
    );
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'User Management' }));
    await screen.findByText('Nina Network', { selector: 'p' });
    await user.type(screen.getByLabelText('Search users'), 'adam');
    await waitFor(() => expect(screen.queryByText('Nina Network', { selector: 'p' })).toBeNull());
    expect(screen.getByText('Adam Advertiser', { selector: 'p' })).toBeVisible();
    const searches = api.calls
      .filter((c) => c.url.pathname === '/api/admin/users')
      .map((c) => c.url.searchParams.get('search'));
    // One request for the empty box, one after the pause: not one per keystroke.
    expect(searches).toEqual([null, 'adam']);
  });

  it('Logout goes home, revokes the token and clears the session', async () => {
    saveSession({ token: 't', user: ADMIN });
    const api = fakeApi([]);
    fetchMock.mockImplementation(api.handler);
    const user = userEvent.setup();
    renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(getSession()).toBeNull());
    const logout = api.calls.find((c) => c.url.pathname === '/api/users/logout');
    expect(logout?.method).toBe('POST');
    expect(await screen.findByText('home page')).toBeVisible();
    expect(screen.queryByText('login page')).toBeNull();
  });
});
