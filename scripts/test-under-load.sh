#!/usr/bin/env bash
# `make test` tells the truth on any machine. Clones the checkout's HEAD into a temporary folder
# (a fresh clone: no var/, no venv of its own beyond what `make` builds), keeps one core busy with a CPU
# burner the whole time, and runs `make test` there RUNS times in a row (default 3) on the embedded defaults
# (SQLite, no broker). Exits non-zero at the first red run. The checkout itself is never touched.
#
#   scripts/test-under-load.sh [RUNS]
set -euo pipefail
runs="${1:-3}"
src="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/brabo-under-load.XXXXXX")"
burner=""
cleanup() { [ -n "$burner" ] && kill "$burner" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

git clone -q "$src" "$work/brabo"
cd "$work/brabo"
# The embedded defaults: nothing from the caller's environment chooses PostgreSQL or a broker.
unset DATABASE_URL CELERY_BROKER_URL BRABO_REDIS_URL CI
# pytest's progress as it goes, also into a log file or a pipe (Python buffers a non-terminal stdout in blocks,
# so a run's dots and failures would otherwise appear only when it ends)
export PYTHONUNBUFFERED=1
python3 -c 'while True: pass' &
burner=$!
started=$SECONDS
for n in $(seq 1 "$runs"); do
  echo "[under-load] make test, run $n of $runs (a CPU burner holds one core), $(date -u +%H:%M:%S) UTC"
  run_started=$SECONDS
  if ! make test; then
    echo "[under-load] run $n failed after $((SECONDS - run_started)) s"
    exit 1
  fi
  echo "[under-load] run $n passed in $((SECONDS - run_started)) s"
done
echo "[under-load] $runs of $runs runs passed under load in $((SECONDS - started)) s"
