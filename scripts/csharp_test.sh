#!/usr/bin/env bash
# steerlab from C#, as Unity loads native plugins (P/Invoke): builds the C interface's shared
# library (crates/steerlab_c), compiles the C# binding (the Unity package's runtime,
# crates/steerlab_c/unity) and its test (crates/steerlab_c/csharp) with Mono's compiler, and
# plays every shipped preset through it twice, as a whole World and
# as the game's own entities in a Crowd, each compared byte for byte with `steerlab simulate
# FILE --steps N --bits`; then the bad inputs. Exits 1 on any difference.
# Usage: scripts/csharp_test.sh [STEPS] (default 600). STEERLAB=path/to/steerlab skips building
# the native binary. Installs Mono (mono-mcs, mono-runtime) when missing (apt-get, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-600}
if ! command -v mcs >/dev/null || ! command -v mono >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "csharp_test: installing Mono (apt-get install mono-mcs mono-runtime)" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mono-mcs mono-runtime >/dev/null
    else
        echo "csharp_test: Mono is needed: apt-get install mono-mcs mono-runtime" >&2
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
mcs -langversion:7.2 -warnaserror -out:"$work/play.exe" \
    crates/steerlab_c/unity/com.steerlab.runtime/Runtime/Steerlab.cs crates/steerlab_c/csharp/Play.cs
# Mono finds libsteerlab_c.so from [DllImport("steerlab_c")] on the library path.
export LD_LIBRARY_PATH="$(cd "$target/release" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
failed=0
count=0
for scene in presets/*.ron; do
    want=$("$bin" simulate "$scene" --steps "$steps" --bits | sha256sum | cut -d' ' -f1)
    for path in world crowd; do
        got=$(mono "$work/play.exe" "$path" "$scene" "$steps" | sha256sum | cut -d' ' -f1)
        if [ "$got" != "$want" ]; then
            echo "csharp_test: $scene as a $path differs from steerlab simulate --bits" >&2
            failed=1
        fi
        count=$((count + 1))
    done
done
[ "$failed" = 0 ] || exit 1
echo "csharp_test: $count runs ($(ls presets/*.ron | wc -l) presets, World and Crowd), $steps ticks: C# under Mono prints what steerlab simulate prints, byte for byte"
mono "$work/play.exe" bad presets/seek.ron | tail -1
