import { z } from 'zod';

/**
 * The trust context of a company wherever a deal is decided (docs/decisions/051-trust-context.md):
 * an offer's owner on every offer card and dialog, a bidder, an applicant. Made by one presenter
 * in the API (entities/trust-context.presenter.ts) and shown by one component in the web
 * (components/ui/trust-line.tsx).
 */
export const trustContextSchema = z
  .object({
    /** The TrustScore (average published rating), null before the first published review. */
    score: z.number().nullable(),
    /** Published reviews behind the score. */
    reviews: z.number().int().nonnegative(),
    /** Under a public warning (the API's one rule: warnings/under-warning.ts isUnderWarning). */
    warned: z.boolean(),
    /** Approved and not under a warning: "Verified" never shows beside a warning (decision 022). */
    verified: z.boolean(),
  })
  .strict();
export type TrustContext = z.infer<typeof trustContextSchema>;
