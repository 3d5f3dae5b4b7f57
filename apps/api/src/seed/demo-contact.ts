import { dashboardPath } from '@trustlinks/contract/pages';
import { and, eq, isNotNull } from 'drizzle-orm';
import { contactMessages, entities, notifications, users } from '../db/schema';
import { HOUR_MS } from '../lib/time';
import type { SeedStep } from './run';

// Decision 026 on the demo data: a Contact page message waiting in the admins' Contact tab, and a
// member's message to Northwind Traffic, a company without a sign-up page: its text is kept in the
// app, on the company's Messages tab (docs/decisions/026), and its accounts have the bell's
// notice that a member wrote (the mail said the same, without the text). Vitality, Apex and BlockReach have sign-up URLs in their
// metadata (demo-entities.ts), so their 'Join' buttons open those pages.
export const demoContactStep: SeedStep = {
  name: '024-demo-contact-messages',
  async run({ tx }) {
    await tx.insert(contactMessages).values({
      kind: 'site',
      name: 'Priya Raman',
      email: 'priya.raman@example.com',
      subject: 'How do I get my network listed?',
      message:
        'Hello, we run a CPA network focused on Finance offers in the UK and DE. What do you need from us to get listed, and how long does the review take?',
      createdAt: new Date(Date.now() - 3 * HOUR_MS),
    });
    const [maya] = await tx
      .select()
      .from(users)
      .where(eq(users.email, 'maya.patel@demo.trustlinks.test'));
    const [company] = await tx
      .select()
      .from(entities)
      .where(eq(entities.name, 'Northwind Traffic'));
    if (maya && company) {
      await tx.insert(contactMessages).values({
        kind: 'entity',
        senderUserId: maya.id,
        entityId: company.id,
        name: `${maya.firstName} ${maya.lastName}`,
        email: maya.email,
        subject: `Join ${company.name}`,
        message:
          'Hi, I buy Nutra and Finance traffic across EU GEOs (about 20k clicks a day) and would like to work with you.',
        deliveredText: true,
        createdAt: new Date(Date.now() - HOUR_MS),
      });
      const accounts = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, company.id), isNotNull(users.emailVerifiedAt)));
      if (accounts.length) {
        await tx.insert(notifications).values(
          accounts.map((a) => ({
            userId: a.id,
            type: 'company_message',
            title: `A member sent ${company.name} a message`,
            body: `A member who gave their name as "${maya.firstName} ${maya.lastName}" (not verified: neither identity nor company) wrote to your company. Read it on your Messages tab.`,
            link: dashboardPath(company.entityType, 'messages'),
            createdAt: new Date(Date.now() - HOUR_MS),
          })),
        );
      }
    }
  },
};
