import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { buildEntity } from '../../../test/factories';
import { payoutText } from '../offers/offers.presenter';
import { fitLine } from './og-image';

// docs/decisions/052-link-previews.md: a picture not kept costs a drawing, counted per client as
// page renders are; kept pictures and 304s cost none.
const ctx = useTestApp({
  config: { PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '2', OG_IMAGE_CACHE_ENTRIES: '10' },
});
const { db, inject } = ctx;
const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
  inject({ method: 'GET', url, headers, remoteAddress });

describe('drawing link-preview pictures', () => {
  it('counts the drawings a client asks for past the kept ones: 429 with Retry-After beyond', async () => {
    const slugs: string[] = [];
    for (const name of ['Draw One', 'Draw Two', 'Draw Three']) {
      slugs.push((await buildEntity(db(), { name, verificationStatus: 'approved' })).slug);
    }
    const first = await get(`/og/entity/${slugs[0]}.png`);
    expect(first.statusCode).toBe(200);
    expect((await get(`/og/entity/${slugs[1]}.png`)).statusCode).toBe(200);
    const third = await get(`/og/entity/${slugs[2]}.png`);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json().error).toMatch(/Too many requests/);
    // A kept picture and a 304 draw nothing: still answered.
    const kept = await get(`/og/entity/${slugs[0]}.png`);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect((await get(`/og/entity/${slugs[0]}.png`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    // Another client has its own allowance.
    expect((await get(`/og/entity/${slugs[2]}.png`, {}, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('what the pictures write', () => {
  it('fits a long name by size, then cuts it with an ellipsis', () => {
    expect(fitLine('Short', 1040, 76, 44)).toEqual({ text: 'Short', size: 76 });
    const medium = fitLine('A name of thirty-two characters!', 1040, 76, 44);
    expect(medium.text).toBe('A name of thirty-two characters!');
    expect(medium.size).toBeLessThan(76);
    expect(medium.size).toBeGreaterThanOrEqual(44);
    const long = fitLine('x'.repeat(200), 1040, 76, 44);
    expect(long.size).toBe(44);
    expect(long.text.endsWith('\u2026')).toBe(true);
    expect([...long.text].length).toBeLessThan(40);
  });

  it('reads a payout as the offer page does (one wording: @trustlinks/contract/payout)', () => {
    const payout = (
      payoutType: string,
      payoutAmount: number | null,
      payoutPercent: string | null,
    ) => payoutText({ payoutType, payoutAmount, payoutPercent });
    expect(payout('CPA', 45, null)).toBe('$45 CPA');
    expect(payout('CPI', 0.9, null)).toBe('$0.90 CPI');
    expect(payout('CPA', 1250.5, null)).toBe('$1,250.50 CPA');
    expect(payout('RevShare', null, '40%')).toBe('40% RevShare');
    expect(payout('CPA', null, null)).toBe('Contact');
  });
});
