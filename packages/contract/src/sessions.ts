import { z } from 'zod';

// The account's sessions (docs/decisions/034-sessions-devices-passkeys.md).

export const sessionSummarySchema = z.object({
  id: z.uuid(),
  /** "Chrome on macOS"; null for a session opened before devices were recorded. */
  device: z.string().nullable(),
  /** The client address at sign-in (IPv6 by its /64), null when unknown. */
  address: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSummarySchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
