#!/usr/bin/env bash
# Runs every test. Installs nothing the test suite does not need: the suite is pure Rust and
# runs headless (no display, no GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --all-targets "$@"
cargo test --doc
