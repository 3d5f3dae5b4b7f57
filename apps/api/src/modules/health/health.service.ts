import type { Database } from '../../db/client';

const HEALTH_TIMEOUT_MS = 2000;

/** True when the database answers a trivial query within two seconds. */
export async function checkDatabase(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('database health check timed out')),
        HEALTH_TIMEOUT_MS,
      );
    });
    await Promise.race([database.query('SELECT 1'), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
