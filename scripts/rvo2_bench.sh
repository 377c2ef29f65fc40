#!/usr/bin/env bash
# steerlab's ORCA against RVO2 on RVO2's Circle, timed interleaved on this machine, one thread.
# Needs a checkout of RVO2 (https://github.com/snape/RVO2, Apache-2.0): its src/ builds here
# with g++ -O2 in seconds. CI does not run this.
#
# Usage: RVO2_SRC=path/to/RVO2/src scripts/rvo2_bench.sh [STEPS] [ROUNDS] [N...]
#        scripts/rvo2_bench.sh --write N > circle.ron   (the steerlab scene alone; no RVO2)
#   (default: 1000 steps, 3 rounds, 250 1000 5000 agents). STEERLAB=path picks steerlab's
#   binary (default: a release build).
# Prints, per crowd size, each round's ms per step of both and the medians. The steerlab scene is
# RVO2's Circle field for field: dt 0.25, body radius 1.5, max speed 2, a preferred speed of 1
# (arrive with a slowing radius of 2 and mass = dt, so the preferred velocity is RVO2's: the
# goal direction, or the goal itself within 1), ORCA with neighbour distance 15, 10 neighbours,
# time horizons 10, no nudge (RVO2's Circle has none); the circle's radius grows with the crowd
# (200 at 250 agents).
set -euo pipefail
cd "$(dirname "$0")/.."
scene() { # N -> RVO2's Circle as a steerlab scene
    local n=$1 r side c
    r=$(awk -v n="$n" 'BEGIN { printf "%.1f", 200 * n / 250 }')
    side=$(awk -v r="$r" 'BEGIN { printf "%.1f", 2 * r + 100 }')
    c=$(awk -v r="$r" 'BEGIN { printf "%.1f", r + 50 }')
    cat <<RON
(
    version: 2,
    name: "RVO2's Circle, $n agents",
    seed: 1,
    dt: 0.25,
    world: (width: $side, height: $side, bounds: Open),
    groups: [(
        name: "crowd",
        count: $n,
        spawn: Ring(center: ($c, $c), radius: $r),
        max_force: 1000000.0,
        max_speed: 2.0,
        mass: 0.25,
        radius: 1.5,
        arrive: (target: Opposite, mode: SlowingRadius(2.0)),
        orca: (
            neighbor_distance: 15.0,
            neighbors: 10,
            time_horizon_secs: 10.0,
            wall_horizon_secs: 10.0,
            preferred_speed: 1.0,
            nudge: false,
        ),
    )],
)
RON
}
if [ "${1:-}" = --write ]; then # --write N: print the steerlab scene of N agents, and stop
    scene "${2:?--write needs a number of agents}"
    exit 0
fi
: "${RVO2_SRC:?set RVO2_SRC to the src directory of an RVO2 checkout}"
steps=${1:-1000}
rounds=${2:-3}
shift $(( $# > 2 ? 2 : $# ))
sizes=("${@:-250 1000 5000}")
# shellcheck disable=SC2206
sizes=(${sizes[*]})
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 -I "$RVO2_SRC" "$RVO2_SRC"/*.cc scripts/rvo2/circle.cc -o "$work/circle"
if [ -z "${STEERLAB:-}" ]; then
    cargo build -q --release --no-default-features --features headless
    STEERLAB=${CARGO_TARGET_DIR:-target}/release/steerlab
fi
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for n in "${sizes[@]}"; do
    scene "$n" > "$work/circle_$n.ron"
    "$STEERLAB" validate "$work/circle_$n.ron" > /dev/null
    rvo='' ours=''
    for _ in $(seq "$rounds"); do
        r=$("$work/circle" "$n" "$steps" | sed -E 's/.* ([0-9.]+) ms per step.*/\1/')
        s=$("$STEERLAB" bench --scene "$work/circle_$n.ron" --steps "$steps" --threads 1 |
            sed -E 's/.* ([0-9.]+) ms per tick.*/\1/')
        rvo+="$r " ours+="$s "
    done
    m_rvo=$(echo "$rvo" | median) m_ours=$(echo "$ours" | median)
    ratio=$(awk -v a="$m_ours" -v b="$m_rvo" 'BEGIN { printf "%.2f", a / b }')
    echo "circle $n agents, $steps steps, 1 thread: RVO2 ${rvo}= median $m_rvo ms;" \
        "steerlab ${ours}= median $m_ours ms; steerlab / RVO2 $ratio"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
