#!/usr/bin/env bash
# Remakes every golden fixture in tests/fixtures/ that Python writes, with Debian's interpreter
# and its apt packages (python3-numpy, python3-torch, python3-sklearn, python3-scipy), then shows
# what changed. The scripts are deterministic on one machine; on another CPU the last bits of some
# float64 values may differ (docs/contributing.md, "Golden fixtures"), so read the diff before
# committing a fixture. The shared helpers are scripts/golden_common.py.
#
#   bash scripts/make_all_golden.sh            every fixture
#   bash scripts/make_all_golden.sh mixing     only the scripts whose name contains "mixing"
#
# Not covered here (they need Node, not Python): tests/fixtures/glove_small.txt
# (scripts/make_glove_subset.mjs) and use_lite_reference.json (scripts/use_lite/make_pack.mjs);
# space_layouts_native.json is printed by the native doctests (tests/native/space/).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=/usr/bin/python3
missing=()
for module in numpy torch sklearn scipy; do
  "$PY" -c "import $module" 2>/dev/null || missing+=("$module")
done
if ((${#missing[@]})); then
  echo "missing Python modules: ${missing[*]} (apt-get install python3-numpy python3-torch python3-sklearn python3-scipy)" >&2
  exit 1
fi

# make_golden.py first: make_positional_golden.py reads the notebook fixture it writes.
SCRIPTS=(
  make_golden.py
  make_golden_syllabus.py
  make_class04_golden.py
  make_kinds_golden.py
  make_positional_golden.py
  make_mixing_golden.py
  make_sense_control_golden.py
  make_stats_golden.py
  make_vector_golden.py
  make_training_golden.py
  make_space_golden.py
  make_tsne_golden.py
  make_umap_golden.py
  make_umap_reference.py
  make_analogy_golden.py
  make_sense_space_golden.py
  make_class05_points_golden.py
  make_npy_fixture.py
)
only=${1:-}
for script in "${SCRIPTS[@]}"; do
  [[ -z "$only" || "$script" == *"$only"* ]] || continue
  if [[ "$script" == make_umap_reference.py ]] && ! "$PY" -c "import umap" 2>/dev/null; then
    echo "== scripts/$script skipped: umap-learn is not installed (apt-get install umap-learn)"
    continue
  fi
  echo "== scripts/$script"
  "$PY" "scripts/$script"
done
echo
FIXTURES=(tests/fixtures ':!tests/fixtures/README.md')
if git diff --quiet -- "${FIXTURES[@]}"; then
  echo "tests/fixtures: unchanged"
else
  echo "tests/fixtures changed:"
  git diff --stat -- "${FIXTURES[@]}"
fi
