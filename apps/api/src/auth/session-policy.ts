/** How long a session lives (docs/architecture.md#cross-cutting-rules: idle and absolute expiry). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
