#!/usr/bin/env bash
# From a fresh Debian 12 machine to the page served locally, with the class example open:
# installs what is missing, builds the core to WebAssembly, builds the page (with precompressed
# copies of its files), serves it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
bash scripts/install-deps.sh
source scripts/env.sh   # again: install-deps may have just set up .tools/node
bash scripts/build-wasm.sh
node_modules/.bin/vite build --logLevel warn
echo
echo "Attention Whiteboard: http://127.0.0.1:${PORT:-4173}/  (the class example, \"Bank of the river\")"
# Not `vite preview`: it would send the .wasm uncompressed. serve-dist.mjs sends the brotli/gzip
# copies the build wrote, with Content-Encoding, Vary, the right Content-Type and the page's CSP.
exec node scripts/serve-dist.mjs --root dist --host 127.0.0.1 --port "${PORT:-4173}"
