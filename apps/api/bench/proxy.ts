// `--proxy n,m`: the cases measured through nginx (Debian's package) in front of n, then m, app
// instances on the same database, with the deployment's configuration
// (deploy/nginx/trustlinks.conf, rendered by scripts/nginx-config.mjs; docs/deployment.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Proxy {
  baseUrl: string;
  /** nginx's master and worker processes, for the CPU they use. */
  pids: () => number[];
  stop: () => Promise<void>;
}

export async function startNginx(upstreams: string[], port: number): Promise<Proxy> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!nginx) throw new Error('--proxy needs nginx: apt-get install -y nginx');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-bench-nginx-'));
  const conf = execFileSync(
    process.execPath,
    [path.join(REPO, 'scripts/nginx-config.mjs'), prefix, `127.0.0.1:${port}`, upstreams.join(',')],
    { encoding: 'utf8' },
  );
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  execFileSync(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')]);
  const pidFile = path.join(prefix, 'nginx.pid');
  const master = () => Number(fs.readFileSync(pidFile, 'utf8').trim());
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pids: () => {
      const pid = master();
      const children = fs
        .readdirSync('/proc')
        .filter((d) => /^\d+$/.test(d))
        .filter((d) => {
          try {
            return (
              fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ===
              String(pid)
            );
          } catch {
            return false;
          }
        })
        .map(Number);
      return [pid, ...children];
    },
    stop: async () => {
      if (fs.existsSync(pidFile)) process.kill(master(), 'SIGTERM');
      for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
