#!/usr/bin/env bash
# Builds bench/encoder_stages.cpp with only the sources it needs and runs it:
#   bash bench/encoder_stages.sh          wasm SIMD (em++ -msimd128 -O3, run in Node)
#   bash bench/encoder_stages.sh scalar   wasm without SIMD
#   bash bench/encoder_stages.sh native   g++ -O3 (SSE2)
# Output goes to build/encoder-stages/; nothing is committed from there.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/encoder-stages
mkdir -p "$out"
sources=(bench/encoder_stages.cpp core/encoder/pack.cpp core/encoder/unigram_tokenizer.cpp core/encoder/transformer.cpp)
flags=(-std=c++17 -O3 -DNDEBUG -ffp-contract=off -I. -I/usr/include/eigen3)
case "${1:-simd}" in
  native)
    g++ "${flags[@]}" "${sources[@]}" -o "$out/native"
    nice -n 19 "$out/native" public/models/use-lite-int8.bin ;;
  simd|scalar)
    simd=(); [ "${1:-simd}" = simd ] && simd=(-msimd128)
    NODE_PATH=/usr/share/nodejs em++ "${flags[@]}" "${simd[@]}" -fwasm-exceptions -sALLOW_MEMORY_GROWTH=1 -sNODERAWFS=1 \
      -sENVIRONMENT=node "${sources[@]}" -o "$out/${1:-simd}.cjs"
    nice -n 19 node --no-experimental-fetch "$out/${1:-simd}.cjs" public/models/use-lite-int8.bin ;;
  *) echo "usage: $0 [simd|scalar|native]" >&2; exit 2 ;;
esac
