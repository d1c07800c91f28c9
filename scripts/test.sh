#!/usr/bin/env bash
# Runs every test: native doctests (ctest, also under ASan + UBSan), a bounded libFuzzer run of
# every harness (scripts/fuzz.sh), JS tests on the real wasm module (vitest), and
# end-to-end tests of the built pages in Debian's Chromium (node --test + playwright-core):
# views, security (CSP, no other origin), accessibility (axe-core), export, embed, offline.
# Installs what is missing first, so it also works on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
step() { printf '\n== %s == (%s)\n' "$*" "$(date +%T)"; }  # the time: where CI's minutes go

step "dependencies"
bash scripts/install-deps.sh
source scripts/env.sh   # again: install-deps may have just set up .tools/node

step "native build and doctests"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native
ctest --test-dir build/native --output-on-failure -j 2

step "native doctests again under AddressSanitizer and UndefinedBehaviorSanitizer"
# Any memory error, leak or undefined behaviour aborts the test that hit it (no recovery).
# Clang (the fuzzers' compiler) rather than GCC, and minimal debug info (-g1, line tables): reports still
# name file and line, and the Eigen-heavy build takes about half GCC's time, which CI's 25 minutes need.
cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS_DEBUG=-g1 \
  -DCMAKE_CXX_FLAGS="-O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" >/dev/null
cmake --build build/asan --target aw_tests
ctest --test-dir build/asan --output-on-failure -j 2

step "fuzzing: every libFuzzer harness, 6 s each on its seed corpus (ASan + UBSan)"
# 14 harnesses, two at a time: measured 149 s on a 2-core machine from a fresh build dir (unity
# build of the core, then about 100 s to run). Any crash, sanitizer report, broken contract, timeout or OOM fails the run.
bash scripts/fuzz.sh 6

step "WebAssembly build"
bash scripts/build-wasm.sh

step "JS tests on the real wasm module"
node_modules/.bin/vitest run --config vitest.config.js

step "page builds: served site (dist/, with the offline service worker) and one file (dist-file/)"
node_modules/.bin/vite build --logLevel warn
# --logLevel error: vite-plugin-singlefile warns that the CSP <meta> forbids the inline script;
# vite-plugins/single-file-csp.js then pins that script by hash (tests/e2e/offline.test.mjs checks it).
node_modules/.bin/vite build --config vite.file.config.js --logLevel error

step "end-to-end tests in Chromium"
# Two files at a time: each has its own server, port and browser profile, and much of a test is spent
# waiting on the page, so two share two cores well.
# A test file that waits past 20 minutes fails (its browser and server are closed when it ends), and
# the whole step is stopped at 45 minutes: a hang is reported here, not by CI's time limit. (The
# accessibility file, every chapter through axe, took 13.5 minutes once on this 2-core machine
# under a load of 28, past the 10 minutes this limit used to be.)
timeout --kill-after=30s 45m node --test --test-concurrency=2 --test-timeout=1200000 tests/e2e/

echo
echo "All test suites passed. ($(date +%T))"
