import { eq } from 'drizzle-orm';
import { describeDevice } from '../auth/devices';
import { SESSION_ABSOLUTE_MS } from '../auth/session-policy';
import { generateToken, hashToken } from '../auth/tokens';
import { sessions, userDevices, users } from '../db/schema';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/time';
import type { SeedStep } from './run';

// Sessions people can see (docs/decisions/034): Maya is already signed in on three
// other devices, so her profile's "Where you're signed in" lists them beside the browser she
// logs in with (and that first login is from a new device: the new-device mail is in the outbox).
const MAYA = 'maya.patel@demo.trustlinks.test';

export const DEMO_SESSIONS = [
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ip: '81.2.69.160',
    startedAgo: 5 * DAY_MS,
    seenAgo: 20 * MINUTE_MS,
  },
  {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ip: '2a02:c7c:1234:5600:1d2e:3f4a:5b6c:7d8e',
    startedAgo: 3 * DAY_MS,
    seenAgo: 2 * DAY_MS,
  },
  {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ip: '185.86.151.11',
    startedAgo: 26 * HOUR_MS,
    seenAgo: 3 * HOUR_MS,
  },
] as const;

export const demoSessionsStep: SeedStep = {
  name: 'demo-sessions',
  run: async ({ tx }) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, MAYA));
    if (!user) return;
    const now = Date.now();
    for (const s of DEMO_SESSIONS) {
      const device = describeDevice({ ip: s.ip, userAgent: s.userAgent });
      const createdAt = new Date(now - s.startedAgo);
      // A token nobody holds: the session is only listed (and can be signed out).
      await tx.insert(sessions).values({
        userId: user.id,
        tokenHash: hashToken(generateToken()),
        createdAt,
        lastSeenAt: new Date(now - s.seenAgo),
        expiresAt: new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS),
        deviceLabel: device.label,
        clientAddress: device.address,
      });
      await tx
        .insert(userDevices)
        .values({
          userId: user.id,
          deviceKey: device.key,
          deviceLabel: device.label,
          firstSeenAt: createdAt,
        })
        .onConflictDoNothing();
    }
  },
};
