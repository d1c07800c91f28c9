// embind surface of the module itself: whether it was built with SIMD, the page's limits and
// the course vocabulary, so the page reads them from the core instead of repeating them.
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

val build_info() {
  val out = val::object();
#ifdef __wasm_simd128__
  out.set("simd", true);
#else
  out.set("simd", false);
#endif
  out.set("maxTokens", aw::kMaxTokens);
  out.set("maxWidth", aw::kMaxWidth);
  out.set("courseVocab", strings_to_js(aw::course_vocab()));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_module) {
  emscripten::function("buildInfo", &build_info);
}
