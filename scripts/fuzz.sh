#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz (clang, ASan + UBSan, in build/fuzz) and runs
# each for a bounded time on a copy of its committed seed corpus (tests/fuzz/corpus/<harness>/),
# two at a time. Exits non-zero if any harness finds anything: a crash, a sanitizer report, a
# broken contract, a timeout (-timeout) or running out of memory (-rss_limit_mb). The input
# that did it is saved in build/fuzz/findings/.
#
#   scripts/fuzz.sh [seconds-per-harness]      default 60
#   AW_FUZZ_JOBS=1 scripts/fuzz.sh 30          one harness at a time
#   AW_FUZZ_ONLY=fuzz_softmax scripts/fuzz.sh  one harness (a regular expression on the names)
#   AW_FUZZ_SEED=7 scripts/fuzz.sh             another random seed (the default, 1, keeps CI repeatable)
#   AW_FUZZ_BUILD=build/fuzz2 scripts/fuzz.sh  another build directory
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
jobs="${AW_FUZZ_JOBS:-2}"
seed="${AW_FUZZ_SEED:-1}"
only="${AW_FUZZ_ONLY:-.}"
cxx="${AW_FUZZ_CXX:-clang++-14}"
build="${AW_FUZZ_BUILD:-build/fuzz}"
findings="$build/findings"

command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (apt-get install clang-14)" >&2; exit 1; }
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DAW_FUZZ=ON >/dev/null
cmake --build "$build" -j 2

# The runs write new inputs into a scratch copy, never into the committed corpus.
work="$(mktemp -d "${TMPDIR:-/tmp}/aw-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
rm -rf "$findings"
mkdir -p "$findings"

run_one() {
  local name="$1" corpus="$work/corpus/$1"
  mkdir -p "$corpus"
  if [ -d "tests/fuzz/corpus/$name" ]; then cp tests/fuzz/corpus/"$name"/* "$corpus"/; fi
  local start=$SECONDS
  if "$build/tests/fuzz/$name" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
      -seed="$seed" -print_final_stats=1 -artifact_prefix="$findings/$name-" >"$work/$name.log" 2>&1; then
    printf '%-26s ok    %3ds  %s\n' "$name" $((SECONDS - start)) \
      "$(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/$name.log" | grep -o '[0-9]*$') runs"
  else
    printf '%-26s FOUND %3ds  (log below; input in %s)\n' "$name" $((SECONDS - start)) "$findings/"
    tail -n 40 "$work/$name.log"
    return 1
  fi
}
export -f run_one
export build findings seconds seed work

status=0
grep -E "$only" "$build/fuzzers.txt" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} || status=1
if [ "$status" -ne 0 ]; then
  echo "fuzz.sh: a harness found a problem; replay it with $build/tests/fuzz/<harness> $findings/<file>" >&2
  exit 1
fi
echo "fuzz.sh: every harness ran ${seconds}s without a finding."
