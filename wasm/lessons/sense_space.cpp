// embind surface of the contextual vectors of ambiguous words (core/lessons/sense_space.hpp):
// the training task's words and sentences, the untrained block's rows for them, and the grouping
// of any labelled rows. In the space and train parts of the core (wasm/CMakeLists.txt): the space
// worker computes the contextual vectors and groups layouts by sense, the trainer needs the
// task's words.
#include <string>
#include <vector>

#include "core/lessons/sense_space.hpp"
#include "core/train/task_data.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

std::vector<std::string> strings_from_js(const val& list, const char* name) {
  if (!list.isArray()) throw aw::InputError(std::string(name) + " must be an array of strings");
  return emscripten::vecFromJSArray<std::string>(list);
}

// [{sentence, word, sense, split, target}]: training sentences first, then validation.
val sense_sentences() {
  return guarded([&] {
    const auto& task = aw::train::task_data();
    val out = val::array();
    const std::vector<aw::train::Example> examples = aw::sense_examples();
    for (std::size_t i = 0; i < examples.size(); ++i) {
      val item = val::object();
      item.set("sentence", examples[i].text);
      item.set("word", examples[i].word);
      item.set("sense", examples[i].sense);
      item.set("target", examples[i].target);
      item.set("split", std::string(i < task.train.size() ? "train" : "validation"));
      out.call<void>("push", item);
    }
    return out;
  });
}

// {rows, cols, outputs: Float32Array (rows × cols), contextMean: Float32Array (rows × d_model)}
val untrained_sense_vectors(val pretrained, double proj_seed) {
  return guarded([&] {
    const aw::SenseVectors v = aw::untrained_sense_vectors(pretrained_from_js(pretrained), static_cast<std::uint64_t>(proj_seed));
    val out = val::object();
    out.set("rows", static_cast<int>(v.outputs.rows()));
    out.set("cols", static_cast<int>(v.outputs.cols()));
    out.set("outputs", flat_to_js(v.outputs));
    out.set("contextMean", flat_to_js(v.context_mean));
    out.set("contextCols", static_cast<int>(v.context_mean.cols()));
    out.set("topWeight", vector_to_js(Eigen::Map<const Eigen::VectorXd>(v.top_weight.data(), static_cast<Eigen::Index>(v.top_weight.size()))));
    out.set("topWord", strings_to_js(v.top_word));
    out.set("rowsOver90", static_cast<double>(v.rows_over_90));
    out.set("medianTopWeight", v.median_top_weight);
    out.set("commonTopWord", v.common_top_word);
    out.set("commonTopCount", static_cast<double>(v.common_top_count));
    return out;
  });
}

// {words: [{word, within, across, gap, withinPairs, acrossPairs}], meanGap, neighbourSameSense, neighbourChance}
val sense_grouping(val points, int n, int d, val words, val senses) {
  return guarded([&] {
    const aw::SenseGrouping g = aw::sense_grouping(points_from_js(points, n, d, "the points"), strings_from_js(words, "words"),
                                                   strings_from_js(senses, "senses"));
    val list = val::array();
    for (const auto& w : g.words) {
      val item = val::object();
      item.set("word", w.word);
      item.set("within", w.within);
      item.set("across", w.across);
      item.set("gap", w.gap);
      item.set("withinPairs", static_cast<double>(w.within_pairs));
      item.set("acrossPairs", static_cast<double>(w.across_pairs));
      list.call<void>("push", item);
    }
    val out = val::object();
    out.set("words", list);
    out.set("meanGap", g.mean_gap);
    out.set("neighbourSameSense", g.neighbour_same_sense);
    out.set("neighbourChance", g.neighbour_chance);
    return out;
  });
}

val layout_same_sense(val layout, int n, int dim, val words, val senses) {
  return guarded([&] {
    return val(aw::layout_same_sense_share(points_from_js(layout, n, dim, "the layout"), strings_from_js(words, "words"),
                                           strings_from_js(senses, "senses")));
  });
}

// The task's words, in the order of a trainer's embedding rows.
val training_vocabulary() { return strings_to_js(aw::train::task_data().vocabulary); }

}  // namespace

EMSCRIPTEN_BINDINGS(aw_sense_space) {
  emscripten::function("spaceSenseSentences", &sense_sentences);
  emscripten::function("spaceUntrainedSenseVectors", &untrained_sense_vectors);
  emscripten::function("spaceSenseGrouping", &sense_grouping);
  emscripten::function("spaceLayoutSameSense", &layout_same_sense);
  emscripten::function("trainingVocabulary", &training_vocabulary);
}
