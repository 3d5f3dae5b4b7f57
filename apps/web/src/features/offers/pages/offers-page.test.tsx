import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { buildOffer, buildPublicEntity, offersPage } from '../../../test/factories';
import { json, pendingUntilAborted, stubFetch } from '../../../test/fetch';
import { OffersPage } from './offers-page';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(route = '/offers') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/offers" element={<OffersPage />} />
        <Route path="/offer/:offerId" element={<h1>Offer page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

const fetchAllCalls = (fn: ReturnType<typeof stubFetch>) =>
  fn.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/offers/fetch_all');

const location = () => screen.getByTestId('location').textContent;

/** Lets pending promises (fetch answers, React updates) settle under fake timers. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('OffersPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists offer cards with the count, and a card leads to its offer', async () => {
    const offers = [
      buildOffer(),
      buildOffer({
        offer_id: 'o-2',
        slug: 'royal-spins-casino-0000000b',
        title: 'Royal Spins Casino',
        category: 'Gambling',
        payout_type: 'RevShare',
        payout_value: '40%',
        target_geo: ['CA', 'NZ'],
      }),
    ];
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/offers/fetch_all'
        ? json(200, offersPage(offers, { total: 2 }))
        : json(200, { offer: offers[1] }),
    );
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('2 offers found')).toBeVisible();
    expect(fetchAllCalls(fetchMock)[0]?.search).toBe('?page=1&limit=20');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('US, CA…')).toBeVisible();
    expect(within(cards[0]!).getByText('$45')).toBeVisible();
    expect(within(cards[1]!).getByText('CA, NZ')).toBeVisible();
    expect(within(cards[1]!).getByText('40%')).toBeVisible();
    expect(within(cards[1]!).getByText('RevShare')).toBeVisible();

    // The card holds what it shows; pointing at it loads the rest for its page (decision 043),
    // once however often the pointer comes back.
    const offerCalls = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost').pathname)
        .filter((path) => path.startsWith('/api/offers/royal-spins'));
    await user.hover(cards[1]!);
    await user.unhover(cards[1]!);
    await user.hover(cards[1]!);
    await vi.waitFor(() =>
      expect(offerCalls()).toEqual(['/api/offers/royal-spins-casino-0000000b']),
    );

    await user.click(screen.getByRole('link', { name: 'Royal Spins Casino' }));
    expect(await screen.findByRole('heading', { name: 'Offer page' })).toBeVisible();
    expect(location()).toBe('/offer/royal-spins-casino-0000000b');
    expect(offerCalls()).toHaveLength(1);
  });

  // The server caps the explorer's total at OFFER_LIMITS.countCap (1,000); this fixture said
  // 10,000, which the server can never send (docs/decisions/006), and the contract check now refuses it.
  it('shows a capped count as 1,000+', async () => {
    stubFetch(() =>
      json(
        200,
        offersPage([buildOffer()], { total: 1000, totalIsCapped: true, hasNextPage: true }),
      ),
    );
    renderPage();
    expect(await screen.findByText('1,000+ offers found')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Load more offers' })).toBeVisible();
  });

  it('category chips send repeated categories, keep them in the URL, and All clears them', async () => {
    const fetchMock = stubFetch(() => json(200, offersPage([buildOffer()])));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('1 offer found');
    const chips = screen.getByRole('group', { name: 'Category' });
    expect(within(chips).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(chips).getByRole('button', { name: 'Nutra' }));
    await user.click(within(chips).getByRole('button', { name: 'Crypto' }));
    expect(location()).toBe('/offers?category=Nutra&category=Crypto');
    await vi.waitFor(() =>
      expect(fetchAllCalls(fetchMock).at(-1)?.search).toBe(
        '?category=Nutra&category=Crypto&page=1&limit=20',
      ),
    );
    expect(within(chips).getByRole('button', { name: 'Nutra' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(chips).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(within(chips).getByRole('button', { name: 'All' }));
    expect(location()).toBe('/offers');
  });

  it('reads the filters from the URL (shared link, reload) and sends them', async () => {
    const fetchMock = stubFetch(() => json(200, offersPage([buildOffer()])));
    renderPage('/offers?title=keto&geo=us&geo=CA&category=Nutra');
    await screen.findByText('1 offer found');
    expect(fetchAllCalls(fetchMock)[0]?.search).toBe(
      '?title=keto&geo=US&geo=CA&category=Nutra&sort=best&page=1&limit=20',
    );
    expect(screen.getByLabelText('Search offers')).toHaveValue('keto');
    expect(screen.getByLabelText('GEO')).toHaveValue('US, CA');
  });

  it('sends the GEO filter after a pause, skipping what is not a country code', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetch(() => json(200, offersPage([buildOffer()])));
    renderPage();
    await advance(0);
    fireEvent.input(screen.getByLabelText('GEO'), { target: { value: 'us, USA,, de' } });
    expect(screen.getByText(/Ignored “USA”/)).toBeVisible();
    await advance(299);
    expect(fetchAllCalls(fetchMock)).toHaveLength(1);
    await advance(1);
    expect(location()).toBe('/offers?geo=US&geo=DE');
    expect(fetchAllCalls(fetchMock).at(-1)?.search).toBe('?geo=US&geo=DE&page=1&limit=20');
    // What was typed stays as typed.
    expect(screen.getByLabelText('GEO')).toHaveValue('us, USA,, de');
  });

  it('searches by title after a 300 ms pause and aborts the request a newer search replaced', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetch((url, init) =>
      url.searchParams.get('title') === 'ke'
        ? pendingUntilAborted(init)
        : json(200, offersPage([buildOffer()])),
    );
    renderPage();
    await advance(0);
    expect(fetchAllCalls(fetchMock)).toHaveLength(1);
    const search = screen.getByLabelText('Search offers');

    fireEvent.input(search, { target: { value: 'k' } });
    await advance(100);
    fireEvent.input(search, { target: { value: 'ke' } });
    await advance(299);
    // Nothing sent while typing.
    expect(fetchAllCalls(fetchMock)).toHaveLength(1);
    await advance(1);
    const calls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('fetch_all'));
    expect(fetchAllCalls(fetchMock)).toHaveLength(2);
    expect(fetchAllCalls(fetchMock)[1]?.searchParams.get('title')).toBe('ke');
    const firstSignal = calls()[1]?.[1]?.signal;
    expect(firstSignal?.aborted).toBe(false);

    fireEvent.input(search, { target: { value: 'keto' } });
    await advance(300);
    expect(fetchAllCalls(fetchMock)).toHaveLength(3);
    expect(fetchAllCalls(fetchMock)[2]?.searchParams.get('title')).toBe('keto');
    expect(firstSignal?.aborted).toBe(true);
    expect(location()).toBe('/offers?title=keto');
    await advance(0);
    expect(screen.getByText('1 offer found')).toBeVisible();
  });

  it('shows the error state, and Try Again asks again', async () => {
    let fail = true;
    const fetchMock = stubFetch(() =>
      fail ? json(400, { error: 'bad' }) : json(200, offersPage([buildOffer()])),
    );
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText('Failed to fetch offers. Please try again later.'),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1 offer found')).toBeVisible();
    expect(fetchAllCalls(fetchMock)).toHaveLength(2);
  });

  it('shows No offers found with a clear-filters button that empties the filters', async () => {
    const fetchMock = stubFetch((url) =>
      json(200, offersPage(url.searchParams.has('title') ? [] : [buildOffer()])),
    );
    const user = userEvent.setup();
    renderPage('/offers?title=nothing&category=Dating');
    expect(await screen.findByText('No offers found')).toBeVisible();
    expect(screen.getByText('0 offers found')).toBeVisible();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clearButtons).toHaveLength(2);
    await user.click(clearButtons[1]!);
    expect(location()).toBe('/offers');
    expect(screen.getByLabelText('Search offers')).toHaveValue('');
    expect(await screen.findByText('1 offer found')).toBeVisible();
    expect(fetchAllCalls(fetchMock).at(-1)?.search).toBe('?page=1&limit=20');
  });

  it('loads the next page with Load more and appends it', async () => {
    const fetchMock = stubFetch((url) =>
      url.searchParams.get('page') === '2'
        ? json(
            200,
            offersPage([buildOffer({ offer_id: 'o-21', title: 'Second page offer' })], {
              page: 2,
              total: 21,
            }),
          )
        : json(200, offersPage([buildOffer()], { total: 21, hasNextPage: true })),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Showing 1 of 21')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more offers' }));
    expect(await screen.findByText('Second page offer')).toBeVisible();
    expect(screen.getByText('KetoSlim Pro — Free Trial')).toBeVisible();
    expect(screen.getByText('Showing 2 of 21')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more offers' })).toBeNull();
    expect(fetchAllCalls(fetchMock).at(-1)?.search).toBe('?page=2&limit=20');
  });

  it('offers the suggested spelling when a word search finds nothing, and searches it (decision 028)', async () => {
    const fetchMock = stubFetch((url) =>
      url.searchParams.get('title') === 'keto boost'
        ? json(200, offersPage([buildOffer({ title: 'Keto Boost' })], { total: 1 }))
        : json(200, { ...offersPage([], { total: 0 }), suggestion: 'keto boost' }),
    );
    const user = userEvent.setup();
    renderPage('/offers?title=ketoo%20bost');
    expect(await screen.findByText('No offers found')).toBeVisible();
    expect(screen.getByText(/Did you mean/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'keto boost' }));
    expect(await screen.findByText('Keto Boost')).toBeVisible();
    expect(location()).toBe('/offers?title=keto+boost');
    expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('title')).toBe('keto boost');
  });

  it('keeps the sort and payout model in the URL and the request (decision 028)', async () => {
    const fetchMock = stubFetch(() => json(200, offersPage([buildOffer()], { total: 1 })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('1 offer found');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'payout');
    await user.click(screen.getByRole('button', { name: 'CPL' }));
    expect(location()).toBe('/offers?payout_type=CPL&sort=payout');
    await vi.waitFor(() =>
      expect(fetchAllCalls(fetchMock).at(-1)?.search).toBe(
        '?payout_type=CPL&sort=payout&page=1&limit=20',
      ),
    );
  });
  it('names the picked advertiser by its slug in the URL, and puts the slug in place of an old link’s id (decision 052)', async () => {
    const id = '0b9f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4';
    const entity = buildPublicEntity({
      entity_id: id,
      slug: 'blockreach-media',
      name: 'BlockReach Media',
    });
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/entities/public'
        ? json(200, { entities: [entity], pagination: { total: 1 } })
        : url.pathname.startsWith('/api/entities/public/')
          ? json(200, { entity })
          : json(200, offersPage([buildOffer()], { total: 1 })),
    );
    const view = renderPage(`/offers?entity=${id}`);
    await vi.waitFor(() => expect(location()).toBe('/offers?entity=blockreach-media'));
    expect(await screen.findByText('BlockReach Media')).toBeVisible();
    await vi.waitFor(() =>
      expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('entity')).toBe('blockreach-media'),
    );
    view.unmount();

    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Advertiser or network'), 'block');
    await user.click(await screen.findByRole('button', { name: 'BlockReach Media' }));
    expect(location()).toBe('/offers?entity=blockreach-media');
  });

  it('sorts by Best match as soon as there is a search, unless a sort was picked (decision 028)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetch(() => json(200, offersPage([buildOffer()], { total: 1 })));
    renderPage();
    await advance(0);
    const sort = screen.getByLabelText('Sort by');
    expect(sort).toHaveValue('newest');
    fireEvent.input(screen.getByLabelText('Search offers'), { target: { value: 'keto' } });
    await advance(300);
    expect(sort).toHaveValue('best');
    expect(location()).toBe('/offers?title=keto');
    expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBe('best');
    // A sort the user picks stays, Newest too, while the search changes.
    fireEvent.change(sort, { target: { value: 'newest' } });
    await advance(0);
    expect(location()).toBe('/offers?title=keto&sort=newest');
    fireEvent.input(screen.getByLabelText('Search offers'), { target: { value: 'keto slim' } });
    await advance(300);
    expect(sort).toHaveValue('newest');
    // Newest is the API's default: the request leaves it out.
    expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('title')).toBe('keto slim');
    expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBeNull();
  });

  it('applies the payout boxes as they are typed, after the pause (decision 028)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetch(() => json(200, offersPage([buildOffer()], { total: 1 })));
    renderPage();
    await advance(0);
    const min = screen.getByLabelText('Payout from ($)');
    fireEvent.change(min, { target: { value: '12' } });
    await advance(299);
    expect(fetchAllCalls(fetchMock)).toHaveLength(1);
    await advance(1);
    expect(location()).toBe('/offers?payout_min=12');
    expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('payout_min')).toBe('12');
    // Half-way to "12.5" is no bound yet: the filter and the box stay as they are.
    fireEvent.change(min, { target: { value: '12.' } });
    await advance(300);
    expect(location()).toBe('/offers?payout_min=12');
    expect(min).toHaveValue('12.');
    fireEvent.change(min, { target: { value: '12.5' } });
    await advance(300);
    expect(location()).toBe('/offers?payout_min=12.5');
    // Emptied: no bound.
    fireEvent.change(min, { target: { value: '' } });
    await advance(300);
    expect(location()).toBe('/offers');
  });

  it('shows the API’s message for an inverted range by the field, not “Failed to fetch offers”', async () => {
    const message = 'payout_min must not be above payout_max';
    stubFetch((url) =>
      Number(url.searchParams.get('payout_min')) > Number(url.searchParams.get('payout_max') ?? 1e9)
        ? json(400, {
            error: `Invalid input: payout_max: ${message}`,
            details: [{ path: 'payout_max', message }],
          })
        : json(200, offersPage([buildOffer()], { total: 1 })),
    );
    const user = userEvent.setup();
    renderPage('/offers?payout_min=50');
    await screen.findByText('1 offer found');
    await user.type(screen.getByLabelText('Payout to ($)'), '10');
    const max = screen.getByLabelText('Payout to ($)');
    await vi.waitFor(() => expect(max).toHaveAccessibleDescription(message));
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Fix the payout range to see offers.')).toBeVisible();
    expect(screen.queryByText(/Failed to fetch offers/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    // Mended: the message goes, the offers come back.
    await user.clear(max);
    await user.type(max, '100');
    expect(await screen.findByText('1 offer found')).toBeVisible();
    expect(max).not.toHaveAttribute('aria-invalid');
  });

  it('shows the offers a respelled search found, and offers a publisher named like the search', async () => {
    const entity = '0b9f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4';
    // The filter names the publisher by its slug in the address (docs/decisions/052).
    const slug = 'blockreach-media';
    const fetchMock = stubFetch((url) =>
      url.pathname.startsWith('/api/entities/public/')
        ? json(200, {
            entity: buildPublicEntity({ entity_id: entity, slug, name: 'BlockReach Media' }),
          })
        : url.searchParams.get('title') === 'keto slim'
          ? json(200, { ...offersPage([buildOffer()], { total: 1 }), respelled: 'ketoslim' })
          : url.searchParams.get('entity') === slug
            ? json(200, offersPage([buildOffer({ title: 'CoinNest Exchange' })], { total: 1 }))
            : json(200, {
                ...offersPage([], { total: 0 }),
                suggestion: null,
                publisher: { entity_id: entity, slug, name: 'BlockReach Media' },
              }),
    );
    const user = userEvent.setup();
    const view = renderPage('/offers?title=keto%20slim');
    expect(await screen.findByText('KetoSlim Pro — Free Trial')).toBeVisible();
    expect(screen.getByText('Showing offers for “ketoslim”')).toBeVisible();
    view.unmount();

    renderPage('/offers?title=blockreach');
    expect(await screen.findByText('No offers found')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Offers by BlockReach Media' }));
    expect(await screen.findByText('CoinNest Exchange')).toBeVisible();
    expect(location()).toBe(`/offers?entity=${slug}`);
    expect(screen.getByLabelText('Search offers')).toHaveValue('');
    expect(fetchAllCalls(fetchMock).at(-1)?.searchParams.get('title')).toBeNull();
  });
});
