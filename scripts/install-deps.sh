#!/usr/bin/env bash
# Installs what the build and the tests need on Debian 12, only where it is missing:
# compilers and Emscripten, Eigen, doctest, nlohmann-json, Chromium, NumPy, Node.js; then npm ci.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
command -v g++ >/dev/null || need+=(g++)
command -v em++ >/dev/null || need+=(emscripten)
[ -f /usr/include/eigen3/Eigen/Dense ] || need+=(libeigen3-dev)
[ -f /usr/include/doctest/doctest.h ] || need+=(doctest-dev)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)
[ -x /usr/bin/chromium ] || need+=(chromium)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)   # np.load of exported .npy (e2e)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)

if [ ${#need[@]} -gt 0 ]; then
  echo "Installing with apt: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Vite 8 needs Node.js 20.19 or newer.
node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<19)) { console.error("Node.js "+process.versions.node+" is too old: the page build (Vite 8) needs 20.19 or newer."); process.exit(1) }'

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
