import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company, CompanyListResponse, Contact } from '@trustlinks/contract/companies';
import { IDENTITY_MESSAGES } from '@trustlinks/contract/identity';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { CompanyDatabasePage } from './company-database-page';
import { json } from '../../../test/fetch';

const company = (n: number, type: Company['entity_type'] = 'Advertiser'): Company => ({
  affliate_id: `c${n}`,
  company_name: `Company ${n}`,
  website: `https://www.company${n}.example`,
  entity_type: type,
});

function page(
  data: Company[],
  p: { page: number; total: number; totalPages: number; totalIsCapped?: boolean },
): CompanyListResponse {
  return {
    data,
    pagination: {
      page: p.page,
      limit: 20,
      total: p.total,
      totalPages: p.totalPages,
      hasNextPage: p.page < p.totalPages,
      hasPreviousPage: p.page > 1,
      totalIsCapped: p.totalIsCapped ?? false,
    },
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A tiny fake API: the first handler whose path matches answers. */
function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) return json(404, { error: `no fake for ${key}` });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    listCalls: () =>
      calls
        .filter((c) => c.url.pathname === '/api/affiliate-companies/fetch')
        .map((c) => Object.fromEntries(c.url.searchParams)),
  };
}

const limited = {
  data: { identity_verified: false, entity_id: null, state: 'none', claim_value: null },
};
const verified = {
  data: { identity_verified: true, entity_id: null, state: 'verified', claim_value: null },
};
const codeSent = (email: string) => ({
  data: { identity_verified: false, entity_id: null, state: 'code_sent', claim_value: email },
});
const contacts: Contact[] = [
  {
    contact_id: 'p1',
    full_name: 'Ada Stone',
    first_name: 'Ada',
    last_name: 'Stone',
    designation: 'Affiliate Manager',
    email: 'ada@company1.example',
    phone: '+44 20 7946 0001',
  },
  {
    contact_id: 'p2',
    full_name: '',
    first_name: 'Bo',
    last_name: 'Lind',
    designation: 'CEO',
    email: null,
    phone: null,
  },
];

