#!/usr/bin/env bash
# Runs a command beside N busy loops (issue 30): what `npm test` does to a file, on demand. CI runs
# the site, e2e and WordPress files side by side on two cores, so a file must pass with other
# processes wanting the cores; a file that fails only then waits by time or measures the machine.
#   tests/helpers/under-load.sh 6 npx vitest run --project site tests/integration/stop-drain.test.ts
# The loops are plain `node -e` spins at nice 0 (as busy as a test process), stopped when the
# command ends (or is interrupted); the command's exit status is kept. Not part of `npm test`.
set -uo pipefail
if [ $# -lt 2 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then
  echo "usage: $0 <busy loops> <command…>" >&2
  exit 2
fi
loops=$1
shift
pids=()
stop() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; }
trap stop EXIT
# Interrupted or timed out: the loops go with it.
trap 'exit 130' INT
trap 'exit 143' TERM
for _ in $(seq "$loops"); do
  node -e 'for (;;);' &
  pids+=($!)
done
echo "under load: $loops busy loops beside: $*" >&2
"$@"
