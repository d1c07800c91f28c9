// The embedding-space chapter (Class 04's projector): the measurements its text stands on.
//   - the dimension discussion made measurable: PCA-reduce to m dimensions, rebuild, and count how
//     much of each word's k-neighbour list (by cosine) survives;
//   - difference directions as an analogy: the cosine of (a − b) with (c − d), e.g. king − queen
//     against man − woman;
//   - "find the royalty coordinate": per coordinate, how well it separates a word list from the
//     rest, beside the best separation that random word lists of the same size reach by chance.
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/space/neighbours.hpp"

namespace aw {

struct DimensionSurvival {
  int dimensions = 0;        // m, the components kept
  double variance_kept = 0;  // their share of the total variance
  double neighbours_kept = 0;  // mean share of each query's k cosine neighbours still among its k after reduction
};

// For each m in `dimensions` (1 ≤ m ≤ d): PCA to m components, back to d coordinates, and the
// neighbour lists of `queries` (k, by cosine) compared with the original ones.
std::vector<DimensionSurvival> dimension_survival(const Eigen::Ref<const Eigen::MatrixXf>& points,
                                                  const std::vector<int>& dimensions, int k,
                                                  const std::vector<long>& queries);

// cos(points[a] − points[b], points[c] − points[d]); refuses a zero difference (identical rows).
double difference_cosine(const Eigen::Ref<const Eigen::MatrixXf>& points, long a, long b, long c, long d);

// The analogy query "a − b + c → ?" (king − man + woman): the k rows most similar by cosine to
// points[a] − points[b] + points[c], in the original space, highest first, ties to the lower
// index. The three input rows are left out, as word2vec's analogy evaluation (3CosAdd) leaves
// them out; the rows are used as they are (not normalised first). Refuses a row that does not
// exist, k outside 1 .. N − 3, and a zero target (no direction to compare with).
std::vector<space::Neighbour> analogy_nearest(const Eigen::Ref<const Eigen::MatrixXf>& points, long a, long b, long c, int k);

struct CoordinateSeparation {
  int coordinate = 0;   // 0-based
  double mean_in = 0;   // over the listed words
  double mean_out = 0;  // over every other word
  double effect = 0;    // (mean_in − mean_out) / the pooled standard deviation (Cohen's d)
  double auc = 0;       // share of (listed, other) pairs where the listed word has the larger value (ties ½)
};

struct CoordinateSearch {
  std::vector<CoordinateSeparation> coordinates;  // sorted by |effect|, largest first
  // The largest |effect| over all coordinates for each of `trials` random lists of the same size
  // (NumPy default_rng(seed), the list drawn without replacement from all rows): what "the best
  // coordinate" reaches when the list means nothing.
  std::vector<double> chance_best;
};

CoordinateSearch coordinate_separation(const Eigen::Ref<const Eigen::MatrixXf>& points, const std::vector<long>& members,
                                       int trials = 20, std::uint64_t seed = 0);

}  // namespace aw
