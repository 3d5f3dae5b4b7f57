import net from 'node:net';

/**
 * Just enough of the PostgreSQL wire protocol to play a database that misbehaves, for tests of
 * what the app does when its database goes away: every query "succeeds" with no rows ('ok'),
 * nothing ever answers ('blackhole'), or each query is met by a fatal admin-shutdown error and a
 * closed connection ('terminate', as during `pg_ctl stop -m fast`).
 */
export type FakePostgresMode = 'ok' | 'blackhole' | 'terminate';

export interface FakePostgres {
  url: string;
  port: number;
  mode: FakePostgresMode;
  /** Sends every open connection a fatal 57P01 and closes it (a server restart). */
  dropAll: () => void;
  close: () => Promise<void>;
}

const message = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const readyForQuery = () => message('Z', Buffer.from('I'));
const commandComplete = () => message('C', cstring('SELECT 0'));
const adminShutdown = () =>
  message(
    'E',
    Buffer.concat([
      Buffer.from('S'),
      cstring('FATAL'),
      Buffer.from('V'),
      cstring('FATAL'),
      Buffer.from('C'),
      cstring('57P01'),
      Buffer.from('M'),
      cstring('terminating connection due to administrator command'),
      Buffer.from([0]),
    ]),
  );

export async function startFakePostgres(
  mode: FakePostgresMode = 'ok',
  port = 0,
): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const fake = { mode } as FakePostgres;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      if (fake.mode === 'blackhole') return;
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code === 80877103) {
            socket.write('N'); // no SSL
            continue;
          }
          started = true;
          socket.write(Buffer.concat([message('R', Buffer.alloc(4)), readyForQuery()]));
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        buffer = buffer.subarray(length + 1);
        if (type === 'X') {
          socket.end();
          return;
        }
        if (fake.mode === 'terminate' && (type === 'Q' || type === 'S')) {
          socket.end(adminShutdown());
          return;
        }
        const reply: Record<string, () => Buffer> = {
          Q: () => Buffer.concat([commandComplete(), readyForQuery()]),
          P: () => message('1'),
          B: () => message('2'),
          D: () => message('n'),
          E: () => commandComplete(),
          S: () => readyForQuery(),
          C: () => message('3'),
        };
        const answer = reply[type];
        if (answer) socket.write(answer());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as net.AddressInfo).port;
  return Object.assign(fake, {
    url: `postgres://fake@127.0.0.1:${actual}/fake`,
    port: actual,
    dropAll: () => {
      for (const socket of sockets) socket.end(adminShutdown());
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A loopback port with nothing listening on it (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
