# Sourced by the other scripts. If install-deps.sh had to bring its own Node.js (the system one
# being older than Vite 8 needs), put that one first on PATH.
AW_NODE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/node"
if [ -x "$AW_NODE_DIR/bin/node" ]; then
  export PATH="$AW_NODE_DIR/bin:$PATH"
fi
