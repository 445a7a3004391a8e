#!/usr/bin/env bash
# No docker engine runs on our CI machines, so this replays docker/Dockerfile's steps by hand: the
# build stage's copies, install, compile and prune, then the runtime stage's files started as an
# unprivileged user on an empty DATA_DIR, until /_readyz answers and the printed key works. First,
# docker/check-compose.mjs checks the compose files (pinned images, references, variables).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT

echo "== compose files"
node "$root/docker/check-compose.mjs"

echo "== build stage"
mkdir "$work/build" && cd "$work/build"
cp "$root/package.json" "$root/package-lock.json" .
npm ci --no-audit --no-fund >/dev/null 2>&1
cp "$root/tsconfig.json" "$root/tsconfig.build.json" "$root/nest-cli.json" .
cp -r "$root/apps" "$root/libs" .
npx nest build api >/dev/null
npx vite build --config apps/console/vite.config.mts --logLevel warn
npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1

echo "== runtime stage (production dependencies only)"
mkdir "$work/app" "$work/data"
cp -r package.json node_modules dist "$work/app/"
mkdir -p "$work/app/apps/console" && cp -r apps/console/dist "$work/app/apps/console/"
run_as=()
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
  chown -R nobody "$work/data"; chmod -R o+rX "$work/app"; chmod o+x "$work"
  run_as=(runuser -u nobody --)
fi
port=$((21000 + RANDOM % 4000))
cd "$work/app"
env -i PATH="$PATH" HOME=/tmp NODE_ENV=production PORT=$port DATA_DIR="$work/data" "${run_as[@]}" node dist/apps/api/src/main.js >"$work/out.log" 2>&1 &
pid=$!
for _ in $(seq 1 90); do curl -fs "http://127.0.0.1:$port/_readyz" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "http://127.0.0.1:$port/_readyz" >/dev/null || { cat "$work/out.log"; echo "FAIL: /_readyz"; exit 1; }
key=$(grep -oE 'phx_[A-Za-z0-9]{43}' "$work/out.log" | head -1)
code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$port/api/projects/")
[ "$code" = 200 ] || { echo "FAIL: /api/projects/ answered $code"; exit 1; }
curl -fs "http://127.0.0.1:$port/login" | grep -q '<div id="root">' || { echo "FAIL: the console is not served at /login"; exit 1; }
worker_log="$work/worker.log"
env -i PATH="$PATH" HOME=/tmp NODE_ENV=production DATA_DIR="$work/data" "${run_as[@]}" timeout 20 node dist/apps/worker/src/main.js >"$worker_log" 2>&1 &
wpid=$!
for _ in $(seq 1 20); do grep -q '"worker started"' "$worker_log" && break; sleep 1; done
grep -q '"worker started"' "$worker_log" || { cat "$worker_log"; echo "FAIL: worker"; exit 1; }
kill "$wpid" 2>/dev/null || true
echo "ok: the image's steps build, and the runtime (${run_as[*]:-current user}) serves with production dependencies only"
