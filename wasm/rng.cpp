// embind surface of core/rng/: the random table of the embedding-space chapter, NumPy's draws.
#include <cstdint>
#include <vector>

#include "core/rng/numpy_generator.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

// np.random.default_rng(seed).normal(size=(n, d)) as float32: a table with no neighbourhood
// structure, the page's random embedding table at chapter scale.
val random_table(int n, int d, double seed) {
  return guarded([&] {
    if (n < 1 || n > 20000 || d < 1 || d > 1024) throw aw::InputError("a random table has 1 to 20000 rows of 1 to 1024 numbers");
    aw::rng::NumpyGenerator rng(static_cast<std::uint64_t>(seed));
    const std::vector<double> values = rng.normal(static_cast<std::size_t>(n) * d);
    const std::vector<float> narrow(values.begin(), values.end());
    return typed_array(narrow.data(), narrow.size());
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_rng) {
  emscripten::function("spaceRandomTable", &random_table);
}
