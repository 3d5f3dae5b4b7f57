import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { saveSession } from '../lib/session';
import { buildReview, buildUser } from '../test/factories';
import { renderWithProviders } from '../test/render';
import { json, routeFetch } from '../test/fetch';
import { UserDashboardPage } from './user-dashboard';

function renderAt(route = '/user-dashboard') {
  return renderWithProviders(
    <Routes>
      <Route path="/user-dashboard" element={<UserDashboardPage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
      <Route path="/admin" element={<h1>Admin page</h1>} />
      <Route path="/advertiser-dashboard" element={<h1>Advertiser dashboard</h1>} />
      <Route path="/affiliate-dashboard" element={<h1>Affiliate dashboard</h1>} />
      <Route path="/network-dashboard" element={<h1>Network dashboard</h1>} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route },
  );
}

const MINE = [
  buildReview({
    title: 'A',
    entity_name: 'Apex Gaming Group',
    review_status: 'pending',
    overall_rating: 5,
  }),
  buildReview({ title: 'B', review_status: 'approved', overall_rating: 4 }),
  buildReview({ title: 'C', review_status: 'approved', overall_rating: 4 }),
  buildReview({ title: 'D', review_status: 'rejected', overall_rating: 2 }),
];

describe('UserDashboardPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it.each([
    [null, 'Login page'],
    ['admin', 'Admin page'],
    ['advertiser', 'Advertiser dashboard'],
    ['affiliate', 'Affiliate dashboard'],
    ['network', 'Network dashboard'],
  ] as const)('sends %s to %s', async (role, heading) => {
    if (role) saveSession({ token: 't', user: buildUser({ role }) });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  });

  it('shows the overview, my reviews and the activity of a user', async () => {
    const api = routeFetch({ 'GET /api/reviews/my-reviews': () => json(200, { reviews: MINE }) });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser({ first_name: 'Maya' }) });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText(/Welcome back, Maya!/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;
    await screen.findByText('Total Reviews', { selector: 'dt' });
    expect(within(stat('Total Reviews')).getByText('4')).toBeVisible();
    expect(within(stat('Published')).getByText('2')).toBeVisible();
    expect(within(stat('Pending')).getByText('1')).toBeVisible();
    expect(within(stat('Avg Rating')).getByText('3.8')).toBeVisible();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(screen.getAllByLabelText('Category ratings', { selector: 'dl' })).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View all 4 reviews' }));
    expect(screen.getByRole('tab', { name: 'My Reviews' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Write New Review' })).toHaveAttribute(
      'href',
      '/review',
    );

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getByText('You reviewed Apex Gaming Group')).toBeVisible();
  });

  it('invites a user without reviews to write the first one', async () => {
    const api = routeFetch({ 'GET /api/reviews/my-reviews': () => json(200, { reviews: [] }) });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser({ first_name: '', email: 'x@example.com' }) });
    renderAt();
    expect(await screen.findByRole('link', { name: 'Write Your First Review' })).toHaveAttribute(
      'href',
      '/review',
    );
    expect(screen.getByText(/Welcome back, x@example.com!/)).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getByText('No activity to show yet.')).toBeVisible();
  });

  it("greets a new account with 'Welcome' and a returning one with 'Welcome back'", async () => {
    const api = routeFetch({ 'GET /api/reviews/my-reviews': () => json(200, { reviews: [] }) });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    saveSession({ token: 't', user: buildUser({ first_name: 'Maya', created_at: minutesAgo(3) }) });
    const first = renderAt();
    expect(await screen.findByText(/Welcome, Maya!/)).toBeVisible();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    first.unmount();

    saveSession({
      token: 't',
      user: buildUser({ first_name: 'Maya', created_at: minutesAgo(3 * 24 * 60) }),
    });
    renderAt();
    expect(await screen.findByText(/Welcome back, Maya!/)).toBeVisible();
  });

  it('says what failed when the reviews cannot be loaded', async () => {
    const api = routeFetch({
      'GET /api/reviews/my-reviews': () => json(400, { error: 'Bad thing' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser() });
    renderAt();
    expect(await screen.findByText('Failed to load your reviews: Bad thing')).toBeVisible();
  });

  it('logs out to the home page', async () => {
    const api = routeFetch({
      'GET /api/reviews/my-reviews': () => json(200, { reviews: [] }),
      'POST /api/users/logout': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser() });
    renderAt();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeVisible();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
