import { z } from 'zod';
import { ROLES } from './constants';

/** The user as the API presents it to that user (SPEC §3 "Current user"). */
export const currentUserSchema = z.object({
  user_id: z.string(),
  entity_id: z.string().nullable(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
