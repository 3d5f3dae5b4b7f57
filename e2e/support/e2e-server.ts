// The server the journeys run against: a real SMTP sink on loopback (with a tiny HTTP inbox so
// tests can read what was sent) and the built app pointed at it, on a fresh embedded database.
// Stops both when Playwright stops it (SIGTERM/SIGINT).
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

interface Received {
  to: string[];
  raw: string;
}

const port = Number(process.env.PORT ?? 3111);
const inboxPort = Number(process.env.E2E_INBOX_PORT ?? port + 1);
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

// GET /mails?to=address → the raw messages sent to that address, oldest first.
const inbox = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = received.filter((m) => !to || m.to.includes(to)).map((m) => m.raw);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(mails));
});
await new Promise<void>((resolve) => inbox.listen(inboxPort, '127.0.0.1', resolve));

// The server process itself (no npm or tsx wrapper in between), so SIGTERM reaches it directly.
const app = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.resolve(import.meta.dirname, '../../apps/api'),
  env: {
    // Journeys sign many people up from one address: keep the per-address limit out of the way.
    SIGNUP_LIMIT_PER_HOUR: '100000',
    // ...and so do companies register (support/entities.ts makes one per journey account).
    ENTITY_REGISTRATION_LIMIT_PER_HOUR: '100000',
    ...process.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  },
  stdio: 'inherit',
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  inbox.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  if (!stopping) {
    console.error(`app exited with ${code}`);
    process.exit(code ?? 1);
  }
});
