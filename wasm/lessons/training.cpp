// embind surface of the training chapter's own lessons (issue 18): what training changed.
// The trainer itself is bound in wasm/train.cpp. Converts, calls the core, converts back.
#include "core/lessons/parameter_change.hpp"
#include "core/lessons/trained_sense.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

// [{name, rows, cols, data}] -> named matrices
std::vector<aw::NamedMatrix> named_matrices_from_js(const val& list, const char* what) {
  if (!list.isArray()) throw aw::InputError(std::string(what) + " must be a list of {name, rows, cols, data}");
  std::vector<aw::NamedMatrix> out;
  const int n = list["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const val item = list[i];
    const std::string name = string_field(item, "name", "");
    out.push_back({name, matrix_from_js(item, name.c_str())});
  }
  return out;
}

val parameter_changes(val now, val before) {
  return guarded([&] {
    const aw::ParameterChanges r = aw::parameter_changes(named_matrices_from_js(now, "now"), named_matrices_from_js(before, "before"));
    val list = val::array();
    for (const aw::ParameterChange& c : r.parameters) {
      val item = val::object();
      item.set("name", c.name);
      item.set("difference", matrix_to_js(c.difference));
      item.set("changed", static_cast<double>(c.changed));
      item.set("count", static_cast<double>(c.count));
      item.set("maxAbs", c.max_abs);
      list.call<void>("push", item);
    }
    val out = val::object();
    out.set("parameters", list);
    out.set("changed", static_cast<double>(r.changed));
    out.set("count", static_cast<double>(r.count));
    return out;
  });
}

aw::SenseSentence sense_sentence_from_js(const val& s, const char* name) {
  if (!has(s, "X")) throw aw::InputError(std::string(name) + " must be {X, target}");
  return {matrix_from_js(s["X"], name), static_cast<long>(int_field(s, "target", -1))};
}

aw::SenseProjections projections_from_js(const val& p, const char* name) {
  if (!has(p, "W_q") || !has(p, "W_k") || !has(p, "W_v")) throw aw::InputError(std::string(name) + " must be {W_q, W_k, W_v}");
  return {matrix_from_js(p["W_q"], "W_q"), matrix_from_js(p["W_k"], "W_k"), matrix_from_js(p["W_v"], "W_v")};
}

val trained_sense_check(val o) {
  return guarded([&] {
    const aw::SenseVerdicts v = aw::trained_sense_check(
        sense_sentence_from_js(o["first"], "first"), sense_sentence_from_js(o["otherSense"], "otherSense"),
        sense_sentence_from_js(o["sameSense"], "sameSense"), projections_from_js(o["initial"], "initial"),
        projections_from_js(o["trained"], "trained"));
    val out = val::object();
    out.set("raw", sense_control_to_js(v.raw));
    out.set("initial", sense_control_to_js(v.initial));
    out.set("trained", sense_control_to_js(v.trained));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_training_lessons) {
  emscripten::function("parameterChanges", &parameter_changes);
  emscripten::function("trainedSenseCheck", &trained_sense_check);
}
