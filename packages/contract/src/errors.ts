import { z } from 'zod';

/** Every API error body (docs/architecture.md#cross-cutting-rules): a human message, plus field details for bad input. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
