import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { MessagesTab } from './messages-tab';

const ENTITY_ID = '11111111-1111-4111-8111-111111111111';
const THREAD_ID = '22222222-2222-4222-8222-222222222222';
const NO_THREADS = { threads: [], unread_count: 0, has_more: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MessagesTab (docs/decisions/026)', () => {
  it('shows each message with the name the member gave and what was verified, the text as text', async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/threads'
        ? json(200, NO_THREADS)
        : json(200, {
            has_more: false,
            messages: [
              {
                message_id: 'm1',
                sender_name: 'TrustLinks Security Team',
                sender_email: 'mallory@example.com',
                sender_checks: [],
                sender_company: null,
                message: 'Buy cheap <b>pills</b> now',
                created_at: '2026-11-29T06:00:00Z',
              },
              {
                message_id: 'm2',
                sender_name: 'Ana Affiliate',
                sender_email: 'ana@example.com',
                sender_checks: ['identity_verified', 'company_member'],
                sender_company: 'Northwind Traffic',
                message: 'I run US Nutra traffic.',
                created_at: '2026-11-29T05:00:00Z',
              },
            ],
          }),
    );
    renderWithProviders(<MessagesTab entityId={ENTITY_ID} />);
    expect(await screen.findByText('From “TrustLinks Security Team”')).toBeVisible();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContainEqual(
      expect.stringContaining(`/api/entities/${ENTITY_ID}/messages`),
    );
    expect(screen.getByText('(not verified: neither identity nor company)')).toBeVisible();
    expect(screen.getByText('Buy cheap <b>pills</b> now')).toBeVisible();
    expect(
      screen.getByText(
        '(identity verified, member of Northwind Traffic, a company verified on TrustLinks)',
      ),
    ).toBeVisible();
  });

  it('says when there are no conversations', async () => {
    stubFetch((url) =>
      url.pathname === '/api/threads'
        ? json(200, NO_THREADS)
        : json(200, { has_more: false, messages: [] }),
    );
    renderWithProviders(<MessagesTab entityId={ENTITY_ID} />);
    expect(await screen.findByText('No conversations yet')).toBeVisible();
  });

  it('lists the deal conversations, unread marked, and opens one: text as text, links nofollow (docs/decisions/050)', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/threads')
        return json(200, {
          unread_count: 1,
          has_more: false,
          threads: [
            {
              thread_id: THREAD_ID,
              kind: 'application',
              title: 'Keto Trial US',
              counterpart: 'Northwind Traffic',
              last_message_at: '2026-11-29T06:00:00Z',
              unread: true,
            },
          ],
        });
      if (url.pathname === `/api/threads/${THREAD_ID}`)
        return json(200, {
          can_write: true,
          thread: {
            thread_id: THREAD_ID,
            kind: 'application',
            title: 'Keto Trial US',
            counterpart: 'Northwind Traffic',
            last_message_at: '2026-11-29T06:00:00Z',
            unread: false,
          },
          messages: [
            {
              message_id: 'm1',
              sender_name: 'Ana (Northwind Traffic)',
              side: 'theirs',
              body: 'See <b>this</b> https://example.com/lp and javascript:alert(1)',
              created_at: '2026-11-29T06:00:00Z',
              reported: false,
              removed: false,
            },
          ],
        });
      return json(200, { has_more: false, messages: [] });
    });
    const user = userEvent.setup();
    renderWithProviders(<MessagesTab entityId={ENTITY_ID} />);
    await user.click(await screen.findByRole('button', { name: /Northwind Traffic/ }));
    const link = await screen.findByRole('link', { name: 'https://example.com/lp' });
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(screen.getByText(/See <b>this<\/b>/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeVisible();
  });
});
