"""What the golden-fixture scripts (scripts/make_*golden*.py) share.

Paths, the NumPy helpers every notebook computation uses (row softmax, cosine), turning NumPy and
PyTorch values into plain JSON values (`clean`), and writing a fixture: either in the compact
"one matrix row per line" layout of the notebook fixtures (`write_case`), or as json.dumps
would write it (`write_json`). Each writer prints the file's size and the start of its SHA-256,
so a rerun that changed a fixture is visible at once.

Run the scripts with Debian's /usr/bin/python3 (python3-numpy, python3-torch, python3-sklearn);
scripts/make_all_golden.sh runs all of them.
"""

import hashlib
import json
import math
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def softmax(x, axis=-1):
    """Row softmax, stabilised by subtracting each row's maximum (NumPy's usual recipe)."""
    x = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(x)
    return e / np.sum(e, axis=axis, keepdims=True)


def cosine(a, b):
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def clean(value, allow_neg_inf=True):
    """Turns NumPy/PyTorch values into plain JSON values.

    -inf (a masked score) becomes None, written as null, unless `allow_neg_inf` is False, in which
    case it is refused like NaN and +inf are: a fixture never holds a non-finite number.
    """
    torch = sys.modules.get("torch")  # only scripts that imported PyTorch can hold tensors
    if torch is not None and isinstance(value, torch.Tensor):
        return clean(value.detach().double().tolist(), allow_neg_inf)
    if isinstance(value, np.ndarray):
        return clean(value.tolist(), allow_neg_inf)
    if isinstance(value, dict):
        return {str(k): clean(v, allow_neg_inf) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v, allow_neg_inf) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        f = float(value)
        if math.isnan(f) or f == math.inf or (f == -math.inf and not allow_neg_inf):
            raise ValueError(f"refusing to write non-finite value {f!r}")
        return None if f == -math.inf else f
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"cannot write {type(value).__name__} to JSON")


def _is_scalar(v):
    return v is None or isinstance(v, (bool, int, float, str))


def render(value, indent=0):
    """JSON with one matrix row per line and vectors on one line; readable but small."""
    pad = " " * indent
    inner = " " * (indent + 1)
    if _is_scalar(value):
        return json.dumps(value, allow_nan=False)
    if isinstance(value, list):
        if all(_is_scalar(v) for v in value):
            return "[" + ", ".join(json.dumps(v, allow_nan=False) for v in value) + "]"
        return "[\n" + ",\n".join(inner + render(v, indent + 1) for v in value) + "\n" + pad + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [inner + json.dumps(k) + ": " + render(v, indent + 1) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    raise TypeError(type(value))


def _write(path, text):
    data = text.encode("ascii")
    path = pathlib.Path(path)
    path.write_bytes(data)
    shown = path.relative_to(ROOT) if ROOT in path.parents else path
    print(f"wrote {shown}  ({len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()[:16]}...)")
    return path


def write_case(name, payload):
    """Writes tests/fixtures/<name>.json in the notebook fixtures' layout (see render)."""
    data = clean(payload)
    text = render(data) + "\n"
    # The rendering must be ordinary JSON that parses back to the same values.
    assert json.loads(text) == data
    return _write(FIXTURES / f"{name}.json", text)


def write_json(path, payload, **dumps_options):
    """Writes `payload` (already plain JSON values) with json.dumps(payload, **dumps_options) and
    a final newline."""
    return _write(path, json.dumps(payload, **dumps_options) + "\n")
