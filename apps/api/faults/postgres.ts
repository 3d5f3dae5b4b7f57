// A private, throwaway PostgreSQL server that the fault tests can stop and start at will
// (the same recipe as scripts/with-postgres.sh: initdb + pg_ctl on a free loopback port; as root
// through `runuser -u postgres`, because PostgreSQL refuses to run as root).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports';

const run = promisify(execFile);

function findPgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) {
    throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  }
  return path.join(root, newest, 'bin');
}

export class PrivatePostgres {
  readonly port: number;
  private constructor(
    readonly work: string,
    private readonly bin: string,
    port: number,
  ) {
    this.port = port;
  }

  static async create(): Promise<PrivatePostgres> {
    const bin = findPgBin();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-faults-pg-'));
    fs.mkdirSync(path.join(work, 'data'));
    fs.mkdirSync(path.join(work, 'socket'));
    if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', work]);
    const server = new PrivatePostgres(work, bin, await freePort());
    try {
      await server.pg('initdb', [
        '-D',
        server.dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '--no-sync',
      ]);
      await server.start();
    } catch (err) {
      await server.destroy();
      throw err;
    }
    return server;
  }

  get dataDir(): string {
    return path.join(this.work, 'data');
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    await this.pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.work, 'postgres.log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${path.join(this.work, 'socket')} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
  }

  /** Fast shutdown: open connections are terminated, as in a failover or a restart. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url('postgres') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** Stops the server (if running) and removes its files. */
  async destroy(): Promise<void> {
    try {
      await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* not running */
    }
    fs.rmSync(this.work, { recursive: true, force: true });
  }

  private async pg(tool: string, args: string[]): Promise<void> {
    const exe = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    // Files written by the server must stay inside the work folder, owned by postgres.
    await run(asRoot ? 'runuser' : exe, asRoot ? ['-u', 'postgres', '--', exe, ...args] : args, {
      cwd: this.work,
      timeout: 60_000,
    });
  }
}
