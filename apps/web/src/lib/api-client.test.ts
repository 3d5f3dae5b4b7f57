import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories';
import { api, ApiClientError, buildUrl } from './api-client';
import { saveSession } from './session';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
    const error = await promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiClientError);
    return error as ApiClientError;
  }

  it('uses the body error field as the message, with status and details', async () => {
    const details = [{ path: 'email', message: 'Invalid email' }];
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'Bad input', message: 'ignored', details }),
    );
    const error = await failure(api.post('/users/register', { email: 'x' }));
    expect(error.message).toBe('Bad input');
    expect(error.status).toBe(400);
    expect(error.details).toEqual(details);
    expect(console.error).toHaveBeenCalled();
  });

  it('falls back to the message field', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { message: 'Offer not found' }));
    expect((await failure(api.get('/offers/1'))).message).toBe('Offer not found');
  });

  it("falls back to 'HTTP error! status: {code}' for an empty or non-JSON body", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>oops</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    );
    expect((await failure(api.get('/offers/fetch_all'))).message).toBe('HTTP error! status: 500');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 502 }));
    expect((await failure(api.get('/offers/fetch_all'))).message).toBe('HTTP error! status: 502');
  });

  it('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await api.get('/entities/public');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('sends the stored token as a bearer header and JSON bodies to /api', async () => {
    saveSession({ token: 'secret-token', user: buildUser() });
    fetchMock.mockResolvedValue(jsonResponse(201, { review_id: 'r-1' }));

    const result = await api.post<{ review_id: string }>('/reviews', { title: 'Great' });

    expect(result).toEqual({ review_id: 'r-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/reviews');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ title: 'Great' }));
  });

  it('returns undefined for 204 and passes the abort signal through', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const controller = new AbortController();
    await expect(api.delete('/offers/1', { signal: controller.signal })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('builds query strings with repeated arrays and without empty values', () => {
    expect(
      buildUrl('/offers/fetch_all', {
        title: 'keto',
        geo: ['US', 'CA'],
        category: '',
        page: undefined,
      }),
    ).toBe('/api/offers/fetch_all?title=keto&geo=US&geo=CA');
  });
});
