// core/space/neighbours.hpp against NumPy (cosine neighbour lists, exactly) and
// sklearn.manifold.trustworthiness, on the GloVe subset of tests/fixtures/sklearn_space.json.
#include <doctest/doctest.h>

#include <numeric>

#include "core/space/neighbours.hpp"
#include "core/space/pca.hpp"
#include "tests/native/space/glove_subset.hpp"

namespace sp = aw::space;

TEST_CASE("neighbours: cosine neighbour lists equal NumPy's exactly cosines within 1e-12") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  for (const auto& q : space_golden::fixture()["neighbours"]) {
    CAPTURE(q["word"].get<std::string>());
    const auto found = sp::nearest_by_cosine(X, q["query"].get<long>(), 10);
    REQUIRE(found.size() == 10);
    for (std::size_t i = 0; i < 10; ++i) {
      CHECK(found[i].index == q["indices"][i].get<long>());
      CHECK(std::abs(found[i].value - q["cosines"][i].get<double>()) < 1e-12);
    }
  }
}

TEST_CASE("neighbours: ties go to the lower index and the query is never its own neighbour") {
  Eigen::MatrixXf X(5, 2);
  X << 1, 0, 2, 0, 0, 1, 3, 0, 1, 1;  // rows 1 and 3 point the same way as row 0
  const auto found = sp::nearest_by_cosine(X, 0, 3);
  CHECK(found[0].index == 1);
  CHECK(found[1].index == 3);
  CHECK(found[2].index == 4);
  const auto near = sp::nearest_by_distance(X, 0, 2);
  CHECK(near[0].index == 1);  // distance 1 to rows 1 and 2's... row 1 (1) and row 4 (1): lower index first
  CHECK(near[1].index == 4);
}

TEST_CASE("neighbours: zero vectors and NaN rows are refused with a message") {
  Eigen::MatrixXf X = Eigen::MatrixXf::Ones(4, 3);
  X.row(2).setZero();
  CHECK_THROWS_WITH_AS(sp::nearest_by_cosine(X, 0, 2), doctest::Contains("point 3 is a zero vector"), aw::InputError);
  X(2, 0) = NAN;
  CHECK_THROWS_WITH_AS(sp::nearest_by_cosine(X, 0, 2), doctest::Contains("not a finite number"), aw::InputError);
  CHECK_THROWS_AS(sp::nearest_by_cosine(Eigen::MatrixXf::Ones(4, 3), 0, 4), aw::InputError);
}

TEST_CASE("neighbours: trustworthiness equals scikit-learn's and k-NN recall equals NumPy's") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  const auto& fx = space_golden::fixture();
  const Eigen::MatrixXf layout = sp::pca(X, 2).projected;
  CHECK(sp::trustworthiness(X, layout, 5) == doctest::Approx(fx["trustworthiness"]["euclidean"].get<double>()).epsilon(1e-12));
  CHECK(sp::trustworthiness(X, layout, 5, sp::Metric::cosine) ==
        doctest::Approx(fx["trustworthiness"]["cosine"].get<double>()).epsilon(1e-12));
  std::vector<long> all(static_cast<std::size_t>(X.rows()));
  std::iota(all.begin(), all.end(), 0L);
  CHECK(sp::knn_recall(X, layout, 10, all) == doctest::Approx(fx["recall_pca2"].get<double>()).epsilon(1e-12));
  // the data as its own layout keeps every neighbour... by Euclidean distance; unit rows make cosine and distance agree
  const Eigen::MatrixXf unit = X.rowwise().normalized();
  CHECK(sp::knn_recall(unit, unit, 10, all) == 1.0);
  CHECK(sp::trustworthiness(unit, unit, 5) == doctest::Approx(1.0));
}
