import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories';
import * as admin from '@trustlinks/contract/routes/admin';
import * as entities from '@trustlinks/contract/routes/entities';
import * as offers from '@trustlinks/contract/routes/offers';
import * as reviews from '@trustlinks/contract/routes/reviews';
import * as users from '@trustlinks/contract/routes/users';
import { ApiClientError, buildUrl, call, routeUrl, serverMessage } from './api-client';
import { getSession, saveSession } from './session';

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
    const error = await failure(call(users.register, { body: { email: 'x' } } as never));
    expect(error.message).toBe('Bad input');
    expect(error.status).toBe(400);
    expect(error.details).toEqual(details);
    expect(console.error).toHaveBeenCalled();
  });

  it('falls back to the message field', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { message: 'Offer not found' }));
    expect((await failure(call(offers.get, { params: { id: '1' } }))).message).toBe(
      'Offer not found',
    );
  });

  it("falls back to 'HTTP error! status: {code}' for an empty or non-JSON body", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>oops</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    );
    expect((await failure(call(offers.list))).message).toBe('HTTP error! status: 500');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 502 }));
    expect((await failure(call(offers.list))).message).toBe('HTTP error! status: 502');
  });

  it('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await call(entities.listPublic);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('sends the stored token as a bearer header and JSON bodies to /api', async () => {
    saveSession({ token: 'secret-token', user: buildUser() });
    fetchMock.mockResolvedValue(jsonResponse(201, { review_id: 'r-1' }));

    const result = await call(reviews.create, { body: { title: 'Great' } } as never);

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
    await expect(
      call(offers.remove, { params: { id: '1' } }, { signal: controller.signal }),
    ).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('takes method and path from the route, and encodes its parameters', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Deleted' }));
    await call(offers.remove, { params: { id: 'a b/c?' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/offers/a%20b%2Fc%3F');
    expect(init?.method).toBe('DELETE');
    expect(routeUrl(offers.list, { query: { title: 'keto', geo: ['US', 'CA'] } })).toBe(
      '/api/offers/fetch_all?title=keto&geo=US&geo=CA',
    );
    expect(() => call(offers.get, { params: { id: '' } })).toThrow(/parameter "id" is missing/);
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

  describe('a 401 answer', () => {
    it('clears the stored session when the request carried its token', async () => {
      saveSession({ token: 'expired', user: buildUser() });
      fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Authentication required' }));
      await failure(call(users.profile));
      expect(getSession()).toBeNull();
      expect(localStorage.getItem('currentUser')).toBeNull();
    });

    it('keeps the session for calls that opt out (the login form)', async () => {
      saveSession({ token: 'tok', user: buildUser() });
      fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Invalid email or password.' }));
      await failure(
        call(
          users.login,
          { body: { email: 'a@b.c', password: 'x' } },
          { keepSessionOnUnauthorized: true },
        ),
      );
      expect(getSession()?.token).toBe('tok');
    });

    it('keeps a newer session that replaced the one the request carried', async () => {
      saveSession({ token: 'old', user: buildUser() });
      let answer: (response: Response) => void = () => {};
      fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
      const pending = failure(call(users.profile));
      saveSession({ token: 'new', user: buildUser() });
      answer(jsonResponse(401, { error: 'Session expired' }));
      await pending;
      expect(getSession()?.token).toBe('new');
    });

    it('does nothing without a stored token, and other statuses keep the session', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Authentication required' }));
      await failure(call(users.profile));
      expect(getSession()).toBeNull();

      saveSession({ token: 'tok', user: buildUser() });
      fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: 'Forbidden' }));
      await failure(call(admin.listUsers, {} as never));
      expect(getSession()?.token).toBe('tok');
    });
  });

  it('serverMessage gives the body message only when the server sent one', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { error: 'Email taken' }));
    expect(serverMessage(await failure(call(users.register, { body: {} } as never)))).toBe(
      'Email taken',
    );
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 502 }));
    expect(
      serverMessage(await failure(call(users.register, { body: {} } as never))),
    ).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
