import { and, asc, eq, inArray } from 'drizzle-orm';
import { entities, offerApplications, offers, threadMessages, threads, users } from '../db/schema';
import { HOUR_MS, MINUTE_MS } from '../lib/time';
import type { SeedStep } from './run';

const ADV = 'advertiser@demo.trustlinks.test';
const AFF = 'affiliate@demo.trustlinks.test';

/**
 * Deal conversations on the demo (docs/decisions/050-deal-threads.md): on the affiliate's approved
 * KetoSlim application the affiliate wrote last (unread for advertiser@), on its pending VitaGlow
 * application the advertiser asked a question (unread for affiliate@). Nobody has read marks yet,
 * so the bell and the Messages tab show one unread conversation to each.
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
      .where(inArray(users.email, [ADV, AFF]));
    const adv = accounts.find((a) => a.email === ADV);
    const aff = accounts.find((a) => a.email === AFF);
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
      await tx.insert(threadMessages).values(
        messages.map((m) => ({
          threadId: thread.id,
          senderUserId: m.side === 'owner' ? adv.id : aff.id,
          senderSide: m.side,
          senderName: m.side === 'owner' ? advName : affName,
          body: m.text,
          createdAt: new Date(now - m.ago),
        })),
      );
    }
  },
};
