// embind surface of the Q/K/V workbench (core/lessons/workbench.hpp) and the two-sentence bank
// experiment built on it (core/lessons/bank_experiment.hpp). Their conversions live in
// wasm/convert.hpp, which the flow's bindings share.
// Converts, calls the core, converts back; no logic. Every C++ exception becomes a JS Error
// with its message (guarded(), wasm/convert.hpp).
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

// ---- exported functions ------------------------------------------------------------------
val run_workbench(val options) {
  return guarded([&] { return workbench_report_to_js(aw::run_workbench(workbench_options(options))); });
}

val run_bank_experiment(val options) {
  return guarded([&] {
    aw::BankExperimentOptions o;
    o.base = workbench_options(options);
    o.second_sentence = string_field(options, "sentence2", o.second_sentence);
    o.target = string_field(options, "target", o.target);
    if (has(options, "control")) o.control_sentence = string_field(options, "control", "");
    const aw::BankExperimentReport r = aw::run_bank_experiment(o);
    val out = val::object();
    out.set("first", workbench_report_to_js(r.first));
    out.set("second", workbench_report_to_js(r.second));
    out.set("targetIndexFirst", static_cast<int>(r.target_index_first));
    out.set("targetIndexSecond", static_cast<int>(r.target_index_second));
    out.set("rawTargetVectorsEqual", r.raw_target_vectors_equal);
    out.set("cosines", cosines_to_js(r.cosines));
    out.set("contextualVsRawWords", cosines_to_js(r.contextual_vs_raw_words));
    out.set("contextualVsRawWordsSecond", cosines_to_js(r.contextual_vs_raw_words_second));
    if (r.has_control) {
      if (r.control) out.set("control", workbench_report_to_js(*r.control));
      out.set("targetIndexControl", static_cast<int>(r.target_index_control));
      out.set("controlCosines", cosines_to_js(r.control_cosines));
      out.set("separation", sense_control_to_js(r.separation));
    }
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_lessons_workbench) {
  emscripten::function("runWorkbench", &run_workbench);
  emscripten::function("runBankExperiment", &run_bank_experiment);
}
