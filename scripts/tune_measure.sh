#!/usr/bin/env bash
# How well `steerlab tune` does on the goal examples, against the other searches it offers, on
# the same budget: for each problem and search, over optimizer seeds 1..SEEDS, how many met
# every goal, the median evaluation at which a point meeting them was first found, the median
# wall time and evaluations per second, and what one evaluation costs. docs/tuning.md quotes
# its output. Usage: scripts/tune_measure.sh [BUDGET] [SEEDS] [THREADS] [METHODS] [PROBLEMS]
# (defaults: 300, 5, 2, "bite random", the three docs/examples/*_goals.ron). CI runs a smoke run.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-300}
seeds=${2:-5}
threads=${3:-2}
methods=${4:-bite random}
problems=${5:-docs/examples/arrive_goals.ron docs/examples/crossing_goals.ron docs/examples/flock_goals.ron}
# STEERLAB=path/to/steerlab skips the release build (CI's smoke run uses the debug binary).
bin=${STEERLAB:-}
if [ -z "$bin" ]; then
    cargo build -q --release --no-default-features --features headless,parallel
    bin=target/release/steerlab
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown); $threads threads; budget $budget"
echo
echo "| problem | search | met every goal | median evaluations to success | median wall time | evaluations/s | one evaluation |"
echo "|---|---|---|---|---|---|---|"
for problem in $problems; do
    for method in $methods; do
        met=0
        : >"$out/first" && : >"$out/wall" && : >"$out/rate"
        cost=""
        for seed in $(seq 1 "$seeds"); do
            rc=0
            "$bin" tune "$problem" --budget "$budget" --seed "$seed" --threads "$threads" \
                --method "$method" --out "$out/tuned.ron" >"$out/stdout" 2>"$out/stderr" || rc=$?
            case $rc in
                0) met=$((met + 1)) ;;
                1) grep -q '^could not meet every goal' "$out/stdout" || { cat "$out/stderr" >&2; exit 1; } ;;
                *) cat "$out/stderr" >&2; exit 1 ;;
            esac
            sed -n 's/^every goal met first at evaluation \([0-9]*\) .*/\1/p' "$out/stdout" >>"$out/first"
            sed -n 's/^[0-9]* evaluations in \([0-9.]*\) s: \([0-9.]*\) evaluations\/s$/\1/p' "$out/stderr" >>"$out/wall"
            sed -n 's/^[0-9]* evaluations in \([0-9.]*\) s: \([0-9.]*\) evaluations\/s$/\2/p' "$out/stderr" >>"$out/rate"
            cost=$(sed -n 's/^one evaluation: //p' "$out/stderr")
        done
        echo "| $(basename "$problem" .ron) | $method | $met of $seeds | $(median <"$out/first") | $(median <"$out/wall") s | $(median <"$out/rate") | $cost |"
    done
done
