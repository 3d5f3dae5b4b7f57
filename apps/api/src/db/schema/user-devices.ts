import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { users } from './users';

/**
 * The devices an account signed in from (docs/decisions/034): a hash of browser family, OS and
 * client address. A sign-in from a device not listed mails the owner once.
 */
export const userDevices = pg.pgTable(
  'user_devices',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    deviceKey: pg.text('device_key').notNull(),
    deviceLabel: pg.text('device_label').notNull(),
    firstSeenAt: pg.timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: pg.timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.uniqueIndex('user_devices_user_key').on(t.userId, t.deviceKey)],
);
