import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { listen, type Listener } from '../db/notify';
import type { AuthContext } from './sessions.service';
import { SESSION_IDLE_MS } from './session-policy';

/** The channel the database notifies on (drizzle/0018_session_cache_notify.sql). */
export const SESSION_CHANNEL = 'trustlinks_sessions';

/**
 * Resolved sessions kept in memory for `ttlMs` (SESSION_CACHE_MS), so a logged-in request does
 * not look its session up in the database each time: docs/decisions/016-cpu-per-request.md.
 *
 * It is only trusted while it hears every change: the database notifies SESSION_CHANNEL in the
 * same transaction as any change that ends or alters a session (a logout, a revocation, a ban, a
 * password change or reset, a role or entity change: triggers, so no code path can forget it), and
 * each instance's listener drops what the change touches. While the listener is not connected the
 * cache is off (`listening` false): every request goes to the database, as without the cache.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every invalidation: a lookup that started before one is not kept. */
  private generation = 0;

  /**
   * `barrier` resolves once every notification committed before the call has been heard
   * (Listener.sync): a kept session is only answered after it, so a change another instance
   * committed before this request came is never missed.
   */
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
    public barrier: () => Promise<void> = () => Promise.resolve(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener is connected and listening (true) or not (false: empty and off). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  /**
   * A kept session still within its own idle and absolute expiry, once every change committed
   * before the call has been heard (`barrier`); or undefined.
   */
  async lookup(tokenHash: string): Promise<AuthContext | undefined> {
    if (!this.get(tokenHash)) return undefined;
    await this.barrier();
    return this.get(tokenHash);
  }

  /** What is kept for the token now (without the barrier: for lookup and tests). */
  get(tokenHash: string): AuthContext | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (
      entry.keptUntil <= now ||
      entry.expiresAt <= now ||
      entry.lastSeenAt + SESSION_IDLE_MS <= now
    ) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.context;
  }

  /** Where a lookup starts: pass it to set(), which keeps nothing if a change came meanwhile. */
  mark(): number {
    return this.generation;
  }

  set(
    tokenHash: string,
    context: AuthContext,
    session: { expiresAt: Date; lastSeenAt: Date },
    mark: number,
  ): void {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest out first (a Map iterates in insertion order).
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(tokenHash, {
      context,
      keptUntil: this.now() + this.ttlMs,
      expiresAt: session.expiresAt.getTime(),
      lastSeenAt: session.lastSeenAt.getTime(),
    });
  }

  /** A notification: `u:<user id>` or `e:<entity id>`; anything else empties the cache. */
  invalidate(payload: string): void {
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if ((kind !== 'u:' && kind !== 'e:') || !id) {
      this.clear();
      return;
    }
    this.generation++;
    for (const [key, { context }] of this.entries) {
      const user = context.user;
      if (kind === 'u:' ? user.id === id : user.entityId === id) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

interface Entry {
  context: AuthContext;
  keptUntil: number;
  expiresAt: number;
  lastSeenAt: number;
}

const DEFAULT_MAX_ENTRIES = 100_000;

/**
 * The app's session cache, listening for session changes (db/notify.ts). Off (and no listener)
 * when SESSION_CACHE_MS is 0.
 */
export async function registerSessionCache(
  app: FastifyInstance,
  database: Database,
  config: Pick<Config, 'SESSION_CACHE_MS'>,
): Promise<SessionCache> {
  const cache = new SessionCache(config.SESSION_CACHE_MS);
  app.decorate('sessionCache', cache);
  if (config.SESSION_CACHE_MS <= 0) return cache;
  let down = false;
  let closing = false;
  let listener: Listener;
  try {
    listener = await listen({
      database,
      channel: SESSION_CHANNEL,
      onNotify: (payload) => cache.invalidate(payload),
      onState: (listening) => {
        cache.setListening(listening);
        if (closing) return;
        if (!listening && !down) app.log.warn('session cache off: its listener is not connected');
        else if (listening && down) app.log.info('session cache on again: listener reconnected');
        down = !listening;
      },
      onError: (err) => app.log.debug({ err }, 'session cache listener'),
    });
  } catch (err) {
    // Without a listener the cache stays off: every request looks its session up, as before.
    app.log.warn({ err }, 'session cache off: cannot listen for session changes');
    return cache;
  }
  cache.barrier = listener.sync;
  app.addHook('onClose', async () => {
    closing = true;
    await listener.close();
  });
  return cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}
