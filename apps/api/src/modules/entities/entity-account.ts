import { randomBytes } from 'node:crypto';
import type { EntityType } from '@trustlinks/contract/constants';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions.repository';
import type { Tx } from '../../db/client';
import type { EntityRow } from '../../db/schema';
import { conflict } from '../../errors';
import type { Deps } from '../../lib/deps';
import { DAY_MS } from '../../lib/time';
import { enqueueMail } from '../../mail/outbox.repository';
import { entityAccountCreatedMail, entityLinkedMail } from '../../mail/templates';
import {
  findUserByEmail,
  insertUser,
  invalidateEmailTokens,
  updateUser,
} from '../users/users.service';
import { ENTITIES_MESSAGES, TEMPORARY_PASSWORD_DAYS } from './entities.messages';

function temporaryPassword(): string {
  // 12 characters from a 64-symbol alphabet: 72 random bits, typed once.
  return randomBytes(9).toString('base64url');
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

/**
 * The first approval of a registered entity gives it an account, and only the holder of the
 * entity's mailbox may end up owning it (docs/decisions/010):
 * - an account that proved that email is linked (and told so);
 * - an unverified account holding the address is taken over for the mailbox: whoever chose its
 *   password never proved the address, so the password is replaced by a one-time password mailed
 *   there, its sessions and links end, and the email counts as verified when that password is
 *   first used (users.service login);
 * - otherwise a new account with a one-time password.
 * Runs inside the approval's transaction, so the status, the account and the mail commit together
 * or not at all.
 */
export async function provideAccount(deps: Deps, tx: Tx, entity: EntityRow): Promise<string> {
  const email = entity.email!;
  const role = entity.entityType as EntityType;
  const loginUrl = `${deps.config.APP_URL}/login`;
  const existing = await findUserByEmail(tx, email);
  if (existing?.entityId && existing.entityId !== entity.id) {
    throw conflict(ENTITIES_MESSAGES.emailBelongsToOtherEntity(email));
  }
  if (existing?.emailVerifiedAt) {
    await updateUser(tx, existing.id, {
      entityId: entity.id,
      ...(existing.role === 'admin' ? {} : { role }),
    });
    await enqueueMail(
      tx,
      { to: email, recipientUserId: existing.id },
      entityLinkedMail({ firstName: existing.firstName, entityName: entity.name, role, loginUrl }),
    );
    return existing.id;
  }
  const password = temporaryPassword();
  const account = {
    ...splitName(entity.name),
    passwordHash: await hashPassword(password),
    role,
    entityId: entity.id,
    passwordResetRequired: true,
    temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * DAY_MS),
  };
  let userId: string;
  if (existing) {
    // Nothing the unproven signer wrote stays on the account.
    await updateUser(tx, existing.id, { ...account, phone: null, bio: null });
    await revokeUserSessions(tx, existing.id);
    await invalidateEmailTokens(tx, existing.id);
    userId = existing.id;
  } else {
    const created = await insertUser(tx, { email, ...account, emailVerifiedAt: new Date() });
    if (!created) throw conflict(ENTITIES_MESSAGES.emailBelongsToOtherEntity(email));
    userId = created.id;
  }
  await enqueueMail(
    tx,
    { to: email, recipientUserId: userId, secret: true },
    entityAccountCreatedMail({
      entityName: entity.name,
      email,
      temporaryPassword: password,
      loginUrl,
      expiresInDays: TEMPORARY_PASSWORD_DAYS,
    }),
  );
  return userId;
}
