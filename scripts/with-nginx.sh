#!/usr/bin/env bash
# Runs a command with nginx (Debian's package) in front of app instances already listening:
#   scripts/with-nginx.sh 127.0.0.1:3001,127.0.0.1:3002 <command...>
# nginx listens on a free loopback port with deploy/nginx/trustlinks.conf (the tested
# configuration of docs/deployment.md); PROXY_URL points at it for the command; nginx is stopped
# by its PID afterwards.
set -euo pipefail

NGINX="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
if [ ! -x "$NGINX" ]; then
  echo "with-nginx: nginx not found (apt-get install -y nginx)" >&2
  exit 1
fi
UPSTREAMS="$1"
shift
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
WORK="$(mktemp -d /tmp/trustlinks-nginx.XXXXXX)"

node "$ROOT/scripts/nginx-config.mjs" "$WORK" "127.0.0.1:$PORT" "$UPSTREAMS" > "$WORK/nginx.conf"
cleanup() {
  if [ -f "$WORK/nginx.pid" ]; then kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; fi
  sleep 0.2
  rm -rf "$WORK"
}
trap cleanup EXIT
"$NGINX" -p "$WORK" -c "$WORK/nginx.conf"
echo "with-nginx: nginx on 127.0.0.1:$PORT in front of $UPSTREAMS" >&2
export PROXY_URL="http://127.0.0.1:$PORT"
"$@"
