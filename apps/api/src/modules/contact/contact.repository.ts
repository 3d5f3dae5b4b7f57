import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { contactMessages, entities, users, type ContactMessageRow } from '../../db/schema';
import { addJoinClick } from '../entities/entity-figures.sql';

/** At most this many admins get the Contact page's mail. */
const ADMIN_RECIPIENTS_MAX = 20;
/** At most this many of a company's accounts get a member's message. */
const ENTITY_RECIPIENTS_MAX = 10;

export async function insertContactMessage(
  db: DbOrTx,
  values: typeof contactMessages.$inferInsert,
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

/** Active admins' addresses (the start-up bootstrap proves them). */
export async function adminRecipients(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(users.createdAt)
    .limit(ADMIN_RECIPIENTS_MAX);
}

/**
 * The company's proven addresses: active accounts that speak for it and verified their email
 * (users_entity_id_idx).
 */
export async function entityRecipients(db: DbOrTx, entityId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.entityId, entityId),
        eq(users.status, 'active'),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .orderBy(users.createdAt)
    .limit(ENTITY_RECIPIENTS_MAX);
}

/** A page of messages for the admins, newest first, with the company's name. */
export async function listContactMessages(
  db: DbOrTx,
  status: 'all' | 'new',
  limit: number,
  offset: number,
) {
  return db
    .select({ message: contactMessages, entityName: entities.name })
    .from(contactMessages)
    .leftJoin(entities, eq(entities.id, contactMessages.entityId))
    .where(status === 'new' ? eq(contactMessages.status, 'new') : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
}

export async function markContactMessageRead(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ status: 'read' })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

const senderEntity = alias(entities, 'sender_entity');

/**
 * A company's messages from members, newest first (contact_messages_entity_idx), with what we
 * verified about each sender now: identity, and membership of an approved company.
 */
export async function listEntityMessages(
  db: DbOrTx,
  entityId: string,
  limit: number,
  offset: number,
) {
  return db
    .select({
      message: contactMessages,
      identityVerified: sql<boolean>`coalesce(${users.identityVerified}, false)`,
      senderCompany: sql<
        string | null
      >`case when ${senderEntity.verificationStatus} = 'approved' then ${senderEntity.name} end`,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.senderUserId))
    .leftJoin(senderEntity, eq(senderEntity.id, users.entityId))
    .where(and(eq(contactMessages.entityId, entityId), eq(contactMessages.kind, 'entity')))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
}

/** One more visitor sent to the company's sign-up page by 'Join' (the entities module writes it). */
export async function countJoinClick(db: DbOrTx, entityId: string): Promise<void> {
  await db.execute(addJoinClick(entityId));
}
