// How a check talks to what it started: sign-up bodies, JSON requests to an app, the mails a
// sink received, and one-off queries to a check's database (on a connection of their own).
import pg from 'pg';
import type { ReceivedMail } from '../test/smtp-sink';
import { waitUntil, type Sink } from './context';

let userCounter = 0;
/** A sign-up body with a unique address. */
export function newUser(tag: string) {
  userCounter += 1;
  return {
    first_name: 'Fault',
    last_name: `Tester ${userCounter}`,
    email: `${tag}-${userCounter}@faults.test`,
    password: 'correct-horse-9',
  };
}

interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON request to an app, as a logged-in client when `token` is given; 15 s at most. */
async function requestJson(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  token: string | undefined,
): Promise<JsonAnswer> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export const postJson = (url: string, body: unknown, token?: string) =>
  requestJson(url, 'POST', body ?? {}, token);

export const getJson = (url: string, token?: string) => requestJson(url, 'GET', undefined, token);

/** The first mail the sink has for an address, waiting up to `timeoutMs`; undefined if none came. */
export async function mailTo(
  sink: Sink,
  email: string,
  timeoutMs = 15_000,
): Promise<ReceivedMail | undefined> {
  const find = () => sink.received.find((m) => m.to.includes(email));
  await waitUntil(() => find() !== undefined, timeoutMs);
  return find();
}

/** The first row of one query on its own connection to a check's database (not the app's). */
export async function queryRow<T extends Record<string, unknown>>(
  databaseUrl: string,
  sql: string,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<T>(sql);
    return rows[0]!;
  } finally {
    await client.end();
  }
}
