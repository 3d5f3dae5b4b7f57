import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOffers, offersQueryKey } from './offers';

describe('getOffers', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ offers: [] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends GEOs and categories as repeated parameters, Best match for a search, page and limit', async () => {
    const controller = new AbortController();
    await getOffers(
      { title: 'keto', geo: ['US', 'CA'], category: ['Nutra', 'Health'] },
      2,
      20,
      controller.signal,
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(
      '/api/offers/fetch_all?title=keto&geo=US&geo=CA&category=Nutra&category=Health&sort=best&page=2&limit=20',
    );
    expect(init?.signal).toBe(controller.signal);
  });

  it('leaves empty filters out', async () => {
    await getOffers({ title: '', geo: [], category: [] }, 1, 20);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/offers/fetch_all?page=1&limit=20');
  });

  it('keys the cache by filters regardless of list order', () => {
    expect(offersQueryKey({ title: 'a', geo: ['US', 'CA'], category: [] }, 20)).toEqual(
      offersQueryKey({ title: 'a', geo: ['CA', 'US'], category: [] }, 20),
    );
  });
});
