#!/usr/bin/env bash
# steerlab from C: builds the C interface (crates/steerlab_c, its static library), compiles the
# C program crates/steerlab_c/tests/c/play.c with the system's C compiler, and plays every
# shipped preset through it twice, as a whole world and as the game's own entities (the
# scene's population taken into the program's arrays, steered, moved), each compared byte for
# byte with `steerlab simulate FILE --steps N --bits`. Then the bad inputs, each refused with
# its status and message; and a fuzz, random sequences of calls (frees, freed and wrong-kind
# handles, numbers that are not finite, short buffers) on a build with AddressSanitizer and
# UBSan, which must end without a report. Exits 1 on any difference or report.
# Usage: scripts/c_test.sh [STEPS] (default 600). STEERLAB=path/to/steerlab skips building the
# native binary. Installs a C compiler when missing (apt-get, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-600}
if ! command -v cc >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "c_test: installing a C compiler (apt-get install gcc)" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc >/dev/null
    else
        echo "c_test: a C compiler is needed: apt-get install gcc" >&2
        exit 2
    fi
fi
target=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p steerlab_c
bin=${STEERLAB:-}
if [ -z "$bin" ]; then
    cargo build -q --release --no-default-features --features headless
    bin=$target/release/steerlab
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c11 -O2 -Wall -Wextra -Werror -I crates/steerlab_c/include \
    crates/steerlab_c/tests/c/play.c "$target/release/libsteerlab_c.a" -lpthread -ldl -lm \
    -o "$work/play"
failed=0
count=0
for scene in presets/*.ron; do
    want=$("$bin" simulate "$scene" --steps "$steps" --bits | sha256sum | cut -d' ' -f1)
    for path in world crowd; do
        got=$("$work/play" "$path" "$scene" "$steps" | sha256sum | cut -d' ' -f1)
        if [ "$got" != "$want" ]; then
            echo "c_test: $scene as a $path differs from steerlab simulate --bits" >&2
            failed=1
        fi
        count=$((count + 1))
    done
done
[ "$failed" = 0 ] || exit 1
echo "c_test: $count runs ($(ls presets/*.ron | wc -l) presets, world and crowd), $steps ticks: the C program prints what steerlab simulate prints, byte for byte"
"$work/play" bad presets/seek.ron | tail -1
cc -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    -Wall -Wextra -Werror -I crates/steerlab_c/include crates/steerlab_c/tests/c/fuzz.c \
    "$target/release/libsteerlab_c.a" -lpthread -ldl -lm -o "$work/fuzz"
# The handles' tombstones (24 bytes each, kept on purpose: crates/steerlab_c/src/handle.rs) are
# the leak LeakSanitizer would report.
ASAN_OPTIONS=detect_leaks=0 "$work/fuzz" 1 20000 presets/seek.ron presets/boids.ron \
    presets/hunter_and_prey.ron presets/navigate_level.ron
