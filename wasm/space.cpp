// embind surface of core/space/ (PCA, neighbours, their scores) and the embedding-space lesson
// (core/lessons/embedding_space.hpp). The points live in the wasm heap once, in SpaceData:
// made empty, filled by load(Float32Array, n, d) (so bad data is a JS Error with the core's
// message, as EncoderModel.load does), asked many questions, freed with .delete(). The JS
// wrapper (core/attention-core.js, createSpaceData) owns its lifetime.
// The contextual vectors of ambiguous words (core/lessons/sense_space.hpp) are free functions:
// the sentences, the untrained block's rows, and the grouping of any labelled rows.
// The t-SNE and UMAP runs have their own file, wasm/space_layouts.cpp.
#include <string>
#include <vector>

#include "core/lessons/embedding_space.hpp"
#include "core/lessons/sense_space.hpp"
#include "core/rng/numpy_generator.hpp"
#include "core/space/neighbours.hpp"
#include "core/space/pca.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace sp = aw::space;

// A row-major Float32Array of n × d numbers as an Eigen matrix (a copy).
Eigen::MatrixXf points_from_js(const val& data, int n, int d, const char* name) {
  if (!data.instanceof(val::global("Float32Array"))) throw aw::InputError(std::string(name) + " must be a Float32Array");
  if (n < 0 || d < 1 || data["length"].as<double>() != static_cast<double>(n) * d) {
    throw aw::InputError(std::string(name) + " has " + std::to_string(data["length"].as<unsigned>()) +
                         " numbers, which is not points × dimension");
  }
  const std::vector<float> values = emscripten::convertJSArrayToNumberVector<float>(data);
  return Eigen::Map<const aw::MatF>(values.data(), n, d);
}

std::vector<long> indices_from_js(const val& list) {
  std::vector<long> out;
  for (unsigned i = 0, n = list["length"].as<unsigned>(); i < n; ++i) out.push_back(list[i].as<long>());
  return out;
}

val neighbours_to_js(const std::vector<sp::Neighbour>& list) {
  val out = val::array();
  for (const auto& n : list) {
    val item = val::object();
    item.set("index", static_cast<int>(n.index));
    item.set("value", n.value);
    out.call<void>("push", item);
  }
  return out;
}

val flat_to_js(const Eigen::MatrixXf& m) {
  const aw::MatF rowmajor = m;
  return typed_array(rowmajor.data(), static_cast<std::size_t>(rowmajor.size()));
}

class SpaceData {
 public:
  val load(val data, int n, int d) {
    return guarded([&] {
      points_ = Eigen::MatrixXf();
      Eigen::MatrixXf points = points_from_js(data, n, d, "the points");
      sp::require_points(points, 3, 1, "The embedding space");
      sp::require_nonzero_rows(points);  // every question here is asked by cosine
      points_ = std::move(points);
      return val(n);
    });
  }
  int count() const { return static_cast<int>(points_.rows()); }
  int dimension() const { return static_cast<int>(points_.cols()); }

