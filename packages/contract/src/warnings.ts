import { z } from 'zod';

// Public warnings on entities (docs/decisions/012; Trustpilot's consumer warnings): placed and lifted by
// admins, shown as a banner on the entity's page and its offers, every change kept for audit.

import { WARNING_KINDS } from './warning-kinds';

export {
  WARNING_BANNER_TEXT,
  WARNING_KIND_LABELS,
  WARNING_KINDS,
  type WarningKind,
} from './warning-kinds';

export const WARNING_LIMITS = { textMin: 10, textMax: 1000, noteMax: 1000, auditMax: 100 } as const;

export const WARNING_MESSAGES = {
  placed: 'Warning placed. It shows on the entity page and its offers until it is lifted.', // (ours)
  lifted: 'Warning lifted.', // (ours)
  notFound: 'Warning not found', // (ours)
  entityNotFound: 'Entity not found', // (ours, as the entities API)
  alreadyLifted: 'This warning was already lifted.', // (ours)
  textRequired: `Please write the public text of the warning (at least ${WARNING_LIMITS.textMin} characters).`, // (ours)
  textTooLong: `The public text may have at most ${WARNING_LIMITS.textMax} characters.`, // (ours)
  kindRequired: `Please choose the kind of warning.`, // (ours)
  dateInvalid: 'Please give the date of the warning as YYYY-MM-DD, not in the future.', // (ours)
} as const;

/** A warning as the public sees it (on the entity page and its offers). */
export const publicWarningSchema = z.object({
  warning_id: z.string(),
  kind: z.enum(WARNING_KINDS),
  public_text: z.string(),
  /** YYYY-MM-DD */
  warning_date: z.string(),
});
export type PublicWarning = z.infer<typeof publicWarningSchema>;

/** A warning as admins see it, lifted ones included. */
export const adminWarningSchema = publicWarningSchema.extend({
  created_at: z.string(),
  placed_by: z.string().nullable(),
  lifted_at: z.string().nullable(),
  lifted_by: z.string().nullable(),
});
export type AdminWarning = z.infer<typeof adminWarningSchema>;

export const warningEventSchema = z.object({
  event_id: z.string(),
  warning_id: z.string(),
  action: z.enum(['placed', 'lifted']),
  kind: z.enum(WARNING_KINDS),
  public_text: z.string(),
  warning_date: z.string(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  created_at: z.string(),
});
export type WarningEvent = z.infer<typeof warningEventSchema>;

export const entityWarningsResponseSchema = z.object({
  warnings: z.array(adminWarningSchema),
  /** Newest first, at most WARNING_LIMITS.auditMax. */
  audit: z.array(warningEventSchema),
});
export type EntityWarningsResponse = z.infer<typeof entityWarningsResponseSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const placeWarningSchema = z.object({
  kind: z.enum(WARNING_KINDS, { error: WARNING_MESSAGES.kindRequired }),
  public_text: z
    .string({ error: WARNING_MESSAGES.textRequired })
    .trim()
    .min(WARNING_LIMITS.textMin, WARNING_MESSAGES.textRequired)
    .max(WARNING_LIMITS.textMax, WARNING_MESSAGES.textTooLong),
  warning_date: z
    .string({ error: WARNING_MESSAGES.dateInvalid })
    .regex(ISO_DATE, WARNING_MESSAGES.dateInvalid)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() <= Date.now()
      );
    }, WARNING_MESSAGES.dateInvalid),
});
export type PlaceWarningInput = z.input<typeof placeWarningSchema>;

export const liftWarningSchema = z.object({
  note: z
    .string()
    .trim()
    .max(WARNING_LIMITS.noteMax, `The note may have at most ${WARNING_LIMITS.noteMax} characters.`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const warningWithMessageSchema = z.object({
  message: z.string(),
  warning: adminWarningSchema,
});
export type WarningWithMessage = z.infer<typeof warningWithMessageSchema>;

/** The admins' list of active warnings across entities (docs/decisions/032). */
export const activeWarningsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(20),
});

export const activeWarningSchema = z.object({
  warning_id: z.string(),
  kind: z.enum(WARNING_KINDS),
  public_text: z.string(),
  warning_date: z.string(),
  created_at: z.string(),
  placed_by: z.string().nullable(),
  entity_id: z.string(),
  entity_name: z.string(),
  entity_type: z.string(),
  entity_slug: z.string(),
});
export type ActiveWarning = z.infer<typeof activeWarningSchema>;

export const activeWarningsResponseSchema = z.object({
  warnings: z.array(activeWarningSchema),
  has_more: z.boolean(),
});
export type ActiveWarningsResponse = z.infer<typeof activeWarningsResponseSchema>;
