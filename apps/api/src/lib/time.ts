/**
 * Durations in milliseconds, written once: rate-limit windows, expiries, seed dates and the
 * workers' intervals all count with these.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
