import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** What services need from the outside world; built once in buildApp. */
export interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Tell the mail worker that mails were committed to the outbox. */
  wakeMailer: () => void;
  /**
   * The deps a public list or search reads with: `db` is the read replica when DATABASE_READ_URL
   * is set and this client has not just written, else these deps (db/read-routing.ts). Only for
   * public lists and searches (docs/deployment.md#read-replicas); never in a service that writes.
   */
  forPublicRead: (request: FastifyRequest) => Deps;
}
