import pg from 'pg';
import type { Database } from './client';

/** A LISTEN on one channel, on its own connection (a pooled one may be handed to anyone). */
export interface Listener {
  /**
   * Resolves once every notification committed before the call has been handed to `onNotify`:
   * a round trip on the listening connection (PostgreSQL sends a listener its pending
   * notifications before it answers), shared by the callers that ask meanwhile. Never rejects.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
}

export interface ListenOptions {
  database: Database;
  channel: string;
  onNotify: (payload: string) => void;
  /** true once listening, false when the connection is lost (reconnects by itself). */
  onState: (listening: boolean) => void;
  onError?: (err: unknown) => void;
  retryMs?: number;
}

/**
 * LISTENs on `channel`. On PostgreSQL a dedicated client does it and, when its connection is
 * lost, reports `onState(false)` and connects again every `retryMs`; on embedded PGlite (one
 * process) the notifications come from the same in-process database.
 */
export async function listen(options: ListenOptions): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error('bad channel name');
  const pglite = (options.database as unknown as { pglite?: PgliteListen }).pglite;
  if (options.database.kind === 'pglite' && pglite) {
    const unlisten = await pglite.listen(options.channel, (payload) =>
      options.onNotify(payload ?? ''),
    );
    options.onState(true);
    return {
      sync: async () => {},
      close: async () => {
        options.onState(false);
        // The database may be closed already (its own shutdown comes first in some callers).
        await unlisten().catch(() => {});
      },
    };
  }
  // LISTEN needs a server session of its own: never through a transaction pooler
  // (Database.sessionUrl: DATABASE_DIRECT_URL when set, else DATABASE_URL).
  const url = options.database.sessionUrl;
  if (!url) throw new Error('listen() found no connection URL of the database');
  return listenOnPostgres(options, { connectionString: url });
}

interface PgliteListen {
  listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
}

function listenOnPostgres(options: ListenOptions, settings: pg.ClientConfig): Listener {
  const retryMs = options.retryMs ?? 1000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (err?: unknown) => {
    if (err) options.onError?.(err);
    const dead = client;
    client = null;
    options.onState(false);
    dead?.removeAllListeners('notification');
    dead?.end().catch(() => {});
    if (!closed && !timer) timer = setTimeout(connect, retryMs);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (closed) return;
    const next = new pg.Client({
      ...settings,
      connectionTimeoutMillis: 5000,
      // Named in pg_stat_activity (operators, and the test that cuts it).
      application_name: `trustlinks-listen-${options.channel}`,
    });
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (err) {
      options.onError?.(err);
      next.end().catch(() => {});
      if (!closed && !timer) timer = setTimeout(connect, retryMs);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    options.onState(true);
  }

  // Callers share round trips: one that asks while a round trip is under way waits for the next
  // one (the running one may have been sent before the caller's cause committed).
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    const current = client;
    if (!current) return Promise.resolve();
    // An empty query: PostgreSQL answers without parsing or planning anything.
    const trip: Promise<void> = current
      .query('')
      .then(
        () => {},
        () => {}, // the connection is going: 'error'/'end' turn the listening off
      )
      .finally(() => {
        if (inFlight === trip) inFlight = null;
      });
    inFlight = trip;
    return trip;
  };
  const sync = (): Promise<void> => {
    if (!inFlight) return roundTrip();
    queued ??= inFlight.then(() => {
      queued = null;
      return roundTrip();
    });
    return queued;
  };

  void connect();
  return {
    sync,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      options.onState(false);
      await current?.end().catch(() => {});
    },
  };
}
