#!/usr/bin/env bash
# steerlab's ORCA beside RVO2 on RVO2's own Circle and Blocks examples (docs/crowds.md): the
# same crowd, run for the same time, measured the same way. steerlab runs the scenes
# docs/examples/rvo2_circle.ron and rvo2_blocks.ron (RVO2's examples field for field) through
# `steerlab metrics`; RVO2 runs scripts/rvo2/parity.cc, its examples' set-up around its own
# doStep. Needs a checkout of RVO2 (https://github.com/snape/RVO2, Apache-2.0): its src/ builds
# with g++ -O2 in seconds. CI does not run this.
#
# Usage: RVO2_SRC=path/to/RVO2/src scripts/rvo2_parity.sh [SEEDS] [STEPS]
#   (default: 20 seeds of Blocks, which has a random nudge; Circle has none and runs once;
#   8000 steps of 0.25 s). STEERLAB=path picks steerlab's binary (default: a release build).
# Prints per example and simulator the median (min–max over the seeds) of: the times by which
# half, 95% and all agents had arrived, in the slowest group (s; an agent that never did counts
# as the whole run),
# the least distance between two centres over the sum of their radii, and the path ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${RVO2_SRC:?set RVO2_SRC to the src directory of an RVO2 checkout}"
seeds=${1:-20}
steps=${2:-8000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 -I "$RVO2_SRC" "$RVO2_SRC"/*.cc scripts/rvo2/parity.cc -o "$work/parity"
if [ -z "${STEERLAB:-}" ]; then
    cargo build -q --release --no-default-features --features headless
    STEERLAB=${CARGO_TARGET_DIR:-target}/release/steerlab
fi
run_secs=$(awk -v s="$steps" 'BEGIN { printf "%.2f", s * 0.25 }')
steerlab() { # SCENE SEED RADIUS -> half most all least ratio
    sed "s/^    seed: [0-9]*,/    seed: $2,/" "$1" > "$work/scene.ron"
    "$STEERLAB" metrics "$work/scene.ron" --steps "$steps" --json > "$work/m.json"
    python3 - "$work/m.json" "$run_secs" "$3" <<'PY'
import json, sys
groups = json.load(open(sys.argv[1]))["groups"]
run, radius = float(sys.argv[2]), float(sys.argv[3])
def worst(key, default):
    vals = [g["metrics"].get(key) for g in groups]
    return default if any(v is None for v in vals) else max(vals)
half = worst("half_arrived", -1.0)
most = worst("most_arrived", -1.0)
every = worst("worst_time_to_arrive", run)
least = min(g["metrics"]["min_separation"] / (2 * radius) + 1 for g in groups)
ratio = sum(g["metrics"]["path_ratio"] for g in groups) / len(groups)
print(f"{half:.2f} {most:.2f} {every:.2f} {least:.3f} {ratio:.3f}")
PY
}
summary() { # NAME < lines of five numbers
    python3 -c '
import statistics, sys
rows = [[float(x) for x in line.split()] for line in sys.stdin if line.strip()]
cells = []
for k in range(5):
    col = sorted(r[k] for r in rows)
    med = statistics.median(col)
    cells.append(f"{med:.3g} ({col[0]:.3g}–{col[-1]:.3g})" if len(col) > 1 else f"{med:.3g}")
print(f"{sys.argv[1]:<18} | " + " | ".join(cells))
' "$1"
}
echo "example, simulator | half arrived (s) | 95% arrived (s) | all arrived (s) | least distance / radii | path ratio"
"$work/parity" circle 1 "$steps" | summary "Circle, RVO2"
steerlab docs/examples/rvo2_circle.ron 1 1.5 | summary "Circle, steerlab"
for s in $(seq 1 "$seeds"); do "$work/parity" blocks "$s" "$steps"; done | summary "Blocks, RVO2"
for s in $(seq 1 "$seeds"); do steerlab docs/examples/rvo2_blocks.ron "$s" 2; done | summary "Blocks, steerlab"
