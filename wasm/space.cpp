// embind surface of core/space/ (PCA, neighbours, their scores) and the embedding-space lesson
// (core/lessons/embedding_space.hpp). The points live in the wasm heap once, in SpaceData:
// made empty, filled by load(Float32Array, n, d) (so bad data is a JS Error with the core's
// message, as EncoderModel.load does), asked many questions, freed with .delete(). The JS
// wrapper (core/attention-core.js, createSpaceData) owns its lifetime.
// The t-SNE and UMAP runs have their own file, wasm/space_layouts.cpp; what the page itself asks
// on the main thread (a random table, the senses) is in wasm/lessons/sense_space.cpp.
#include <string>
#include <vector>

#include "core/lessons/embedding_space.hpp"
#include "core/space/neighbours.hpp"
#include "core/space/pca.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace sp = aw::space;

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
  // a − b + c → the k nearest rows by cosine, the three inputs left out: [{index, value: cosine}]
  val analogy(int a, int b, int c, int k) const {
    return guarded([&] { return neighbours_to_js(aw::analogy_nearest(loaded(), a, b, c, k)); });
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

}  // namespace

EMSCRIPTEN_BINDINGS(aw_space) {
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
      .function("analogy", &SpaceData::analogy)
      .function("coordinateSeparation", &SpaceData::coordinateSeparation);
}
