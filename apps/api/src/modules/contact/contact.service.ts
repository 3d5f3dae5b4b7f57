import { dashboardPath } from '@trustlinks/contract/pages';
import {
  CONTACT_MESSAGES,
  entitySignupUrl,
  type ContactMessage,
  type ContactMessagesResponse,
  type EntityMessagesResponse,
} from '@trustlinks/contract/contact';
import type { AuthUser } from '../../auth/sessions.service';
import { isLinkedToEntity, requireWithinRate } from '../../auth/policies';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { hitCounter } from '../../lib/counters.repository';
import { clientKey } from '../../lib/client-key';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { DAY_MS, HOUR_MS } from '../../lib/time';
import { enqueueMail } from '../../mail/outbox.repository';
import { contactAdminMail, entityContactNoticeMail } from '../../mail/templates';
import { resolveContact, writeInTx } from '../threads/threads.service';
import { requireEntity } from '../entities/entities.service';
import { displayName } from '../users/users.presenter';
import { findUserById } from '../users/users.service';
import { isUnderWarning } from '../warnings/warnings.service';
import {
  adminRecipients,
  countJoinClick,
  entityRecipients,
  insertContactMessage,
  listContactMessages,
  listEntityMessages,
  markContactMessageRead,
} from './contact.repository';
import type { ContactMessageRow } from '../../db/schema';

/**
 * The Contact page's message (POST /api/contact): stored for the admins' Contact tab and mailed
 * to the admins. A signed-in sender's name and address come from the account, not the form.
 * Nothing is mailed to the address the form names (it is unproven).
 */
