import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  adminActions,
  entities,
  offerApplications,
  offers,
  threadMessages,
  threads,
  users,
} from '../db/schema';
import type { DbOrTx } from '../db/client';
import { HOUR_MS, MINUTE_MS } from '../lib/time';
import type { SeedStep } from './run';

const ADV = 'advertiser@demo.trustlinks.test';
const AFF = 'affiliate@demo.trustlinks.test';
const ADMIN = 'admin@demo.trustlinks.test';

/** What advertiser@ reported: one report still open, one an admin settled by removing the message. */
interface Reported {
  reason: string;
  ago: number;
  removedAgo?: number;
}

/**
 * Deal conversations on the demo (docs/decisions/050-deal-threads.md): on the affiliate's approved
 * KetoSlim application the affiliate wrote last (unread for advertiser@), on its pending VitaGlow
 * application the advertiser asked a question (unread for affiliate@). Nobody has read marks yet,
 * so the bell and the Messages tab show one unread conversation to each. The advertiser reported
 * two of the affiliate's older messages: admin@ removed one (the Resolved list, the parties see the
 * fixed text), the other waits on the admin panel's Open list.
 */
export const demoThreadsStep: SeedStep = {
  name: 'demo-deal-threads',
  async run({ tx }) {
    const accounts = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        entityId: users.entityId,
      })
      .from(users)
      .where(inArray(users.email, [ADV, AFF, ADMIN]));
    const adv = accounts.find((a) => a.email === ADV);
    const aff = accounts.find((a) => a.email === AFF);
    const admin = accounts.find((a) => a.email === ADMIN);
    if (!adv?.entityId || !aff?.entityId) return;
    const names = new Map(
      (
        await tx
          .select({ id: entities.id, name: entities.name })
          .from(entities)
          .where(inArray(entities.id, [adv.entityId, aff.entityId]))
      ).map((e) => [e.id, e.name]),
    );
    const apps = await tx
      .select({ id: offerApplications.id, title: offers.title })
      .from(offerApplications)
      .innerJoin(offers, eq(offers.id, offerApplications.offerId))
      .where(
        and(
          eq(offerApplications.entityId, aff.entityId),
          eq(offerApplications.ownerEntityId, adv.entityId),
          inArray(offers.title, ['KetoSlim Pro — Free Trial', 'VitaGlow Collagen — Straight Sale']),
        ),
      )
      .orderBy(asc(offers.title));
    const keto = apps.find((a) => a.title.startsWith('KetoSlim'));
    const vita = apps.find((a) => a.title.startsWith('VitaGlow'));
    const advName = `${adv.firstName} (${names.get(adv.entityId)})`;
    const affName = `${aff.firstName} (${names.get(aff.entityId)})`;
    const now = Date.now();
    const conversations = [
      keto && {
        app: keto,
        messages: [
          {
            side: 'starter',
            text: 'Before we start: I also sell 5,000 real followers for $20, pay in gift cards. DM me.',
            ago: 6 * HOUR_MS,
            report: {
              reason: 'Spam: selling fake followers, payment in gift cards.',
              ago: 5.5 * HOUR_MS,
              removedAgo: 4 * HOUR_MS,
            } as Reported,
          },
          {
            side: 'starter',
            text: 'Hi! Our Taboola campaign is live on KetoSlim, about 80k clicks a day. Can we get a higher daily cap from next week?',
            ago: 5 * HOUR_MS,
          },
          {
            side: 'owner',
            text: 'Great start. Send us the first week of numbers and we will raise the cap. Reporting: https://docs.trustlinks.test/postbacks',
            ago: 3 * HOUR_MS,
          },
          {
            side: 'starter',
            text: 'Numbers are in the Results tab: 412 conversions so far. Could we move to 600 a day?',
            ago: 40 * MINUTE_MS,
          },
        ],
      },
      vita && {
        app: vita,
        messages: [
          {
            side: 'starter',
            text: 'We would test VitaGlow on UK push first, then DE.',
            ago: 26 * HOUR_MS,
          },
          {
            side: 'starter',
            text: 'If you don’t raise the payout by Friday we will post that your brand is a scam everywhere.',
            ago: 25 * HOUR_MS,
            report: { reason: 'Threatens to smear our brand.', ago: 24 * HOUR_MS } as Reported,
          },
          {
            side: 'owner',
            text: 'Push is fine for the UK. Which creatives would you run? Please no "miracle" claims.',
            ago: 2 * HOUR_MS,
          },
        ],
      },
    ].filter((c): c is NonNullable<typeof c> => Boolean(c));
    for (const { app, messages } of conversations) {
      const last = messages[messages.length - 1]!;
      const [thread] = await tx
        .insert(threads)
        .values({
          kind: 'application',
          subjectId: app.id,
          ownerEntityId: adv.entityId,
          starterEntityId: aff.entityId,
          title: app.title,
          lastMessageAt: new Date(now - last.ago),
          lastSenderSide: last.side,
          createdAt: new Date(now - messages[0]!.ago),
        })
        .onConflictDoNothing()
        .returning({ id: threads.id });
      if (!thread) continue;
      const inserted = await tx
        .insert(threadMessages)
        .values(
          messages.map((m) => ({
            threadId: thread.id,
            senderUserId: m.side === 'owner' ? adv.id : aff.id,
            senderSide: m.side,
            senderName: m.side === 'owner' ? advName : affName,
            body: m.text,
            createdAt: new Date(now - m.ago),
          })),
        )
        .returning({ id: threadMessages.id, body: threadMessages.body });
      for (const m of messages) {
        const report = 'report' in m ? m.report : undefined;
        const row = inserted.find((r) => r.body === m.text);
        if (report && row)
          await reportDemoMessage(tx, thread.id, row.id, report, adv.id, aff.id, admin?.id);
      }
    }
  },
};

/** The report (and, where given, the admin's removal with its audit entry) of one demo message. */
async function reportDemoMessage(
  tx: DbOrTx,
  threadId: string,
  messageId: string,
  report: Reported,
  reporterId: string,
  senderId: string,
  adminId: string | undefined,
) {
  const now = Date.now();
  const removed = report.removedAgo !== undefined && adminId !== undefined;
  await tx
    .update(threadMessages)
    .set({
      reportedAt: new Date(now - report.ago),
      reportedByUserId: reporterId,
      reportReason: report.reason,
      ...(removed
        ? {
            reportResolvedAt: new Date(now - report.removedAgo!),
            reportResolvedByUserId: adminId,
            reportResolution: 'removed',
          }
        : {}),
    })
    .where(eq(threadMessages.id, messageId));
  await tx
    .update(threads)
    .set({ reportedAt: new Date(now - report.ago) })
    .where(and(eq(threads.id, threadId), isNull(threads.reportedAt)));
  if (removed) {
    await tx.insert(adminActions).values({
      actorUserId: adminId,
      action: 'thread_message_removed',
      targetUserId: senderId,
      targetThreadMessageId: messageId,
      createdAt: new Date(now - report.removedAgo!),
    });
  }
}
