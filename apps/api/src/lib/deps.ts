import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** What services need from the outside world; built once in buildApp. */
export interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Tell the mail worker that mails were committed to the outbox. */
  wakeMailer: () => void;
}
