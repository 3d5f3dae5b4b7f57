// Telling "the database is away" from every other database error: the first is a temporary
// condition (HTTP 503, a connection not to reuse), not a bug.

/** Error codes (socket errors and SQLSTATEs) that mean "the database is away", not "bad query". */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN', // DNS hiccup during a managed failover
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a failover left us on a replica for a moment
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/** node-postgres and pg-pool say it in words only. */
const CONNECTION_ERROR_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/**
 * True for errors that mean the database cannot be reached right now (refused, dropped or timed-out
 * connections, a server shutting down or starting up), looking through drizzle's wrapping
 * (`cause`) and Node's AggregateError (`errors`, one per address tried).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  if (typeof message === 'string' && CONNECTION_ERROR_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
