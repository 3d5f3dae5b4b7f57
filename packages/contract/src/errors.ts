import { z } from 'zod';

/** Every API error body (docs/architecture.md#cross-cutting-rules): a human message, plus field details for bad input. */
export const apiErrorSchema = z.object({
  error: z.string(),
  /** A machine-readable reason where a client must act on it (e.g. mfa_enrolment_required). */
  code: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The error answers a route declares, each with the one error body:
 * `response: { 200: …, ...errorResponses(400, 401, 403, 404) }`.
 */
export function errorResponses<C extends number>(...codes: C[]): Record<C, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    C,
    typeof apiErrorSchema
  >;
}
