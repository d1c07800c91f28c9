#!/usr/bin/env bash
# Builds the WebAssembly modules into web/src/wasm/ (SIMD for the page, scalar for benchmarks).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # acorn, which em++ needs at -O3 (also set in CMake)
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm
