import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDENTITY_CLAIM_MESSAGES,
  IDENTITY_CLAIM_NOTE_MAX,
  type IdentityClaim,
  type IdentityClaimStatus,
} from '@trustlinks/contract/identity';
import { renderWithProviders } from '../../../test/render';
import { IdentityClaimsTab } from './identity-claims-tab';
import { json } from '../../../test/fetch';

const HOUR = 3_600_000;
let seq = 0;
function buildClaim(overrides: Partial<IdentityClaim> = {}): IdentityClaim {
  seq += 1;
  return {
    claim_id: `20000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    user_id: `u${seq}`,
    user_name: `Claimant ${seq}`,
    user_email: `claimant${seq}@example.com`,
    profile_url: `https://www.linkedin.com/in/claimant-${seq}`,
    account_created_at: new Date(Date.now() - 3 * 24 * HOUR).toISOString(),
    submitted_at: new Date(Date.now() - HOUR).toISOString(),
    status: 'pending_review',
    decision_note: null,
    decided_at: null,
    ...overrides,
  };
}

/** The claims API with the real one's rules for what the tab calls. */
function fakeApi(claims: IdentityClaim[]) {
  const state = { claims: [...claims] };
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && url.pathname === '/api/admin/identity-claims') {
      const status = (url.searchParams.get('status') ?? 'pending_review') as IdentityClaimStatus;
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const list = state.claims.filter((c) => c.status === status);
      const totalPages = Math.max(1, Math.ceil(list.length / limit));
      return json(200, {
        claims: list.slice((page - 1) * limit, page * limit),
        pagination: {
          page,
          limit,
          total: list.length,
          totalPages,
          hasNextPage: page < totalPages,
          hasPreviousPage: page > 1,
        },
      });
    }
    const one = url.pathname.match(/^\/api\/admin\/identity-claims\/([^/]+)$/);
    if (method === 'PUT' && one) {
      const { decision, note } = body as { decision: 'approved' | 'rejected'; note: string | null };
      const claim = state.claims.find((c) => c.claim_id === one[1]);
      if (!claim) return json(404, { error: 'Identity claim not found' });
      if (decision === 'rejected' && !note) {
        return json(400, { error: IDENTITY_CLAIM_MESSAGES.rejectNoteRequired });
      }
      const updated = {
        ...claim,
        status: decision,
        decision_note: note,
        decided_at: new Date().toISOString(),
      };
      state.claims = state.claims.map((c) => (c.claim_id === claim.claim_id ? updated : c));
      return json(200, {
        message:
          decision === 'approved'
            ? IDENTITY_CLAIM_MESSAGES.approved
            : IDENTITY_CLAIM_MESSAGES.rejected,
        claim: updated,
      });
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, calls };
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

/** Sofia Reyes's pending claim, its row's Approve or Reject clicked: the decision dialog. */
async function openDecision(verb: 'Approve' | 'Reject') {
  const api = fakeApi([buildClaim({ user_name: 'Sofia Reyes' })]);
  const user = userEvent.setup();
  renderWithProviders(<IdentityClaimsTab />);
  await user.click(await screen.findByRole('button', { name: `${verb}: Sofia Reyes` }));
  const dialog = await screen.findByRole('dialog', { name: `${verb} identity claim` });
  return { api, user, dialog };
}

describe('IdentityClaimsTab', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('lists pending claims with user, profile URL, account age and submission date', async () => {
    const old = buildClaim({ user_name: 'Sofia Reyes' });
    const fresh = buildClaim({
      user_name: 'Newt Comer',
      account_created_at: new Date(Date.now() - 5 * HOUR).toISOString(),
    });
    fakeApi([old, fresh]);
    renderWithProviders(<IdentityClaimsTab />);
    expect(await screen.findByText('Sofia Reyes')).toBeVisible();
    const row = rowOf('Sofia Reyes');
    expect(within(row).getByText(old.user_email)).toBeVisible();
    expect(
      within(row).getByRole('link', {
        name: 'LinkedIn profile of Sofia Reyes (opens in a new tab)',
      }),
    ).toHaveAttribute('href', old.profile_url);
    expect(within(row).getByText('3 days')).toBeVisible();
    expect(within(rowOf('Newt Comer')).getByText('5 hours')).toBeVisible();
    expect(within(rowOf('Newt Comer')).getByText('New account')).toBeVisible();
    expect(screen.getByText('2 claims')).toBeVisible();
  });

  it('approves with an optional note; the claim leaves the queue', async () => {
    const { api, user, dialog } = await openDecision('Approve');
    await user.type(within(dialog).getByLabelText(/Note to the user/), 'Profile matches.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Claim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      decision: 'approved',
      note: 'Profile matches.',
    });
    expect(await screen.findByText(IDENTITY_CLAIM_MESSAGES.approved)).toBeVisible();
    expect(await screen.findByText('No identity claims waiting for review.')).toBeVisible();

    // The Approved filter shows it with its note.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show claims' }), 'approved');
    expect(await screen.findByText('Profile matches.')).toBeVisible();
  });

  it('rejects only with a note, which is sent to the server', async () => {
    const { api, user, dialog } = await openDecision('Reject');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Claim' }));
    expect(
      await within(dialog).findByText(IDENTITY_CLAIM_MESSAGES.rejectNoteRequired),
    ).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Note to the user/), 'Not your profile.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Claim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      decision: 'rejected',
      note: 'Not your profile.',
    });
    expect(api.state.claims[0]!.status).toBe('rejected');
  });

  it("shows the contract's note limit under the note before sending", async () => {
    const { api, user, dialog } = await openDecision('Approve');
    // Pasted past the field's maxLength (which only stops typing).
    fireEvent.input(within(dialog).getByLabelText(/Note to the user/), {
      target: { value: 'x'.repeat(IDENTITY_CLAIM_NOTE_MAX + 1) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Approve Claim' }));
    expect(within(dialog).getByText(IDENTITY_CLAIM_MESSAGES.noteTooLong)).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('pages through a long queue', async () => {
    fakeApi(Array.from({ length: 25 }, () => buildClaim()));
    const user = userEvent.setup();
    renderWithProviders(<IdentityClaimsTab />);
    expect(await screen.findByText('25 claims')).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6));
  });
});
