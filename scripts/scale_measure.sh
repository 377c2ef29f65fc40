#!/usr/bin/env bash
# The scale protocol of docs/performance.md, interleaved against an earlier build in
# one run: the dense crowds (the containment preset with 20,000 and 100,000 sheep), the standard
# flock of 10,000, the metrics' cost over the tick, two threads against one on the flock of
# 50,000 with the machine's own ceiling (two one-thread runs side by side), one canvas frame of
# 50,000 and a million agents. Each section prints the threads' round trip first (see
# `round_trip_ns` in docs/performance.md): the two-thread figures move with it.
#
# Usage: scripts/scale_measure.sh BASE [ROUNDS]   (BASE: a git revision; ROUNDS default 7)
# STEERLAB=path and STEERLAB_BASE=path use those binaries instead of building HEAD and BASE;
# SMOKE=1 runs every section once on small crowds (CI's smoke run, with the debug binary).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/scale_measure.sh BASE [ROUNDS]}
rounds=${2:-7}
features=cli,parallel,render
now=${STEERLAB:-}
before=${STEERLAB_BASE:-}
out=$(mktemp -d)
trap 'git worktree remove --force "$out/base" >/dev/null 2>&1 || true; rm -rf "$out"' EXIT
if [ -z "$now" ]; then
    cargo build -q --release --no-default-features --features "$features"
    now=target/release/steerlab
fi
if [ -z "$before" ]; then
    git worktree add -q --detach "$out/base" "$base"
    # Its own target folder, kept between runs (a later run of the same BASE builds nothing).
    CARGO_TARGET_DIR="$PWD/target/scale-base" cargo build -q --release \
        --manifest-path "$out/base/Cargo.toml" --no-default-features --features "$features"
    before=target/scale-base/release/steerlab
fi

if [ "${SMOKE:-0}" = 1 ]; then
    rounds=1 sheep=(200 1000) flock=1000 big=2000 million=5000 ticks=(3 2 5 5 2 2)
else
    sheep=(20000 100000) flock=10000 big=50000 million=1000000 ticks=(30 10 200 100 20 20)
fi
for n in "${sheep[@]}"; do
    sed "s/count: 12,/count: $n,/" presets/containment.ron >"$out/containment-$n.ron"
done

# The figure named $1 from a bench's JSON on standard input.
field() { grep -o "\"$1\":[^,}]*" | head -1 | cut -d: -f2; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
trip() {
    local json
    json=$("$now" bench --agents 1000 --steps 1 --threads 2 --json)
    echo "round trip (ns, before and after): $(grep -o '"round_trip_ns":[^}]*' <<<"$json" | cut -d: -f2)"
}
# Runs `bench ARGS --json` on BIN and prints the figure named FIELD.
bench() { local bin=$1 key=$2; shift 2; "$bin" bench "$@" --json | field "$key"; }
# Interleaves BEFORE and NOW for ROUNDS rounds of `bench ARGS` and prints both medians.
compare() {
    local label=$1 key=$2 a=() b=()
    shift 2
    for _ in $(seq "$rounds"); do
        a+=("$(bench "$before" "$key" "$@")")
        b+=("$(bench "$now" "$key" "$@")")
    done
    echo "$label: before $(printf '%s\n' "${a[@]}" | median), now $(printf '%s\n' "${b[@]}" | median) (${b[*]})"
}

echo "== $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds, base $base"
trip
compare "containment, ${sheep[0]} sheep, ms per tick" ms_per_step --scene "$out/containment-${sheep[0]}.ron" --steps "${ticks[0]}" --threads 2
compare "containment, ${sheep[1]} sheep, ms per tick" ms_per_step --scene "$out/containment-${sheep[1]}.ron" --steps "${ticks[1]}" --threads 2
trip
compare "standard flock of $flock, ms per tick" ms_per_step --agents "$flock" --steps "${ticks[2]}" --threads 2

# Interleaves `bench ARGS1` and `bench ARGS2` (word lists, split on spaces) on BIN for ROUNDS
# rounds and prints LABEL, both medians and the first over the second.
over() {
    local label=$1 bin=$2 x=() y=()
    for _ in $(seq "$rounds"); do
        # shellcheck disable=SC2086 # the argument lists are split on purpose
        x+=("$(bench "$bin" ms_per_step $3)")
        # shellcheck disable=SC2086
        y+=("$(bench "$bin" ms_per_step $4)")
    done
    local a b
    a=$(printf '%s\n' "${x[@]}" | median) b=$(printf '%s\n' "${y[@]}" | median)
    echo "$label ($bin): $a / $b ms = $(ratio "$a" "$b")"
}

trip
for bin in "$before" "$now"; do
    tick="--agents $flock --steps ${ticks[2]} --threads 2"
    over "metrics over the tick" "$bin" "$tick --metrics" "$tick"
done

trip
for bin in "$before" "$now"; do
    tick="--agents $big --steps ${ticks[3]} --threads"
    over "two threads over one, $big agents" "$bin" "$tick 1" "$tick 2"
done
alone=() side=()
for _ in $(seq "$rounds"); do
    alone+=("$(bench "$now" ms_per_step --agents "$big" --steps "${ticks[3]}" --threads 1)")
    bench "$now" ms_per_step --agents "$big" --steps "${ticks[3]}" --threads 1 >"$out/side" &
    s2=$(bench "$now" ms_per_step --agents "$big" --steps "${ticks[3]}" --threads 1)
    wait
    side+=("$(awk -v a="$(cat "$out/side")" -v b="$s2" 'BEGIN { print (a + b) / 2 }')")
done
a=$(printf '%s\n' "${alone[@]}" | median) s=$(printf '%s\n' "${side[@]}" | median)
echo "the machine's ceiling (two one-thread runs side by side do this many times one's work): $(awk -v a="$a" -v s="$s" 'BEGIN { printf "%.3f", 2 * a / s }')"

trip
compare "one canvas frame of $big with arrows, ms" ms_per_frame --frame --agents "$big" --steps "${ticks[4]}"
json=$("$now" bench --agents "$million" --steps "${ticks[5]}" --threads 2 --json)
echo "$million agents: $(field ms_per_step <<<"$json") ms per tick, peak $(field peak_rss_mib <<<"$json") MiB"
echo "== $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
