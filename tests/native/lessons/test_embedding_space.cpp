// core/lessons/embedding_space.hpp: the dimension survival table and the analogy cosine against
// NumPy/scikit-learn (tests/fixtures/sklearn_space.json), the analogy query a − b + c against
// NumPy (tests/fixtures/numpy_analogy.json), and the coordinate search on data whose answer is known.
#include <doctest/doctest.h>

#include <numeric>

#include "core/lessons/embedding_space.hpp"
#include "tests/native/space/glove_subset.hpp"
#include "tests/native/space/layout_test_data.hpp"

TEST_CASE("embedding space: neighbours surviving PCA to 50 20 10 2 and 100 dimensions equal scikit-learn's") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  std::vector<long> all(static_cast<std::size_t>(X.rows()));
  std::iota(all.begin(), all.end(), 0L);
  const auto table = aw::dimension_survival(X, {50, 20, 10, 2, 100}, 10, all);
  const auto& ref = space_golden::fixture()["survival"];
  REQUIRE(table.size() == 5);
  for (const auto& row : table) {
    CAPTURE(row.dimensions);
    CHECK(row.neighbours_kept == doctest::Approx(ref[std::to_string(row.dimensions)].get<double>()).epsilon(1e-12));
  }
  CHECK(table[4].variance_kept == doctest::Approx(1.0));
  CHECK(table[0].neighbours_kept > table[3].neighbours_kept);
}

TEST_CASE("embedding space: king − queen against man − woman equals NumPy's cosine") {
  const Eigen::MatrixXf X = space_golden::glove_subset();
  const auto words = space_golden::fixture()["words"].get<std::vector<std::string>>();
  const auto row = [&](const std::string& w) { return static_cast<long>(std::find(words.begin(), words.end(), w) - words.begin()); };
  CHECK(aw::difference_cosine(X, row("king"), row("queen"), row("man"), row("woman")) ==
        doctest::Approx(space_golden::fixture()["analogy"]["king_queen_vs_man_woman"].get<double>()).epsilon(1e-12));
  CHECK_THROWS_AS(aw::difference_cosine(X, 1, 1, 2, 3), aw::InputError);
}

TEST_CASE("embedding space: the coordinate search finds a planted coordinate and measures chance") {
  Eigen::MatrixXf X = Eigen::MatrixXf::Zero(40, 3);
  for (int i = 0; i < 40; ++i) X.row(i) << static_cast<float>(i % 7), static_cast<float>((i * 13) % 11), static_cast<float>(i % 5);
  const std::vector<long> members{3, 9, 17, 30};
  for (long m : members) X(m, 1) += 20;  // coordinate 1 separates the list
  const aw::CoordinateSearch s = aw::coordinate_separation(X, members, 10, 1);
  CHECK(s.coordinates[0].coordinate == 1);
  CHECK(s.coordinates[0].auc == 1.0);
  CHECK(s.coordinates[0].effect > 2);
  REQUIRE(s.chance_best.size() == 10);
  for (double best : s.chance_best) CHECK(best < s.coordinates[0].effect);
  CHECK_THROWS_AS(aw::coordinate_separation(X, {3}, 10, 1), aw::InputError);
}

TEST_CASE("embedding space: the analogy a − b + c (king − man + woman) gives NumPy's 5 nearest by cosine, inputs left out") {
  const nlohmann::json fixture = golden::load("numpy_analogy");
  const int k = fixture["k"].get<int>();
  for (const int rows : {5000, 20000}) {
    const Eigen::MatrixXf X = layout_test::glove_rows(rows);
    for (const auto& c : fixture["cases"]) {
      if (c["rows"].get<int>() != rows) continue;
      const auto in = c["indices"].get<std::vector<long>>();
      CAPTURE(rows);
      CAPTURE(c["a"].get<std::string>());
      const auto got = aw::analogy_nearest(X, in[0], in[1], in[2], k);
      REQUIRE(got.size() == static_cast<std::size_t>(k));
      for (int m = 0; m < k; ++m) {
        CHECK(got[static_cast<std::size_t>(m)].index == c["nearest"][static_cast<std::size_t>(m)]["index"].get<long>());
        CHECK(got[static_cast<std::size_t>(m)].value == doctest::Approx(c["nearest"][static_cast<std::size_t>(m)]["cosine"].get<double>()).epsilon(1e-12));
        CHECK(std::find(in.begin(), in.end(), got[static_cast<std::size_t>(m)].index) == in.end());
      }
    }
  }
}

TEST_CASE("embedding space: the analogy refuses a missing row, a bad k and a zero target") {
  Eigen::MatrixXf X = layout_test::glove_rows(20);
  CHECK_THROWS_WITH_AS(aw::analogy_nearest(X, 0, 1, 20, 5), "row 21 does not exist", aw::InputError);
  CHECK_THROWS_WITH_AS(aw::analogy_nearest(X, 0, 1, 2, 18), "the analogy asks for 1 to 17 nearest rows; k = 18", aw::InputError);
  CHECK(aw::analogy_nearest(X, 0, 0, 0, 19).size() == 19);  // one input row: 19 left
  CHECK(aw::analogy_nearest(X, 0, 0, 0, 1)[0].index != 0);
  X.row(0).setConstant(1);
  X.row(1).setConstant(3);
  X.row(2).setConstant(2);  // x_0 − x_1 + x_2 = 0
  CHECK_THROWS_WITH_AS(aw::analogy_nearest(X, 0, 1, 2, 5), "the sum a − b + c is the zero vector: it has no direction, so no cosine",
                       aw::InputError);
}
