#!/usr/bin/env bash
# The web editor tested in a real browser: builds the page (scripts/web.sh) into a temporary
# folder and runs tests/web/browser.mjs, which serves it with scripts/serve.py and drives the
# system's headless Chromium with playwright-core: the first scene over a 20 Mbit/s, 40 ms link
# with its loading bar (its time printed; FIRST_SCENE_LIMIT_MS=2000 fails the run above 2 s), what the page says without WebGL or WebAssembly, the
# default scene plays and draws, a preset's share link opens that preset, broken links show
# their errors (placed in the link's data) and leave the address bar, a scene too heavy for
# real time opens paused, leaving with unsaved work asks first, no console errors; it prints
# the first scene's time and frame times at 1,000 and 10,000 agents, and checks the page's sizes
# that the docs give (scripts/web_sizes.py).
# Usage: scripts/web_test.sh [SCREENSHOT_DIR]. Installs what it lacks: Chromium, Node and
# Python (apt-get), playwright-core at the version tests/web/package-lock.json pins (npm ci, or
# the registry's tarball checked against the lock's SHA-512 where there is no npm), and what
# scripts/web.sh installs. STEERLAB=path/to/steerlab skips the native release build (the
# native binary makes the links, as a designer's `steerlab link` does).
set -euo pipefail
cd "$(dirname "$0")/.."
shots=${1:-}

apt_install() {
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "web_test: installing $* (apt-get)" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    else
        echo "web_test: needs $*: apt-get install $*" >&2
        exit 2
    fi
}
command -v chromium >/dev/null || apt_install chromium
command -v node >/dev/null || apt_install nodejs
command -v python3 >/dev/null || apt_install python3
# playwright-core 1.65 runs on Node 20 or newer (Debian 12's own package is Node 18).
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
    echo "web_test: playwright-core needs Node 20 or newer (this is $(node --version)):" \
        "install it from nodejs.org or NodeSource" >&2
    exit 2
fi

# playwright-core (no dependencies of its own, downloads no browser).
web=tests/web
version=$(node -p "require('./$web/package-lock.json').packages['node_modules/playwright-core'].version")
if [ "$(node -p "try { require('./$web/node_modules/playwright-core/package.json').version } catch { '' }")" != "$version" ]; then
    if command -v npm >/dev/null; then
        npm ci --prefix "$web" --no-audit --no-fund --silent
    else
        for tool in curl openssl; do
            command -v "$tool" >/dev/null || apt_install "$tool" ca-certificates
        done
        integrity=$(node -p "require('./$web/package-lock.json').packages['node_modules/playwright-core'].integrity")
        tarball=$(mktemp)
        trap 'rm -f "$tarball"' EXIT
        curl -fsSL "https://registry.npmjs.org/playwright-core/-/playwright-core-$version.tgz" -o "$tarball"
        got="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
        if [ "$got" != "$integrity" ]; then
            echo "web_test: playwright-core $version does not match package-lock.json's checksum" >&2
            exit 1
        fi
        rm -rf "$web/node_modules/playwright-core"
        mkdir -p "$web/node_modules/playwright-core"
        tar -xzf "$tarball" -C "$web/node_modules/playwright-core" --strip-components=1
        rm -f "$tarball"
    fi
fi

bin=${STEERLAB:-}
if [ -z "$bin" ]; then
    cargo build -q --release --no-default-features --features headless
    bin=${CARGO_TARGET_DIR:-target}/release/steerlab
fi
dist=$(mktemp -d)
trap 'rm -rf "$dist"' EXIT
./scripts/web.sh "$dist" >/dev/null
# The sizes docs/web.md and docs/embedding.md give, against this build's (within 5%).
python3 scripts/web_sizes.py "$dist"
# The runtime for web games under Node, loaded as docs/embedding.md shows.
node "$web/runtime_node.mjs" "$dist/runtime"
CHROMIUM=$(command -v chromium) node "$web/browser.mjs" "$dist" "$bin" ${shots:+"$shots"}
