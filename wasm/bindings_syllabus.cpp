// embind surface of the syllabus chapters (1 IDs to vectors, 2 local context, 3 reweighting,
// 4 dot product and cosine, 8 multi-head). Converts, calls the core, converts back; no logic.
#include "core/vector_compare.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

template <typename T>
val optional_number(const std::optional<T>& value) {
  return value ? val(*value) : val::null();
}

val row_to_js(const aw::RowVec<double>& v) {
  return typed_array(v.data(), static_cast<std::size_t>(v.size()));
}

// ---- chapter 4 ---------------------------------------------------------------------------
val compare_vectors(val a, val b) {
  return guarded([&] {
    const aw::VectorComparison r = aw::compare_vectors(vector_from_js(a), vector_from_js(b));
    val out = val::object();
    out.set("a", row_to_js(r.a));
    out.set("b", row_to_js(r.b));
    out.set("products", typed_array(r.products.data(), r.products.size()));
    out.set("dot", r.dot);
    out.set("normA", r.norm_a);
    out.set("normB", r.norm_b);
    out.set("cosine", optional_number(r.cosine));
    out.set("angleDegrees", optional_number(r.angle_degrees));
    out.set("whyUndefined", r.why_undefined);
    out.set("aIsUnit", r.a_is_unit);
    out.set("bIsUnit", r.b_is_unit);
    out.set("dotEqualsCosine", r.dot_equals_cosine);
    out.set("unitA", r.unit_a ? row_to_js(*r.unit_a) : val::null());
    out.set("unitB", r.unit_b ? row_to_js(*r.unit_b) : val::null());
    out.set("dotWith2b", r.dot_with_2b);
    out.set("cosineWith2b", optional_number(r.cosine_with_2b));
    out.set("unitTolerance", aw::kUnitTolerance);
    return out;
  });
}

val parse_vector(std::string text, std::string name) {
  return guarded([&] { return row_to_js(aw::parse_vector(text, name)); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(syllabus) {
  emscripten::function("compareVectors", &compare_vectors);
  emscripten::function("parseVector", &parse_vector);
}
