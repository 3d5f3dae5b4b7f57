import { DAY_MS, MINUTE_MS } from '../lib/time';

/** How long a session lives (docs/architecture.md#cross-cutting-rules: idle and absolute expiry). */
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;
