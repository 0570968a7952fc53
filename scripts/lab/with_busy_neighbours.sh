#!/usr/bin/env bash
# with_busy_neighbours.sh [-n COUNT] COMMAND...: runs COMMAND with COUNT busy processes beside
# it (a shell loop each, default 2: on this 2-core machine, one more runnable task than there are
# cores) for its whole length, stops them when it ends, however it ends, and exits with its
# status. What CI's runners have beside a run: the lab must decide the same under it, or say it
# cannot (docs/harness.md, "A neighbour's load").
#
#     scripts/lab/with_busy_neighbours.sh scripts/bench.sh --quick gate
set -euo pipefail
count=2
if [ "${1:-}" = -n ]; then
    count=${2:?"-n needs a count"}
    shift 2
fi
[ "$#" -gt 0 ] || { echo "usage: $0 [-n COUNT] COMMAND..." >&2; exit 2; }
neighbours=()
stop() {
    for pid in "${neighbours[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait "${neighbours[@]}" 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq "$count"); do
    ( trap 'exit 0' TERM; while :; do :; done ) &
    neighbours+=("$!")
done
echo "with_busy_neighbours: $count busy processes beside '$*' (pids ${neighbours[*]})" >&2
status=0
"$@" || status=$?
exit "$status"
