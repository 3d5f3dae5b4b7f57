import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountExportSchema } from '@trustlinks/contract/account';
import * as account from '@trustlinks/contract/routes/account';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import * as savedSearches from '@trustlinks/contract/routes/saved-searches';
import { useTestApp } from '../../../test/helpers';
import { inject } from '../../../test/inject';
import {
  authHeader,
  buildEntityAccount,
  buildUser,
  mailsTo,
  offerRequestPayload,
} from '../../../test/factories';
import { hashPassword } from '../../auth/passwords';
import { passkeys, userDevices, userTotp, users } from '../../db/schema';

const ctx = useTestApp();
const { db } = ctx;
const PASSWORD = 'correct horse battery';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPSECRETVALUE';

/** An advertiser with a password, a passkey, an authenticator, a device, a saved search and a bid. */
async function advertiserWithFactorsAndBid() {
  const adv = await buildEntityAccount(db(), 'advertiser');
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, adv.user.id));
  await db()
    .insert(passkeys)
    .values({
      userId: adv.user.id,
      credentialId: `cred-${adv.user.id}`,
      publicKey: 'pQECAyYgASFYIA',
      deviceType: 'multiDevice',
      name: 'Work laptop',
    });
  await db()
    .insert(userTotp)
    .values({ userId: adv.user.id, secret: TOTP_SECRET, enabledAt: new Date() });
  await db()
    .insert(userDevices)
    .values({ userId: adv.user.id, deviceKey: 'k1', deviceLabel: 'Firefox on Linux' });
  const saved = await inject(ctx.app, savedSearches.create, {
    headers: adv.headers,
    body: { name: 'Nutra in the US', filters: { title: 'keto' } },
  });
  expect(saved.status, saved.text).toBe(201);
  const requester = await buildEntityAccount(db(), 'affiliate');
  const request = await inject(ctx.app, offerRequests.create, {
    headers: requester.headers,
    body: offerRequestPayload(),
  });
  expect(request.status, request.text).toBe(201);
  const requestId = request.answer().request.offer_request_id;
  const bid = await inject(ctx.app, offerRequests.bid, {
    headers: adv.headers,
    params: { id: requestId },
    body: { bid_amount: 12.5, bid_notes: 'Weekly pay' },
  });
  expect(bid.status, bid.text).toBe(201);
  return adv;
}

describe('the data export holds everything of the account (docs/decisions/026)', () => {
  it('lists sessions, devices, passkeys, the authenticator, saved searches and bids, and no secret', async () => {
    const adv = await advertiserWithFactorsAndBid();
    const res = await inject(ctx.app, account.exportData, { headers: adv.headers });
    expect(res.status).toBe(200);
    const body = accountExportSchema.parse(res.answer());
    expect(body.sessions.length).toBeGreaterThanOrEqual(1);
    expect(body.sessions[0]).not.toHaveProperty('tokenHash');
    expect(body.devices).toMatchObject([{ deviceLabel: 'Firefox on Linux' }]);
    expect(body.passkeys).toMatchObject([{ name: 'Work laptop', deviceType: 'multiDevice' }]);
    expect(body.authenticator).toHaveProperty('enabledAt');
    expect(body.authenticator).not.toHaveProperty('secret');
    expect(body.saved_searches).toMatchObject([{ name: 'Nutra in the US' }]);
    expect(body.bids).toMatchObject([{ bidAmount: 12.5, bidNotes: 'Weekly pay' }]);
    // No token, hash or second-factor secret in what is sent.
    expect(res.text).not.toContain(TOTP_SECRET);
    expect(res.text).not.toContain(adv.headers.authorization.replace('Bearer ', ''));
  });

  it('gives none of another account’s sessions, passkeys, searches or bids', async () => {
    const other = await advertiserWithFactorsAndBid();
    const me = await buildUser(db());
    const res = await inject(ctx.app, account.exportData, { headers: await authHeader(db(), me) });
    const body = accountExportSchema.parse(res.answer());
    expect(body.passkeys).toEqual([]);
    expect(body.bids).toEqual([]);
    expect(body.saved_searches).toEqual([]);
    expect(body.devices).toEqual([]);
    expect(body.authenticator).toBeNull();
    expect(res.text).not.toContain(other.user.id);
  });
});

describe('a deleted account is told so by mail', () => {
  it('mails the address it had once the account is gone; a refused deletion mails nothing', async () => {
    const adv = await advertiserWithFactorsAndBid();
    const wrong = await inject(ctx.app, account.remove, {
      headers: adv.headers,
      body: { password: 'not it' },
    });
    expect(wrong.status).toBe(400);
    expect((await mailsTo(db(), adv.user.email)).map((m) => m.template)).not.toContain(
      'account_deleted',
    );
    const res = await inject(ctx.app, account.remove, {
      headers: adv.headers,
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const mails = await mailsTo(db(), adv.user.email);
    const deleted = mails.find((m) => m.template === 'account_deleted');
    expect(deleted?.subject).toBe('Your TrustLinks account has been deleted');
    expect(deleted?.status).toBe('pending');
    expect(deleted?.recipientUserId).toBeNull();
  });
});
