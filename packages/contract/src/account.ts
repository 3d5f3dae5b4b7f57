import { z } from 'zod';
import { USER_LIMITS } from './users';

/**
 * Account data rights (docs/decisions/026-public-pages-and-data-rights.md): a copy of
 * what we hold about the account (GET /api/users/me/export) and deleting it (DELETE /api/users/me).
 */
export const ACCOUNT_MESSAGES = {
  deleted: 'Your account has been deleted. We are sorry to see you go.',
  wrongPassword: 'The password is not correct.',
  lastAdmin: 'The last administrator cannot delete their account.',
} as const;

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(USER_LIMITS.passwordMax, 'Password is too long'),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The export: plain records, one list per kind of data, the newest first. */
const record = z.record(z.string(), z.unknown());
export const accountExportSchema = z.object({
  exported_at: z.string(),
  account: record,
  entity: record.nullable(),
  reviews: z.array(record),
  votes: z.array(record),
  applications: z.array(record),
  offer_requests: z.array(record),
  notifications: z.array(record),
  contact_messages: z.array(record),
  /** Where the account is or was signed in (no token), and the devices it signed in from. */
  sessions: z.array(record),
  devices: z.array(record),
  /** The passkeys (names, ids, dates; the public keys too: they are not secret). */
  passkeys: z.array(record),
  /** Whether an authenticator app is set up, and since when (never its secret). */
  authenticator: record.nullable(),
  saved_searches: z.array(record),
  /** The bids the account placed for its company. */
  bids: z.array(record),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
