import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { NotificationsPage } from '../pages/notifications-page';
import { UnsubscribePage } from '../pages/unsubscribe-page';
import { NotificationPreferences } from './notification-preferences';
import NotificationsBell from './notifications-bell';
import { json, withContractCheck } from '../../../test/fetch';

type Handler = (url: URL, init?: RequestInit) => Response;
function stub(handler: Handler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(new URL(String(input), 'http://test'), init),
  );
  vi.stubGlobal('fetch', withContractCheck(mock));
  return mock;
}

const note = (id: string, read: boolean, title: string) => ({
  notification_id: id,
  type: 'application_received',
  title,
  body: 'Northwind Traffic (affiliate) applied to run your offer.',
  link: '/network-dashboard?tab=applications',
  read,
  created_at: new Date().toISOString(),
});

describe('notifications (decision 014)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the unread count on the bell; opening one marks it read and follows its link', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'network', entity_id: 'net-1' }) });
    let unread = 2;
    const fetchMock = stub((url) => {
      if (url.pathname === '/api/notifications/read') {
        unread = 1;
        return json(200, { message: 'ok', marked: 1, unread_count: unread });
      }
      return json(200, {
        notifications: [note('n1', unread < 2, 'New application to "A"'), note('n2', false, 'B')],
        unread_count: unread,
        unread_threads: 0,
        has_more: false,
      });
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <NotificationsBell />
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/network-dashboard" element={<h1>Network dashboard</h1>} />
        </Routes>
      </>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    await user.click(await screen.findByRole('menuitem', { name: /New application to "A"/ }));
    expect(await screen.findByRole('heading', { name: 'Network dashboard' })).toBeVisible();
    const read = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(read?.[1]?.body))).toEqual({ ids: ['n1'] });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  });

  it('counts conversations with new messages on the bell, from the same request, and opens the Messages tab (decision 050)', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: 'adv-1' }) });
    const fetchMock = stub(() =>
      json(200, { notifications: [], unread_count: 0, unread_threads: 2, has_more: false }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <NotificationsBell />
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/advertiser-dashboard" element={<h1>Advertiser dashboard</h1>} />
        </Routes>
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(
      await screen.findByRole('menuitem', { name: '2 conversations with new messages' }),
    );
    expect(await screen.findByRole('heading', { name: 'Advertiser dashboard' })).toBeVisible();
    expect(fetchMock.mock.calls.every(([url]) => String(url).includes('/api/notifications'))).toBe(
      true,
    );
  });

  it('saves the email choice per event type', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'network', entity_id: 'net-1' }) });
    const fetchMock = stub((url, init) => {
      if (init?.method === 'PUT') {
        return json(200, {
          message: 'Notification preferences saved.',
          ...JSON.parse(String(init.body)),
        });
      }
      return json(200, {
        email: [
          'review_received',
          'review_reply',
          'review_moderated',
          'bid_received',
          'application_received',
          'application_decided',
          'entity_decision',
          'identity_decision',
        ],
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferences />);
    const box = await screen.findByRole('checkbox', {
      name: 'Email me about: A bid on your offer request',
    });
    expect(box).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeDisabled();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeVisible();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body)).email).not.toContain('bid_received');
  });

  it('unsubscribes on arrival from the mail’s link, without a login', async () => {
    const fetchMock = stub(() =>
      json(200, { message: 'You will no longer get emails about: A bid on your offer request.' }),
    );
    renderWithProviders(<UnsubscribePage />, {
      route: '/unsubscribe?token=abc123&type=bid_received',
    });
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      token: 'abc123',
      type: 'bid_received',
    });
  });

  it('says so when the link is incomplete', async () => {
    const fetchMock = stub(() => json(500, {}));
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?type=nope' });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows only the events the account can receive (decision 027)', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'user' }) });
    stub(() =>
      json(200, {
        email: [
          'review_reply',
          'review_moderated',
          'entity_decision',
          'identity_decision',
          'saved_search_alert',
        ],
      }),
    );
    renderWithProviders(<NotificationPreferences />);
    await screen.findByRole('checkbox', {
      name: 'Email me about: A reply or dispute on your review',
    });
    // Their own reviews, company and identity, their saved searches (docs/decisions/028),
    // their conversations and an admin's decision on a message they reported (docs/decisions/050).
    expect(screen.getAllByRole('checkbox').length).toBe(7);
    expect(
      screen.getByRole('checkbox', {
        name: 'Email me about: An admin’s decision on a message you reported',
      }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Email me about: A bid on your offer request' }),
    ).toBeNull();
    expect(
      screen.queryByRole('checkbox', { name: 'Email me about: A new review of your company' }),
    ).toBeNull();
  });

  it('lists every notification page after page, marks all read, and each opens its subject', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'network', entity_id: 'net-1' }) });
    let unread = 3;
    const fetchMock = stub((url, init) => {
      if (init?.method === 'POST') {
        unread = 0;
        return json(200, { message: 'ok', marked: 3, unread_count: 0 });
      }
      const before = url.searchParams.get('before');
      if (!before) {
        return json(200, {
          notifications: [
            note('n1', unread === 0, 'First'),
            { ...note('n2', unread === 0, 'Second'), link: '/entity/e-1?tab=reviews&review=r-1' },
          ],
          unread_count: unread,
          unread_threads: 0,
          has_more: true,
        });
      }
      expect(before).toBe('n2');
      return json(200, {
        notifications: [note('n3', unread === 0, 'Third')],
        unread_count: unread,
        unread_threads: 0,
        has_more: false,
      });
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/entity/:id" element={<h1>Entity page</h1>} />
      </Routes>,
      { route: '/notifications' },
    );
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(await screen.findByText('3 unread')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load older notifications' }));
    expect(await screen.findByRole('link', { name: /Third/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load older notifications' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Nothing unread.')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ all: true });
    expect(screen.getByRole('link', { name: /Second/ })).toHaveAttribute(
      'href',
      '/entity/e-1?tab=reviews&review=r-1',
    );
    await user.click(screen.getByRole('link', { name: /Second/ }));
    expect(await screen.findByRole('heading', { name: 'Entity page' })).toBeVisible();
  });
});