function logIn() {
  saveSession({ token: 'token-1', user: buildUser({ user_id: 'u-1' }) });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CompanyDatabasePage', () => {
  it('tells visitors that access is restricted and shows them the teaser: names, websites, types, no action', async () => {
    const api = fakeApi({
      'GET /api/affiliate-companies/teaser': () =>
        json(200, {
          data: [
            {
              company_name: 'Company 1',
              website: 'https://www.company1.example',
              entity_type: 'Advertiser',
            },
            { company_name: 'Company 2', website: null, entity_type: 'Network' },
          ],
          total: 320,
        }),
    });
    renderWithProviders(<CompanyDatabasePage />, { route: '/affliate-industry' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Affiliate Company Database',
    );
    expect(screen.getByText('Browse verified affiliate marketing companies')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(
      screen.getByText('Please log in to access the affiliate company database.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');

    const teaser = await screen.findByRole('region', { name: 'A look inside the database' });
    expect(
      within(teaser).getByText(/^The first 2 of 320 companies\. Log in to search them all/),
    ).toBeInTheDocument();
    const rows = within(teaser).getAllByRole('row');
    expect(rows).toHaveLength(3); // header + 2
    expect(within(rows[1]!).getByText('Company 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: /company1\.example/ })).toHaveAttribute(
      'href',
      'https://www.company1.example',
    );
    expect(within(rows[2]!).getByText('No website')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Network')).toBeInTheDocument();
    expect(within(teaser).queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/api/affiliate-companies/teaser']);
  });

  it('lists companies with counts, Limited Access and Request Access for an unverified user', async () => {
    logIn();
    fakeApi({
      'GET /api/users/verification-status': () => json(200, limited),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1), company(2, 'Network')], { page: 1, total: 2, totalPages: 1 })),
    });
    renderWithProviders(<CompanyDatabasePage />);
    expect(await screen.findByText('2 of 2 companies found')).toBeInTheDocument();
    expect(await screen.findByText('Limited Access')).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3); // header + 2
    expect(within(rows[1]!).getByText('Company 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: /company1\.example/ })).toHaveAttribute(
      'href',
      'https://www.company1.example',
    );
    expect(within(rows[2]!).getByText('Network')).toBeInTheDocument();
    expect(
      await within(rows[1]!).findByRole('button', { name: 'Request Access: Company 1' }),
    ).toBeEnabled();
    expect(screen.getByText('Showing 2 of 2 companies • Page 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load More/ })).not.toBeInTheDocument();
  });

  it('appends the next page with Load More and updates the footer', async () => {
    logIn();
    const first = Array.from({ length: 20 }, (_, i) => company(i + 1));
    const api = fakeApi({
      'GET /api/users/verification-status': () => json(200, verified),
      'GET /api/affiliate-companies/fetch': (url) =>
        url.searchParams.get('page') === '2'
          ? json(200, page([company(21)], { page: 2, total: 21, totalPages: 2 }))
          : json(200, page(first, { page: 1, total: 21, totalPages: 2 })),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    expect(await screen.findByText('20 of 21 companies found')).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 21 companies • Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Companies (1 remaining)' }));
    expect(await screen.findByText('21 of 21 companies found')).toBeInTheDocument();
    expect(screen.getByText('Showing 21 of 21 companies • Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Company 21')).toBeInTheDocument();
    expect(screen.getByText('Verified Access')).toBeInTheDocument();
    expect(api.listCalls().map((q) => q.page)).toEqual(['1', '2']);
    expect(api.listCalls()[0]).toEqual({ page: '1', limit: '20' });
  });

  it('searches 500 ms after typing stops and filters by type, each from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logIn();
    const api = fakeApi({
      'GET /api/users/verification-status': () => json(200, limited),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1)], { page: 1, total: 1, totalPages: 1 })),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<CompanyDatabasePage />);
    await screen.findByText('1 of 1 company found');

    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'acme');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(api.listCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(api.listCalls()).toHaveLength(2));
    expect(api.listCalls()[1]).toEqual({ page: '1', limit: '20', search: 'acme' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Company type' }), 'Network');
    await waitFor(() => expect(api.listCalls()).toHaveLength(3));
    expect(api.listCalls()[2]).toEqual({ page: '1', limit: '20', search: 'acme', type: 'Network' });
    expect(screen.getByRole('option', { name: 'All Types' })).toBeInTheDocument();
  });

  it('shows the empty state and the failure message', async () => {
    logIn();
    let fail = false;
    fakeApi({
      'GET /api/users/verification-status': () => json(200, limited),
      'GET /api/affiliate-companies/fetch': () =>
        fail
          ? json(500, { error: 'Something went wrong on our side. Please try again.' })
          : json(200, page([], { page: 1, total: 0, totalPages: 0 })),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
    fail = true;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company type' }), 'Affiliate');
    expect(
      await screen.findByText('Failed to fetch companies. Please try again later.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('Request Access → business email → the code from the mail → the contacts open with full access', async () => {
    logIn();
    let status: object = limited;
    const api = fakeApi({
      'GET /api/users/verification-status': () => json(200, status),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1)], { page: 1, total: 1, totalPages: 1 })),
      'POST /api/users/verify-identity': (_url, init) => {
        // The server refuses free and disposable providers (maintained lists, docs/decisions/023).
        if (JSON.parse(String(init?.body)).business_email === 'me@gmail.com') {
          return json(400, { error: IDENTITY_MESSAGES.freeEmailProvider });
        }
        status = codeSent('robin@acme-corp.example');
        return json(200, {
          message: IDENTITY_MESSAGES.codeSent('robin@acme-corp.example'),
          ...status,
        });
      },
      'POST /api/users/verify-identity/confirm': (_url, init) => {
        if (JSON.parse(String(init?.body)).code !== '424242') {
          return json(400, { error: 'That code is not right. You have 4 tries left.' });
        }
        status = verified;
        return json(200, { message: IDENTITY_MESSAGES.verified, ...verified });
      },
      'GET /api/affiliate-companies/c1/contacts': () =>
        json(200, { data: contacts, access: 'full' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    await user.click(await screen.findByRole('button', { name: 'Request Access: Company 1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Business email' }));
    expect(verify).toBeDisabled();
    const email = within(dialog).getByLabelText('Business email address');
    expect(email).toHaveAttribute('type', 'email');

    // The shared rules answer a malformed address before any request is made.
    await user.type(email, 'me@gmail');
    await user.click(verify);
    expect(
      await within(dialog).findByText(IDENTITY_MESSAGES.businessEmailInvalid),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    // A free-mail provider: the server's message is shown in the dialog.
    await user.type(email, '.com');
    await user.click(verify);
    expect(
      await within(dialog).findByText(IDENTITY_MESSAGES.freeEmailProvider),
    ).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'robin@acme-corp.example');
    await user.click(verify);
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      verification_method: 'business_email',
      business_email: 'robin@acme-corp.example',
    });

    // Nothing is verified yet: the code step asks for the code from the mail.
    expect(
      await screen.findByText(IDENTITY_MESSAGES.codeSent('robin@acme-corp.example')),
    ).toBeInTheDocument();
    const codeStep = screen.getByRole('dialog', { name: 'Verify Your Identity' });
    const code = within(codeStep).getByLabelText('Verification code');
    const confirm = within(codeStep).getByRole('button', { name: 'Verify' });
    expect(confirm).toBeDisabled();
    await user.type(code, '111111');
    await user.click(confirm);
    expect(
      await within(codeStep).findByText('That code is not right. You have 4 tries left.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '42-42 42');
    expect(code).toHaveValue('424242');
    await user.click(confirm);
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/confirm')).at(-1)?.body).toEqual({
      code: '424242',
    });

    const contactsDialog = await screen.findByRole('dialog', { name: 'Company 1 - Contacts' });
    expect(screen.queryByRole('dialog', { name: 'Verify Your Identity' })).not.toBeInTheDocument();
    expect(within(contactsDialog).getByText('Access Level:')).toBeInTheDocument();
    expect(await within(contactsDialog).findByText('Full Access')).toBeInTheDocument();
    expect(within(contactsDialog).getByText('Ada Stone')).toBeInTheDocument();
    expect(within(contactsDialog).getByText('Affiliate Manager')).toBeInTheDocument();
    expect(
      within(contactsDialog).getByRole('link', { name: 'ada@company1.example' }),
    ).toHaveAttribute('href', 'mailto:ada@company1.example');
    expect(within(contactsDialog).getByText('+44 20 7946 0001')).toBeInTheDocument();
    // First plus last name when there is no full name; no details → said so.
    expect(within(contactsDialog).getByText('Bo Lind')).toBeInTheDocument();
    expect(within(contactsDialog).getByText('No contact details available')).toBeInTheDocument();
    expect(await screen.findByText('Verified Access')).toBeInTheDocument();
  });

  it('shows a server refusal of the verification in the dialog', async () => {
    logIn();
    fakeApi({
      'GET /api/users/verification-status': () => json(200, limited),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1)], { page: 1, total: 1, totalPages: 1 })),
      'POST /api/users/verify-identity': () =>
        json(429, { error: 'Too many verification attempts. Please wait an hour and try again.' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    await user.click(await screen.findByRole('button', { name: 'Request Access: Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    await user.click(within(dialog).getByRole('radio', { name: 'LinkedIn profile' }));
    const url = within(dialog).getByLabelText('Profile URL');
    expect(url).toHaveAttribute('type', 'url');
    await user.type(url, 'https://www.linkedin.com/in/robin-tester');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(
      await within(dialog).findByText(
        'Too many verification attempts. Please wait an hour and try again.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a LinkedIn profile goes to review: the dialog closes, access stays limited, the review is noted', async () => {
    logIn();
    let status: object = limited;
    const profile = 'https://www.linkedin.com/in/robin-tester';
    fakeApi({
      'GET /api/users/verification-status': () => json(200, status),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1)], { page: 1, total: 1, totalPages: 1 })),
      'POST /api/users/verify-identity': () => {
        status = {
          data: {
            identity_verified: false,
            entity_id: null,
            state: 'pending_review',
            claim_value: profile,
          },
        };
        return json(200, { message: IDENTITY_MESSAGES.linkedinSubmitted, ...status });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    await user.click(await screen.findByRole('button', { name: 'Request Access: Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    await user.click(within(dialog).getByRole('radio', { name: 'LinkedIn profile' }));
    await user.type(within(dialog).getByLabelText('Profile URL'), profile);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(IDENTITY_MESSAGES.linkedinSubmitted)).toBeInTheDocument();
    expect(screen.getByText('Limited Access')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Contacts/ })).not.toBeInTheDocument();
    // Asking again shows that the profile is under review.
    await user.click(screen.getByRole('button', { name: 'Request Access: Company 1' }));
    const again = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    expect(within(again).getByText(IDENTITY_MESSAGES.linkedinPending)).toBeInTheDocument();
  });

  it('opens at the code step when a code is already waiting, and stays there when it ends', async () => {
    logIn();
    let status: object = codeSent('robin@acme-corp.example');
    const usedUp = 'That code is not right, and it was the last try. Please ask for a new code.';
    fakeApi({
      'GET /api/users/verification-status': () => json(200, status),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1)], { page: 1, total: 1, totalPages: 1 })),
      'POST /api/users/verify-identity/confirm': () => {
        status = limited;
        return json(400, { error: usedUp });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    await user.click(await screen.findByRole('button', { name: 'Request Access: Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    expect(within(dialog).getByLabelText('Verification code')).toBeInTheDocument();
    expect(
      within(dialog).getByText(IDENTITY_MESSAGES.codeSent('robin@acme-corp.example')),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Verification code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(usedUp)).toBeInTheDocument();
    // The status now reads 'none'; the step, its message and 'Send a new code' stay.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(dialog).getByText(usedUp)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use another method' }));
    const methods = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    expect(within(methods).getByRole('radio', { name: 'Business email' })).toBeInTheDocument();
  });

  it('shows limited and empty contact lists as the spec words them', async () => {
    logIn();
    fakeApi({
      // Verified by status, but the server answers limited (e.g. revoked meanwhile): it wins.
      'GET /api/users/verification-status': () => json(200, verified),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1), company(2)], { page: 1, total: 2, totalPages: 1 })),
      'GET /api/affiliate-companies/c1/contacts': () =>
        json(200, {
          access: 'limited',
          data: [{ ...contacts[0], email: undefined, phone: undefined }],
        }),
      'GET /api/affiliate-companies/c2/contacts': () => json(200, { access: 'full', data: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    await user.click(await screen.findByRole('button', { name: 'View Contacts: Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Company 1 - Contacts' });
    expect(await within(dialog).findByText('Limited Access')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Contact details hidden - verify identity to access'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'View Contacts: Company 2' }));
    const second = await screen.findByRole('dialog', { name: 'Company 2 - Contacts' });
    expect(await within(second).findByText('No contacts available')).toBeInTheDocument();
  });

  it('says what went wrong when contacts fail, with the server advice for a rate limit', async () => {
    logIn();
    fakeApi({
      'GET /api/users/verification-status': () => json(200, verified),
      'GET /api/affiliate-companies/fetch': () =>
        json(200, page([company(1), company(2)], { page: 1, total: 2, totalPages: 1 })),
      'GET /api/affiliate-companies/c1/contacts': () => json(500, {}),
      'GET /api/affiliate-companies/c2/contacts': () =>
        json(429, { error: 'Please try again in 12 minutes.' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyDatabasePage />);
    await user.click(await screen.findByRole('button', { name: 'View Contacts: Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Company 1 - Contacts' });
    expect(
      await within(dialog).findByText('Failed to fetch company contacts.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View Contacts: Company 2' }));
    const second = await screen.findByRole('dialog', { name: 'Company 2 - Contacts' });
    expect(await within(second).findByText('Please try again in 12 minutes.')).toBeInTheDocument();
  });

  it('reads a capped search total as "1,000+"', async () => {
    logIn();
    fakeApi({
      'GET /api/users/verification-status': () => json(200, limited),
      'GET /api/affiliate-companies/fetch': () =>
        json(
          200,
          page(
            Array.from({ length: 20 }, (_, i) => company(i)),
            { page: 1, total: 1000, totalPages: 50, totalIsCapped: true },
          ),
        ),
    });
    renderWithProviders(<CompanyDatabasePage />);
    expect(await screen.findByText('20 of 1,000+ companies found')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Load More Companies (980+ remaining)' }),
    ).toBeInTheDocument();
  });
});
