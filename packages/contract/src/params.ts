import { z } from 'zod';

/**
 * Path parameters shared by every area. A row's id in a path is any short string: the API answers
 * a non-UUID with the feature's 404 without a query (apps/api/src/auth/policies.ts,
 * requireFoundById), so the schema does not turn it into a 400.
 */
export const pathIdSchema = z.string().min(1).max(100);

/** `/…/:id` */
export const idParamsSchema = z.object({ id: pathIdSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** `/…/:entityId` */
export const entityIdParamsSchema = z.object({ entityId: pathIdSchema });
export type EntityIdParams = z.infer<typeof entityIdParamsSchema>;

/** `/…/:userId` */
export const userIdParamsSchema = z.object({ userId: pathIdSchema });
export type UserIdParams = z.infer<typeof userIdParamsSchema>;
