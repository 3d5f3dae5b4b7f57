import { z } from 'zod';

/** GET /health: the process answers and the database does too (503 with an error otherwise). */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
