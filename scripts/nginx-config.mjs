// Renders deploy/nginx/trustlinks.conf for a prefix directory, a listen address and upstream
// addresses (comma-separated host:port), on stdout. Used by scripts/with-nginx.sh, the bench
// (--proxy) and the API test behind nginx, so all three run the documented configuration.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function renderNginxConfig(prefix, listen, upstreams) {
  const template = fs.readFileSync(
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '..',
      'deploy',
      'nginx',
      'trustlinks.conf',
    ),
    'utf8',
  );
  const servers = upstreams.map((u) => `        server ${u} max_fails=0;`).join('\n');
  // Run as root, nginx's workers are `nobody`: they must reach and write these (throwaway) dirs.
  fs.chmodSync(prefix, 0o755);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    fs.mkdirSync(path.join(prefix, dir), { recursive: true });
    fs.chmodSync(path.join(prefix, dir), 0o777);
  }
  return template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{UPSTREAMS}}', servers);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [prefix, listen, upstreams] = process.argv.slice(2);
  process.stdout.write(renderNginxConfig(prefix, listen, upstreams.split(',')));
}
