#!/usr/bin/env bash
# The README's first command line on a fresh clone, as a newcomer runs it: clone this
# repository (committed HEAD) beside a copy of ../shared, `npm install && npm run build &&
# npm start` on the embedded defaults (no DATABASE_URL), read the printed API key, run
# docs/api.md's examples against it (emit, downloads, correction letter, delivery receipt,
# cancel, inutilization, errors), the README's curl, the operator CLI next to the running
# server, then stop it. Too heavy for every CI run; run it before a release:
#   bash scripts/docs/fresh-clone-check.sh [WORK_DIR]
# PORT and SIMULATOR_PORT are honoured (defaults 3000 and 3999).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d /tmp/fiscal-fresh-clone-XXXXXX)}
port=${PORT:-3000}
rm -rf "$work/main" "$work/shared"
mkdir -p "$work"
git clone -q "$repo" "$work/main"
cp -r "$repo/../shared" "$work/shared"
cd "$work/main"

timed() { local start=$SECONDS; "$@"; echo "  $1 $2 $3: $((SECONDS - start)) s"; }
timed npm install --no-audit --no-fund > "$work/install.log" 2>&1
timed npm run build > "$work/build.log" 2>&1

npm start > "$work/start.log" 2>&1 &
server=$!
trap 'kill -TERM $(pgrep -P $server) 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do grep -q "Local background worker" "$work/start.log" 2>/dev/null && break; sleep 1; done
key=$(grep -o 'fsk_[A-Za-z0-9_-]*' "$work/start.log" | head -1)
grep -q "Tenant id:" "$work/start.log"
[ -n "$key" ] || { cat "$work/start.log"; exit 1; }

# The README's first API call, as written (its base URL with this run's port).
curl -sf -H "Authorization: Bearer $key" "http://localhost:$port/v1/fiscal-documents?environment=HOMOLOGATION" | jq -e '.meta' > /dev/null
BASE="http://127.0.0.1:$port" KEY=$key WORK_DIR=$work npx tsx -e '
  import { checkedBlocks, runBlocks } from "./scripts/docs/doc-blocks.ts";
  const run = runBlocks(checkedBlocks("docs/api.md", "api"), { cwd: process.env.WORK_DIR!, env: process.env, timeoutMs: 180000 });
  process.stdout.write(run.stdout + run.stderr);
  process.exit(run.status ?? 1);
' > "$work/api-examples.log" 2>&1 || { cat "$work/api-examples.log"; exit 1; }
echo "  docs/api.md examples: passed"
BASE="http://127.0.0.1:$port" KEY=$key npx tsx scripts/smoke/lifecycle-under-load.ts
npm run --silent cli -- tenant list
echo "fresh clone check passed ($work)"
