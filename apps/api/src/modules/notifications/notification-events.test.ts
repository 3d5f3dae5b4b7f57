import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  buildEntityAccount,
  buildSignedInUser,
  mailsTo,
  offerRequestPayload,
  reviewPayload,
} from '../../../test/factories';
import { notifications } from '../../db/schema';

// Each event of docs/decisions/014 written where it happens, through the real API: a notification for
// the right people (never the actor), and its mail with the one-click unsubscribe link.

const ctx = useTestApp();
const { db, inject } = ctx;
const notesOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
const UNSUBSCRIBE = /\/unsubscribe\?token=[0-9a-f]{64}&type=/;

describe('events behind the bell', () => {
  it('a bid on your request', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const created = await inject({
      method: 'POST',
      url: '/api/offers/offer-request',
      headers: aff.headers,
      payload: offerRequestPayload({ title: 'Nordic dating traffic' }),
    });
    const id = created.json().request.offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser', { name: `Bidder ${Date.now()}` });
    const bid = await inject({
      method: 'POST',
      url: `/api/offers/offer-requests/${id}/bid`,
      headers: adv.headers,
      payload: { bid_amount: 42.5 },
    });
    expect(bid.statusCode, bid.body).toBe(201);
    const [note] = await notesOf(aff.user.id);
    expect(note).toMatchObject({
      type: 'bid_received',
      title: 'New counter offer on "Nordic dating traffic"',
      link: `/affiliate-dashboard?tab=requests&request=${id}`,
    });
    const [mail] = (await mailsTo(db(), aff.user.email)).filter(
      (m) => m.template === 'bid_received',
    );
    expect(mail!.textBody).toMatch(UNSUBSCRIBE);
    expect(await notesOf(adv.user.id)).toHaveLength(0);
  });

  it('a new review of your entity, a reply on your review, a moderation decision', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser', { name: `Reviewed ${Date.now()}` });
    const { user: reviewer, headers: reviewerHeaders } = await buildSignedInUser(db());
    const posted = await inject({
      method: 'POST',
      url: '/api/reviews',
      headers: reviewerHeaders,
      payload: reviewPayload({
        entity_id: adv.entity.id,
        is_anonymous: true,
        title: 'Paid on time',
      }),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const reviewId = posted.json().review.review_id as string;
    const [received] = await notesOf(adv.user.id);
    expect(received).toMatchObject({
      type: 'review_received',
      // Decision 027: the review's own address.
      link: `/entity/${adv.entity.slug}?tab=reviews&review=${reviewId}`,
    });
    // Anonymous: the reviewer is not named anywhere in it.
    expect(`${received!.title} ${received!.body}`).not.toContain(reviewer.lastName);

    const reply = await inject({
      method: 'POST',
      url: `/api/reviews/${reviewId}/reply`,
      headers: adv.headers,
      payload: { reply_type: 'dispute', reply_text: 'We have no record of this account.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const admin = await adminHeader(db());
    const moderated = await inject({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/moderate`,
      headers: admin,
      payload: { action: 'reject', admin_notes: 'Could not be confirmed.' },
    });
    expect(moderated.statusCode, moderated.body).toBe(200);
    const notes = await notesOf(reviewer.id);
    expect(notes.map((n) => n.type).sort()).toEqual(['review_moderated', 'review_reply']);
    expect(notes.find((n) => n.type === 'review_reply')!.link).toBe(
      `/entity/${adv.entity.slug}?tab=reviews&review=${reviewId}`,
    );
    expect(notes.find((n) => n.type === 'review_reply')!.title).toBe(
      `${adv.entity.name} disputed your review`,
    );
    expect(notes.find((n) => n.type === 'review_moderated')!.title).toBe(
      `Your review of ${adv.entity.name} was rejected`,
    );
    const mails = await mailsTo(db(), reviewer.email);
    expect(mails.filter((m) => m.template === 'notification')).toHaveLength(2);
    expect(mails.every((m) => UNSUBSCRIBE.test(m.textBody))).toBe(true);
  });

  it('an entity approval or rejection', async () => {
    const net = await buildEntityAccount(db(), 'network');
    const admin = await adminHeader(db());
    const res = await inject({
      method: 'PUT',
      url: `/api/entities/${net.entity.id}/verification`,
      headers: admin,
      payload: { verification_status: 'rejected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await notesOf(net.user.id);
    expect(note).toMatchObject({
      type: 'entity_decision',
      title: `${net.entity.name} was rejected on TrustLinks`,
    });
    const [mail] = await mailsTo(db(), net.user.email);
    expect(mail!.textBody).toMatch(UNSUBSCRIBE);
  });

  it('an identity decision', async () => {
    const { user, headers } = await buildSignedInUser(db());
    const address = `jo@acme-${Date.now().toString(36)}.example`;
    await inject({
      method: 'POST',
      url: '/api/users/verify-identity',
      headers,
      payload: { verification_method: 'business_email', business_email: address },
    });
    const [codeMail] = (await mailsTo(db(), address)).filter((m) => m.template === 'identity_code');
    const code = /^(\d{6})$/m.exec(codeMail!.textBody)![1]!;
    const res = await inject({
      method: 'POST',
      url: '/api/users/verify-identity/confirm',
      headers,
      payload: { code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await notesOf(user.id);
    expect(note).toMatchObject({ type: 'identity_decision', title: 'Your identity is verified' });
    const [mail] = (await mailsTo(db(), user.email)).filter(
      (m) => m.template === 'identity_verified',
    );
    expect(mail!.textBody).toMatch(UNSUBSCRIBE);
  });
});