  // {components {rows, cols, data}, explainedVariance, explainedVarianceRatio, totalVariance,
  //  projected: Float32Array(n × k) row-major}
  val pca(int n_components) const {
    return guarded([&] {
      const sp::PcaResult fit = sp::pca(loaded(), n_components);
      val out = val::object();
      out.set("components", matrix_to_js(fit.components));
      out.set("explainedVariance", vector_to_js(fit.explained_variance));
      out.set("explainedVarianceRatio", vector_to_js(fit.explained_variance_ratio));
      out.set("totalVariance", fit.total_variance);
      out.set("projected", flat_to_js(fit.projected));
      return out;
    });
  }
  val nearestByCosine(int query, int k) const {
    return guarded([&] { return neighbours_to_js(sp::nearest_by_cosine(loaded(), query, k)); });
  }
  // A layout's neighbours (Euclidean): `layout` is a Float32Array of count() × dim.
  val nearestInLayout(val layout, int dim, int query, int k) const {
    return guarded([&] {
      return neighbours_to_js(sp::nearest_by_distance(layout_of(layout, dim), query, k));
    });
  }
  val knnRecall(val layout, int dim, int k, val queries) const {
    return guarded([&] { return val(sp::knn_recall(loaded(), layout_of(layout, dim), k, indices_from_js(queries))); });
  }
  // Trustworthiness of the layout for the first `m` points (the exact score is O(m²)).
  val trustworthiness(val layout, int dim, int k, int m) const {
    return guarded([&] {
      const Eigen::MatrixXf all = layout_of(layout, dim);
      if (m < 2 || m > all.rows()) throw aw::InputError("trustworthiness needs 2 to " + std::to_string(all.rows()) + " points");
      return val(sp::trustworthiness(loaded().topRows(m), all.topRows(m), k, sp::Metric::cosine));
    });
  }
  val dimensionSurvival(val dimensions, int k, val queries) const {
    return guarded([&] {
      std::vector<int> dims;
      for (long m : indices_from_js(dimensions)) dims.push_back(static_cast<int>(m));
      val out = val::array();
      for (const auto& row : aw::dimension_survival(loaded(), dims, k, indices_from_js(queries))) {
        val item = val::object();
        item.set("dimensions", row.dimensions);
        item.set("varianceKept", row.variance_kept);
        item.set("neighboursKept", row.neighbours_kept);
        out.call<void>("push", item);
      }
      return out;
    });
  }
  val differenceCosine(int a, int b, int c, int d) const {
    return guarded([&] { return val(aw::difference_cosine(loaded(), a, b, c, d)); });
  }
  val coordinateSeparation(val members, int trials, double seed) const {
    return guarded([&] {
      const aw::CoordinateSearch s =
          aw::coordinate_separation(loaded(), indices_from_js(members), trials, static_cast<std::uint64_t>(seed));
      val coordinates = val::array();
      for (const auto& c : s.coordinates) {
        val item = val::object();
        item.set("coordinate", c.coordinate);
        item.set("meanIn", c.mean_in);
        item.set("meanOut", c.mean_out);
        item.set("effect", c.effect);
        item.set("auc", c.auc);
        coordinates.call<void>("push", item);
      }
      val out = val::object();
      out.set("coordinates", coordinates);
      val chance = val::array();
      for (double b : s.chance_best) chance.call<void>("push", b);
      out.set("chanceBest", chance);
      return out;
    });
  }

 private:
  const Eigen::MatrixXf& loaded() const {
    if (points_.rows() == 0) throw aw::InputError("no points are loaded");
    return points_;
  }
  Eigen::MatrixXf layout_of(const val& layout, int dim) const {
    return points_from_js(layout, static_cast<int>(loaded().rows()), dim, "the layout");
  }
  Eigen::MatrixXf points_;
};

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

// ---- contextual vectors of ambiguous words (core/lessons/sense_space.hpp) -------------------
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

}  // namespace

EMSCRIPTEN_BINDINGS(aw_space) {
  emscripten::function("spaceRandomTable", &random_table);
  emscripten::function("spaceSenseSentences", &sense_sentences);
  emscripten::function("spaceUntrainedSenseVectors", &untrained_sense_vectors);
  emscripten::function("spaceSenseGrouping", &sense_grouping);
  emscripten::function("spaceLayoutSameSense", &layout_same_sense);
  emscripten::class_<SpaceData>("SpaceData")
      .constructor<>()
      .function("load", &SpaceData::load)
      .function("count", &SpaceData::count)
      .function("dimension", &SpaceData::dimension)
      .function("pca", &SpaceData::pca)
      .function("nearestByCosine", &SpaceData::nearestByCosine)
      .function("nearestInLayout", &SpaceData::nearestInLayout)
      .function("knnRecall", &SpaceData::knnRecall)
      .function("trustworthiness", &SpaceData::trustworthiness)
      .function("dimensionSurvival", &SpaceData::dimensionSurvival)
      .function("differenceCosine", &SpaceData::differenceCosine)
      .function("coordinateSeparation", &SpaceData::coordinateSeparation);
}
