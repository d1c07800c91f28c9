// What t-SNE and UMAP share: exact Euclidean k nearest neighbours against a plain double-precision
// search, the PCA start, and the cross-platform layouts: tests/fixtures/space_layouts_native.json
// holds this build's t-SNE and UMAP layouts for a seed, which tests/js/space-layouts.test.js
// checks the wasm build against. Rewrite it (after a deliberate change to the layouts) with
//   AW_WRITE_SPACE_FIXTURE=1 build/native/tests/native/aw_tests -tc="*native layouts*"
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>

#include "core/space/tsne.hpp"
#include "core/space/umap.hpp"
#include "tests/native/golden.hpp"
#include "tests/native/space/layout_test_data.hpp"

TEST_CASE("exact k nearest neighbours (Euclidean) agree with a double-precision search") {
  const Eigen::MatrixXf X = layout_test::glove_rows(300);
  const auto g = aw::space::exact_knn_euclidean(X, 12);
  const auto expected = layout_test::nearest(X.cast<double>(), 12);
  int differing = 0;
  for (int i = 0; i < 300; ++i) {
    for (int m = 0; m < 12; ++m) {
      differing += g.index[static_cast<std::size_t>(i * 12 + m)] != expected[static_cast<std::size_t>(i)][static_cast<std::size_t>(m)];
      const double d = (X.row(i).cast<double>() - X.row(g.index[static_cast<std::size_t>(i * 12 + m)]).cast<double>()).norm();
      CHECK(g.distance[static_cast<std::size_t>(i * 12 + m)] == doctest::Approx(d).epsilon(1e-12));
    }
  }
  CHECK(differing == 0);
  CHECK_THROWS_AS(aw::space::exact_knn_euclidean(X, 300), std::invalid_argument);
}

TEST_CASE("exact k nearest neighbours: equal distances go by index, as a sort of every other point would order them") {
  // Each pair's distance is computed once and offered to both points (layout_common.cpp): rows 3,
  // 7 and 9 the same vector, rows 11 and 12 zero, so ties are many and must still go by index.
  Eigen::MatrixXf X = layout_test::glove_rows(40);
  X.row(7) = X.row(3);
  X.row(9) = X.row(3);
  X.row(11).setZero();
  X.row(12).setZero();
  const int k = 39;  // every other point: the whole order is checked
  const auto g = aw::space::exact_knn_euclidean(X, k);
  for (int i = 0; i < 40; ++i) {
    std::vector<int> others;
    for (int j = 0; j < 40; ++j)
      if (j != i) others.push_back(j);
    const auto d = [&](int j) { return (X.row(i).cast<double>() - X.row(j).cast<double>()).norm(); };
    std::stable_sort(others.begin(), others.end(), [&](int a, int b) { return d(a) < d(b); });
    for (int m = 0; m < k; ++m) {
      CAPTURE(i);
      CAPTURE(m);
      CHECK(g.index[static_cast<std::size_t>(i * k + m)] == others[static_cast<std::size_t>(m)]);
    }
  }
  CHECK(g.index[3 * k] == 7);
  CHECK(g.index[3 * k + 1] == 9);
  CHECK(g.index[11 * k] == 12);
}

TEST_CASE("drawable: a layout's coordinates must be finite and fit the float layout handed out") {
  constexpr double kFloatMax = std::numeric_limits<float>::max();
  CHECK(aw::space::drawable({}));
  CHECK(aw::space::drawable({0.0, -1.5, kFloatMax, -kFloatMax}));
  CHECK_FALSE(aw::space::drawable({0.0, 1e39}));  // finite in double, inf once cast to float
  CHECK_FALSE(aw::space::drawable({-1e39, 0.0}));
  CHECK_FALSE(aw::space::drawable({0.0, std::nan("")}));
  CHECK_FALSE(aw::space::drawable({INFINITY}));
}

TEST_CASE("the PCA start: components by falling variance, uncorrelated, largest-|value| entry positive") {
  const Eigen::MatrixXf X = layout_test::glove_rows(300);
  const std::vector<double> s = aw::space::pca_scores(X, 3);
  Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::RowMajor>> S(s.data(), 300, 3);
  const Eigen::Matrix3d cov = S.transpose() * S;
  CHECK(cov(0, 0) > cov(1, 1));
  CHECK(cov(1, 1) > cov(2, 2));
  CHECK(std::fabs(cov(0, 1)) < 1e-9 * cov(0, 0));
  CHECK(S.colwise().sum().cwiseAbs().maxCoeff() < 1e-9 * 300);
}

namespace {

nlohmann::json native_case(const std::string& method) {
  const int rows = 100;
  const Eigen::MatrixXf X = layout_test::glove_rows(rows);
  nlohmann::json c = {{"method", method}, {"rows", rows}};
  Eigen::MatrixXf layout;
  if (method == "tsne") {
    aw::space::TsneOptions o;
    o.perplexity = 10;
    o.iterations = 200;
    o.exaggeration_iterations = 100;
    o.seed = 3;
    o.init = aw::space::LayoutInit::random;
    c["options"] = {{"perplexity", 10}, {"iterations", 200}, {"exaggerationIterations", 100}, {"seed", 3}, {"init", "random"}};
    c["chunk"] = 50;
    aw::space::TsneRun run(X, o);
    while (!run.done()) run.step(50);
    layout = run.layout();
    c["kl_divergence"] = run.kl_divergence();
  } else {
    aw::space::UmapOptions o;
    o.n_neighbors = 10;
    o.epochs = 100;
    o.seed = 3;
    c["options"] = {{"nNeighbors", 10}, {"epochs", 100}, {"seed", 3}, {"init", "pca"}};
    c["chunk"] = 25;
    aw::space::UmapRun run(X, o);
    while (!run.done()) run.step(25);
    layout = run.layout();
  }
  const aw::MatF rows_major = layout;
  c["layout"] = std::vector<float>(rows_major.data(), rows_major.data() + rows_major.size());
  return c;
}

}  // namespace

TEST_CASE("native layouts for a seed match tests/fixtures/space_layouts_native.json (the wasm test's reference)") {
  const nlohmann::json now = {{"cases", {{"tsne_glove100", native_case("tsne")}, {"umap_glove100", native_case("umap")}}}};
  if (std::getenv("AW_WRITE_SPACE_FIXTURE")) {
    std::ofstream(std::string(AW_TEST_DATA_DIR) + "/fixtures/space_layouts_native.json") << now.dump() << "\n";
  }
  const nlohmann::json saved = golden::load("space_layouts_native");
  for (const auto& name : {"tsne_glove100", "umap_glove100"}) {
    INFO(name);
    const auto& a = now["cases"][name]["layout"];
    const auto& b = saved["cases"][name]["layout"];
    REQUIRE(a.size() == b.size());
    double worst = 0, scale = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      worst = std::max(worst, std::fabs(a[k].get<double>() - b[k].get<double>()));
      scale = std::max(scale, std::fabs(b[k].get<double>()));
    }
    CHECK(worst <= 1e-5 * scale);
  }
}
