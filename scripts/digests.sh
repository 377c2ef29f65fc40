#!/usr/bin/env bash
# The run of every shipped scene as one line each: the SHA-256 of `steerlab simulate --bits`
# and of `steerlab metrics --json` over TICKS ticks (default 1500), for every preset, example and
# fixture. A change that must not move the simulation leaves this output identical: save it
# before, run it after, and diff the two.
# Usage: scripts/digests.sh [TICKS] > digests.txt. STEERLAB=path/to/steerlab picks the binary
# (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
ticks=${1:-1500}
if [ -z "${STEERLAB:-}" ]; then
    cargo build -q --release --no-default-features --features headless
    STEERLAB=${CARGO_TARGET_DIR:-target}/release/steerlab
fi
find presets docs/examples tests/fixtures -name '*.ron' | LC_ALL=C sort | while read -r scene; do
    if ! run=$("$STEERLAB" simulate --bits --steps "$ticks" "$scene" 2>/dev/null | sha256sum); then
        echo "$scene does not load"
        continue
    fi
    metrics=$("$STEERLAB" metrics --json --steps "$ticks" "$scene" 2>/dev/null | sha256sum)
    echo "$scene ${run%% *} ${metrics%% *}"
done
