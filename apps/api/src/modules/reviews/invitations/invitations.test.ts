import { eq } from 'drizzle-orm';
import { REVIEW_INVITATION_MESSAGES as M } from '@trustlinks/contract/review-invitations';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers';
import {
  adminHeader,
  buildEntityAccount,
  buildSignedInUser,
  mailsTo,
  reviewPayload,
} from '../../../../test/factories';
import { approvedTrackingLink } from '../../../../test/offers';
import { offerApplications, reviewInvitations } from '../../../db/schema';

/**
 * Review invitations (docs/decisions/057-review-invitations.md): members of a company invite
 * partners by mail or by a link tied to an approved application; each invitation is single use and
 * expires; its review is 'Invited' ('Verified deal' from an application with conversions); the
 * company cannot invite its own members, is limited per day, and has no say over publication.
 */
describe('review invitations', () => {
  const { db, inject } = useTestApp({ config: { REVIEW_INVITATIONS_PER_DAY: '5' } });

  const invite = (entityId: string, headers: Record<string, string>, payload: object) =>
    inject({
      method: 'POST',
      url: `/api/entities/${entityId}/review-invitations`,
      headers,
      payload,
    });
  const review = (headers: Record<string, string>, entityId: string, invitation?: string) =>
    inject({
      method: 'POST',
      url: '/api/reviews',
      headers,
      payload: reviewPayload({ entity_id: entityId, ...(invitation ? { invitation } : {}) }),
    });
  const tokenIn = (text: string) => /[?&]invitation=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  async function mailedToken(to: string): Promise<string> {
    const [mail] = (await mailsTo(db(), to)).filter((m) => m.template === 'review_invitation');
    const token = mail && tokenIn(mail.textBody);
    if (!token) throw new Error(`no invitation mailed to ${to}`);
    return token;
  }

  it('mails an invitation; its review is published as any other with the Invited label, and the company counts it', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const email = `partner-${Date.now()}@partner.test`;
    const res = await invite(owner.entity.id, owner.headers, { emails: [email.toUpperCase()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(M.sent(1));
    expect(res.json().link).toBeNull();
    expect(res.json().invitations[0]).toMatchObject({ email, status: 'open' });

    const partner = await buildSignedInUser(db(), { email });
    const posted = await review(partner.headers, owner.entity.id, await mailedToken(email));
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().review.review_status).toBe('approved');
    expect(posted.json().review.labels).toContain('invited');
    expect(posted.json().review.labels).not.toContain('verified_deal');

    const page = await inject({ method: 'GET', url: `/api/reviews/entity/${owner.entity.id}` });
    expect(page.json().entity).toMatchObject({ total_reviews: 1, invited_reviews: 1 });
    const list = await inject({
      method: 'GET',
      url: `/api/entities/${owner.entity.id}/review-invitations`,
      headers: owner.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().invitations[0]).toMatchObject({ email, status: 'used' });
    expect(list.json()).toMatchObject({ sent_today: 1, daily_limit: 5 });
  });

  it("links an approved application's partner; the review is a Verified deal when the application had conversions, and the link works once", async () => {
    const deal = await approvedTrackingLink(db(), inject, 'advertiser');
    await db()
      .update(offerApplications)
      .set({ conversionCount: 3 })
      .where(eq(offerApplications.id, deal.applicationId));
    const res = await invite(deal.owner.entity.id, deal.owner.headers, {
      application_id: deal.applicationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(M.linkReady);
    const token = tokenIn(res.json().link)!;
    expect(res.json().invitations[0]).toMatchObject({
      application_id: deal.applicationId,
      partner_name: deal.aff.entity.name,
    });

    const posted = await review(deal.aff.headers, deal.owner.entity.id, token);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().review.labels).toEqual(
      expect.arrayContaining(['invited', 'verified_deal']),
    );

    // A second member of the partner company: the link was used.
    const colleague = await buildSignedInUser(db(), {
      role: 'affiliate',
      entityId: deal.aff.entity.id,
    });
    const again = await review(colleague.headers, deal.owner.entity.id, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(M.used);
  });

  it('refuses an invitation for someone else, for another company, expired or made up, writing nothing', async () => {
    const owner = await buildEntityAccount(db(), 'network');
    const other = await buildEntityAccount(db(), 'advertiser');
    const email = `invited-${Date.now()}@partner.test`;
    expect((await invite(owner.entity.id, owner.headers, { emails: [email] })).statusCode).toBe(
      201,
    );
    const token = await mailedToken(email);

    const stranger = await buildSignedInUser(db());
    const wrongPerson = await review(stranger.headers, owner.entity.id, token);
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().error).toBe(M.otherPerson);

    const invited = await buildSignedInUser(db(), { email });
    const wrongCompany = await review(invited.headers, other.entity.id, token);
    expect(wrongCompany.statusCode).toBe(400);
    expect(wrongCompany.json().error).toBe(M.otherEntity);

    const madeUp = await review(invited.headers, owner.entity.id, 'x'.repeat(43));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error).toBe(M.invalid);

    await db()
      .update(reviewInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewInvitations.email, email));
    const expired = await review(invited.headers, owner.entity.id, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(M.expired);

    // None of the refused attempts wrote a review.
    const page = await inject({ method: 'GET', url: `/api/reviews/entity/${owner.entity.id}` });
    expect(page.json().entity.total_reviews).toBe(0);
  });

  it("refuses to invite the company's own members, and writes no invitation of the request", async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const member = await buildSignedInUser(db(), { role: 'advertiser', entityId: owner.entity.id });
    const res = await invite(owner.entity.id, owner.headers, {
      emails: ['someone-else@partner.test', member.user.email],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(M.ownMember(member.user.email));
    const rows = await db()
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.entityId, owner.entity.id));
    expect(rows).toEqual([]);
  });

  it('limits a company to REVIEW_INVITATIONS_PER_DAY invitations a day', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const emails = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => `limit-${from + i}-${owner.entity.id}@partner.test`);
    expect(
      (await invite(owner.entity.id, owner.headers, { emails: emails(4, 0) })).statusCode,
    ).toBe(201);
    const over = await invite(owner.entity.id, owner.headers, { emails: emails(2, 4) });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(M.dailyLimit(5));
    expect(
      (await invite(owner.entity.id, owner.headers, { emails: emails(1, 4) })).statusCode,
    ).toBe(201);
  });

  it('lets only the company’s members invite or read its invitations', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const body = { emails: ['who@partner.test'] };
    const url = `/api/entities/${owner.entity.id}/review-invitations`;
    expect((await invite(owner.entity.id, {}, body)).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    const outsiders = [
      (await buildEntityAccount(db(), 'advertiser')).headers,
      (await buildEntityAccount(db(), 'network')).headers,
      (await buildEntityAccount(db(), 'affiliate')).headers,
      (await buildSignedInUser(db())).headers,
      await adminHeader(db()),
    ];
    for (const headers of outsiders) {
      const sent = await invite(owner.entity.id, headers, body);
      expect(sent.statusCode).toBe(403);
      expect(sent.json().error).toBe(M.notMember);
      expect((await inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    }
  });

  it('invites from approved applications of the company only, and asks for one kind of invitation', async () => {
    const deal = await approvedTrackingLink(db(), inject, 'network');
    const other = await buildEntityAccount(db(), 'network');
    const foreign = await invite(other.entity.id, other.headers, {
      application_id: deal.applicationId,
    });
    expect(foreign.statusCode).toBe(404);
    await db()
      .update(offerApplications)
      .set({ status: 'pending' })
      .where(eq(offerApplications.id, deal.applicationId));
    const pending = await invite(deal.owner.entity.id, deal.owner.headers, {
      application_id: deal.applicationId,
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error).toBe(M.applicationNotApproved);
    const both = await invite(deal.owner.entity.id, deal.owner.headers, {
      application_id: deal.applicationId,
      emails: ['a@partner.test'],
    });
    expect(both.statusCode).toBe(400);
    expect((await invite(deal.owner.entity.id, deal.owner.headers, {})).statusCode).toBe(400);
  });
});
