import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userDevices } from '../../db/schema';

/**
 * Remembers a device of the user (docs/decisions/034). Answers whether it is new, and whether
 * the user had any device before (the first sign-in of an account mails nobody).
 */
export async function rememberDevice(
  db: DbOrTx,
  userId: string,
  device: { key: string; label: string },
): Promise<{ isNew: boolean; hadOthers: boolean }> {
  const [known] = await db
    .update(userDevices)
    .set({ lastSeenAt: sql`now()`, deviceLabel: device.label })
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceKey, device.key)))
    .returning({ id: userDevices.id });
  if (known) return { isNew: false, hadOthers: true };
  // user_devices_user_key serves both statements.
  const [other] = await db
    .select({ id: userDevices.id })
    .from(userDevices)
    .where(eq(userDevices.userId, userId))
    .limit(1);
  const inserted = await db
    .insert(userDevices)
    .values({ userId, deviceKey: device.key, deviceLabel: device.label })
    .onConflictDoNothing({ target: [userDevices.userId, userDevices.deviceKey] })
    .returning({ id: userDevices.id });
  // Two sign-ins from one new device at once: only the one that inserted it mails.
  return { isNew: inserted.length > 0, hadOthers: other !== undefined };
}