export async function sendContactMessage(
  deps: Deps,
  viewer: AuthUser | null,
  ip: string,
  input: { name: string; email: string; subject: string; message: string },
): Promise<{ message: string }> {
  const account = viewer ? await findUserById(deps.db, viewer.id) : undefined;
  const name = account ? displayName(account) : input.name;
  const email = account ? account.email : input.email;
  await deps.db.transaction(async (tx) => {
    await requireWithinRate(
      tx,
      `contact-form:${clientKey(ip)}`,
      { max: deps.config.CONTACT_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
      CONTACT_MESSAGES.rateLimited,
    );
    await insertContactMessage(tx, {
      kind: 'site',
      senderUserId: account?.id ?? null,
      name,
      email,
      subject: input.subject,
      message: input.message,
      deliveredText: true,
    });
    const mail = contactAdminMail({
      name,
      email,
      subject: input.subject,
      message: input.message,
      adminUrl: `${deps.config.APP_URL}/admin?tab=contact`,
    });
    for (const admin of await adminRecipients(tx)) {
      await enqueueMail(tx, { to: admin.email, recipientUserId: admin.id }, mail);
    }
  });
  deps.wakeMailer();
  return { message: CONTACT_MESSAGES.sent };
}

/** The entity 'Join' and 'Contact' act on: approved, not under an active warning. */
async function requireJoinableEntity(deps: Deps, entityId: string) {
  const entity = await requireEntity(deps, entityId);
  if (entity.verificationStatus !== 'approved') throw notFound(CONTACT_MESSAGES.entityNotFound);
  if (await isUnderWarning(deps.db, entity.id)) throw conflict(CONTACT_MESSAGES.entityWarned);
  return entity;
}

/**
 * GET /api/entities/:id/join: counts the visit on the entity's stats and sends the visitor to its
 * sign-up page (only an http(s) URL; the web opens this link with rel="noopener noreferrer").
 */
export async function joinEntity(deps: Deps, entityId: string): Promise<string> {
  const entity = await requireJoinableEntity(deps, entityId);
  const url = entitySignupUrl(entity.entityMetadata);
  if (!url) throw notFound(CONTACT_MESSAGES.noSignupPage);
  await countJoinClick(deps.db, entity.id);
  return url;
}

/**
 * POST /api/entities/:id/contact: a signed-in member's message to a company without a sign-up
 * page (docs/decisions/026) opens a conversation with it (docs/decisions/050-deal-threads.md): the
 * text stays in the app, in the thread between the member's company (or the member) and the
 * company; the company's accounts see it unread on the bell and their Messages tab, and get at
 * most one mail per thread and hour, without the text. An address no account has proven gets at
 * most one fixed notice a day. Capped per member and hour and per company and day, besides the
 * threads' own limits.
 */
export async function contactEntity(
  deps: Deps,
  user: AuthUser,
  entityId: string,
  message: string,
): Promise<{ message: string; delivered_text: boolean; thread_id: string }> {
  const entity = await requireJoinableEntity(deps, entityId);
  if (isLinkedToEntity(user, entity.id)) throw forbidden(CONTACT_MESSAGES.entityOwn);
  const recipients = await entityRecipients(deps.db, entity.id);
  if (recipients.length === 0 && !entity.email)
    throw badRequest(CONTACT_MESSAGES.entityNotContactable);
  const { resolved, name } = await resolveContact(deps, user, entity.id);
  const deliveredText = recipients.length > 0;
  const thread = await deps.db.transaction(async (tx) => {
    await requireWithinRate(
      tx,
      `entity-contact:${user.id}`,
      { max: deps.config.ENTITY_CONTACTS_PER_HOUR, windowMs: HOUR_MS },
      CONTACT_MESSAGES.rateLimited,
    );
    await requireWithinRate(
      tx,
      `entity-contact-company:${entity.id}`,
      { max: deps.config.ENTITY_CONTACTS_PER_COMPANY_PER_DAY, windowMs: DAY_MS },
      CONTACT_MESSAGES.companyRateLimited,
    );
    const written = await writeInTx(tx, deps, user, resolved, message, name);
    if (
      !deliveredText &&
      (await hitCounter(tx, `entity-contact-notice:${entity.id}`, DAY_MS)) === 1
    ) {
      await enqueueMail(
        tx,
        { to: entity.email!, senderUserId: user.id },
        entityContactNoticeMail({ registerUrl: `${deps.config.APP_URL}/register-entity` }),
      );
    }
    return written.thread;
  });
  deps.wakeMailer();
  return {
    message: deliveredText ? CONTACT_MESSAGES.entitySent : CONTACT_MESSAGES.entityNoticeSent,
    delivered_text: deliveredText,
    thread_id: thread.id,
  };
}

/** Where a company's accounts read its members' messages: its dashboard's Messages tab. */
export function entityMessagesPath(entityType: string): string {
  return dashboardPath(entityType, 'messages');
}

/**
 * GET /api/entities/:id/messages: the company's messages from members, for its own accounts only
 * (admins read them in the Contact tab), newest first, with what we verified about each sender.
 */
export async function listForEntity(
  deps: Deps,
  user: AuthUser,
  entityId: string,
  query: { page: number; limit: number },
): Promise<EntityMessagesResponse> {
  if (!isUuid(entityId) || !isLinkedToEntity(user, entityId))
    throw forbidden(CONTACT_MESSAGES.notOwnCompany);
  const rows = await listEntityMessages(
    deps.db,
    entityId,
    query.limit + 1,
    (query.page - 1) * query.limit,
  );
  return {
    messages: rows.slice(0, query.limit).map((r) => ({
      message_id: r.message.id,
      sender_name: r.message.name,
      sender_email: r.message.email,
      sender_checks: [
        ...(r.identityVerified ? (['identity_verified'] as const) : []),
        ...(r.senderCompany ? (['company_member'] as const) : []),
      ],
      sender_company: r.senderCompany,
      message: r.message.message,
      created_at: r.message.createdAt.toISOString(),
    })),
    has_more: rows.length > query.limit,
  };
}

function toContactMessage(row: ContactMessageRow, entityName: string | null): ContactMessage {
  return {
    message_id: row.id,
    kind: row.kind as ContactMessage['kind'],
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    entity_id: row.entityId,
    entity_name: entityName,
    sender_user_id: row.senderUserId,
    delivered_text: row.deliveredText,
    status: row.status as ContactMessage['status'],
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/contact-messages: the admins' Contact tab, newest first. */
export async function listForAdmin(
  deps: Deps,
  query: { status: 'all' | 'new'; page: number; limit: number },
): Promise<ContactMessagesResponse> {
  const rows = await listContactMessages(
    deps.db,
    query.status,
    query.limit + 1,
    (query.page - 1) * query.limit,
  );
  return {
    messages: rows.slice(0, query.limit).map((r) => toContactMessage(r.message, r.entityName)),
    has_more: rows.length > query.limit,
  };
}

export async function markRead(deps: Deps, id: string): Promise<{ message: string }> {
  if (!isUuid(id) || !(await markContactMessageRead(deps.db, id)))
    throw notFound(CONTACT_MESSAGES.notFound);
  return { message: CONTACT_MESSAGES.markedRead };
}
