import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../../lib/api-client';
import { getCompanies } from './get-companies';
import { getCompany } from './get-company';
import { getCompanyContacts } from './get-company-contacts';
import { searchContacts } from './search-contacts';
import { verifyIdentity } from './verify-identity';
import { confirmIdentity } from './confirm-identity';
import { json } from '../../../test/fetch';

describe('company API calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let errors: { mock: { calls: unknown[][] } };

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  const lastUrl = () => String(fetchMock.mock.calls.at(-1)?.[0]);

  it('send the spec paths and parameters, skipping empty ones', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: [] }));
    await getCompanies({ page: 2, type: 'Network', search: '' });
    expect(lastUrl()).toBe('/api/affiliate-companies/fetch?page=2&limit=20&type=Network');
    await getCompany('c 1');
    expect(lastUrl()).toBe('/api/affiliate-companies/c%201');
    await getCompanyContacts('c1');
    expect(lastUrl()).toBe('/api/affiliate-companies/c1/contacts');
    await searchContacts({ q: ' ada ', page: 1 });
    expect(lastUrl()).toBe('/api/affiliate-companies/contacts/search?q=ada&page=1');
    await verifyIdentity({ verification_method: 'linkedin', linkedin_profile: 'x' });
    expect(lastUrl()).toBe('/api/users/verify-identity');
    await confirmIdentity({ code: '123456' });
    expect(lastUrl()).toBe('/api/users/verify-identity/confirm');
    expect(fetchMock.mock.calls.at(-1)?.[1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ code: '123456' }),
    });
  });

  it.each([
    ['Failed to fetch companies', () => getCompanies({ page: 1 })],
    ['Failed to fetch company details', () => getCompany('c1')],
    ['Failed to fetch company contacts', () => getCompanyContacts('c1')],
    ['Failed to search contacts', () => searchContacts({ q: 'ada' })],
  ])('log "%s" on failure and keep the server message and status', async (wrapper, call) => {
    fetchMock.mockImplementation(async () =>
      json(401, { error: 'Please log in to access the company database.' }),
    );
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).status).toBe(401);
    expect((error as ApiClientError).message).toBe('Please log in to access the company database.');
    expect(errors.mock.calls.some((args) => args[0] === `${wrapper}:`)).toBe(true);
  });
});
