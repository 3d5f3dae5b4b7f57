import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

const COUNT_CAP = 10_000;

/** Users for the admin list; the search uses the trigram index on name + email. */
export async function pageUsers(
  db: DbOrTx,
  options: { search?: string; role?: string; status?: string; page: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    options.search
      ? ilike(
          sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`,
          containsPattern(options.search),
        )
      : undefined,
    options.role ? eq(users.role, options.role) : undefined,
    options.status ? eq(users.status, options.status) : undefined,
  );
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(COUNT_CAP)
    .as('c');
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(capped),
  ]);
  return { rows, total: count?.n ?? 0 };
}
