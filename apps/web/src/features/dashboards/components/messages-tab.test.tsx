import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { MessagesTab } from './messages-tab';

const ENTITY_ID = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MessagesTab (docs/decisions/026)', () => {
  it('shows each message with the name the member gave and what was verified, the text as text', async () => {
    const fetchMock = stubFetch(() =>
      json(200, {
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
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/api/entities/${ENTITY_ID}/messages`);
    expect(screen.getByText('(not verified: neither identity nor company)')).toBeVisible();
    expect(screen.getByText('Buy cheap <b>pills</b> now')).toBeVisible();
    expect(
      screen.getByText(
        '(identity verified, member of Northwind Traffic, a company verified on TrustLinks)',
      ),
    ).toBeVisible();
  });

  it('says when there are none', async () => {
    stubFetch(() => json(200, { has_more: false, messages: [] }));
    renderWithProviders(<MessagesTab entityId={ENTITY_ID} />);
    expect(await screen.findByText('No messages yet')).toBeVisible();
  });
});
