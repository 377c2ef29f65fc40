#!/usr/bin/env bash
# Runs every test, installing what a fresh Debian machine lacks: the editor's image snapshots
# render with wgpu on Mesa's software Vulkan driver (lavapipe), so no GPU or display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."

have_lavapipe() {
    ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1' &&
        ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1
}
if ! have_lavapipe; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "Installing Mesa's software Vulkan driver for the snapshot tests..."
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mesa-vulkan-drivers libvulkan1 >/dev/null
    else
        echo "The snapshot tests need Mesa's Vulkan driver: apt-get install mesa-vulkan-drivers libvulkan1" >&2
        exit 1
    fi
fi

# The video encoder (OpenH264, docs/recording.md) is C++ built from source.
if ! command -v c++ >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "Installing a C++ compiler for the video encoder..."
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq g++ >/dev/null
    else
        echo "The video encoder needs a C++ compiler: apt-get install g++" >&2
        exit 1
    fi
fi

cargo test --all-targets "$@"
cargo test --doc
# The Bevy plugin, headless (minimal plugins and assets; no window or renderer).
cargo test -p steerlab_bevy "$@"
cargo test -p steerlab_web "$@"
# The runtime for web games, natively (its wasm build under Node: scripts/web_bits.sh).
cargo test -p steerlab_js "$@"
# steerlab for other engines (crates/steerlab_c): its header current, then every preset through
# the C interface from a C program and from C# under Mono, byte for byte with the native binary
# (installs a C compiler and Mono when missing).
cargo test -p steerlab_c "$@"
STEERLAB="${CARGO_TARGET_DIR:-target}/debug/steerlab" ./scripts/c_test.sh 600
STEERLAB="${CARGO_TARGET_DIR:-target}/debug/steerlab" ./scripts/csharp_test.sh 600
