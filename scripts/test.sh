#!/usr/bin/env bash
# Runs every test: native doctests (ctest), JS tests on the real wasm module (vitest), and
# end-to-end tests of the built page in Debian's Chromium (node --test + playwright-core).
# Installs what is missing first, so it also works on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
step() { printf '\n== %s ==\n' "$*"; }

step "dependencies"
bash scripts/install-deps.sh
source scripts/env.sh   # again: install-deps may have just set up .tools/node

step "native build and doctests"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native
ctest --test-dir build/native --output-on-failure

step "WebAssembly build"
bash scripts/build-wasm.sh

step "JS tests on the real wasm module"
node_modules/.bin/vitest run --config vitest.config.js

step "page build"
node_modules/.bin/vite build --logLevel warn

step "end-to-end tests in Chromium"
node --test --test-concurrency=1 tests/e2e/

echo
echo "All test suites passed."
