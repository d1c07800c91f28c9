// t-SNE against scikit-learn's Barnes–Hut t-SNE (tests/fixtures/sklearn_tsne.json, written by
// scripts/make_tsne_golden.py) on GloVe rows from the same start: final KL within 5 %, 10-NN
// recall of the layout; determinism for a seed; the messages for bad input.
#include <chrono>
#include <cmath>
#include <cstring>

#include "core/space/tsne.hpp"
#include "tests/native/golden.hpp"
#include "tests/native/space/layout_test_data.hpp"

namespace {

using aw::space::TsneOptions;
using aw::space::TsneRun;

struct Finished {
  double kl, recall, golden_kl, golden_recall;
};

Finished run_case(const std::string& name) {
  const auto c = golden::load("sklearn_tsne")["cases"][name];
  const int n = c["rows"], out_dim = c["out_dim"];
  const Eigen::MatrixXf X = layout_test::glove_rows(n);
  TsneOptions o;
  o.out_dim = out_dim;
  o.perplexity = c["perplexity"];
  o.iterations = c["iterations"];
  o.initial_layout.resize(n, out_dim);
  for (int i = 0; i < n; ++i)
    for (int a = 0; a < out_dim; ++a) o.initial_layout(i, a) = c["start"][i][a].get<float>();
  TsneRun run(X, o);
  CHECK(run.learning_rate() == doctest::Approx(c["learning_rate"].get<double>()));
  while (!run.done()) run.step(100);
  CHECK(run.iteration() == o.iterations);
  return {run.kl_divergence(), layout_test::recall(X, run.layout()), c["kl_divergence"], c["recall10"]};
}

// `lower_allowed`: only the upper side of the 5 % is checked (see the 150-point case).
void check_against_sklearn(const std::string& name, bool lower_allowed = false) {
  const Finished f = run_case(name);
  MESSAGE(name << ": KL ours " << f.kl << " sklearn " << f.golden_kl << "; 10-NN recall ours " << f.recall
               << " sklearn " << f.golden_recall);
  CHECK(f.kl <= 1.05 * f.golden_kl);
  if (!lower_allowed) CHECK(f.kl >= 0.95 * f.golden_kl);
  CHECK(f.recall >= f.golden_recall - 0.03);  // the same neighbourhoods kept, within noise
}

Eigen::MatrixXf small_glove() { return layout_test::glove_rows(120); }

TsneOptions quick(std::uint64_t seed, aw::space::LayoutInit init) {
  TsneOptions o;
  o.perplexity = 10;
  o.iterations = 120;
  o.exaggeration_iterations = 60;
  o.seed = seed;
  o.init = init;
  return o;
}

}  // namespace

#ifdef NDEBUG
TEST_CASE("t-SNE 2-D on 500 GloVe rows: final KL within 5 % of sklearn's Barnes-Hut, same start") {
  const auto t0 = std::chrono::steady_clock::now();
  check_against_sklearn("glove500_2d");
  MESSAGE("500 points, 1000 iterations: " << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s");
}

// In 3-D sklearn's float32 run and ours end 4-7 % apart, ours lower, and moving by a few per cent
// with last-bit changes of the distances (measured 1.085 and 1.112 against 1.163): so only "at
// most 5 % above" is required, like the benchmark's "equal or lower KL".
TEST_CASE("t-SNE 3-D (octree) on 500 GloVe rows: final KL at most 5 % above sklearn's") {
  check_against_sklearn("glove500_3d", true);
}
#else
// The Debug (ASan) build runs a smaller case. At 150 points the final KL depends on which
// minimum the optimiser lands in (ours: 0.98 at θ = 0, 0.89 at θ = 0.5, 0.96 at θ = 0.8;
// sklearn 1.03), so only "not more than 5 % above sklearn's" is required here.
TEST_CASE("t-SNE 2-D on 150 GloVe rows, perplexity 10, 600 iterations: KL at most 5 % above sklearn's") {
  check_against_sklearn("glove150_2d", true);
}
#endif

TEST_CASE("t-SNE: the KL falls as it runs and the layout spreads from its 1e-4 start") {
  TsneRun run(small_glove(), quick(1, aw::space::LayoutInit::pca));
  CHECK(std::isnan(run.kl_divergence()));
  CHECK(run.step(70) == 70);  // past the exaggeration
  const double early = run.kl_divergence();
  CHECK(run.step(1000) == 50);  // only what is left
  CHECK(run.done());
  CHECK(run.step(5) == 0);
  CHECK(run.kl_divergence() < early);
  CHECK(run.layout().cwiseAbs().maxCoeff() > 1.0);
}

TEST_CASE("t-SNE is deterministic: same seed same bytes, another seed another layout") {
  for (auto init : {aw::space::LayoutInit::pca, aw::space::LayoutInit::random}) {
    TsneRun a(small_glove(), quick(7, init)), b(small_glove(), quick(7, init)), c(small_glove(), quick(8, init));
    a.step(120);
    b.step(60);
    b.step(60);  // stepping in pieces changes nothing
    c.step(120);
    CHECK(layout_test::same_bytes(a.layout(), b.layout()));
    CHECK(a.kl_divergence() == b.kl_divergence());
    if (init == aw::space::LayoutInit::random) CHECK_FALSE(layout_test::same_bytes(a.layout(), c.layout()));
    else CHECK(layout_test::same_bytes(a.layout(), c.layout()));  // PCA start draws nothing
  }
}

TEST_CASE("t-SNE: the start exists before the neighbours are found, and finding them first changes nothing") {
  TsneRun lazy(small_glove(), quick(3, aw::space::LayoutInit::pca)), eager(small_glove(), quick(3, aw::space::LayoutInit::pca));
  CHECK_FALSE(lazy.prepared());
  const Eigen::MatrixXf start = lazy.layout();  // drawable at once: the PCA start, 1e-4 in scale
  CHECK(start.allFinite());
  CHECK(start.cwiseAbs().maxCoeff() < 1e-3);
  eager.prepare();
  CHECK(eager.prepared());
  CHECK(layout_test::same_bytes(eager.layout(), start));  // preparing does not move the start
  lazy.step(30);                               // the first step prepares
  eager.step(30);
  CHECK(lazy.prepared());
  CHECK(layout_test::same_bytes(lazy.layout(), eager.layout()));
}

TEST_CASE("t-SNE 3-D gives three columns") {
  TsneOptions o = quick(3, aw::space::LayoutInit::random);
  o.out_dim = 3;
  TsneRun run(small_glove(), o);
  run.step(10);
  CHECK(run.layout().cols() == 3);
  CHECK(run.layout().allFinite());
}

TEST_CASE("t-SNE survives duplicate and zero vectors") {
  Eigen::MatrixXf X = small_glove();
  X.row(5) = X.row(4);
  X.row(6) = X.row(4);
  X.row(7).setZero();
  TsneRun run(X, quick(2, aw::space::LayoutInit::pca));
  run.step(120);
  CHECK(run.layout().allFinite());
  CHECK(std::isfinite(run.kl_divergence()));
}

TEST_CASE("t-SNE refuses options outside their ranges, naming the option and the range") {
  const Eigen::MatrixXf X = small_glove();
  const auto message = [&](void (*change)(TsneOptions&)) {
    TsneOptions o = quick(0, aw::space::LayoutInit::pca);
    change(o);
    try {
      TsneRun run(X, o);
    } catch (const aw::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // these two once ran and returned inf and NaN
  CHECK(message([](TsneOptions& o) { o.learning_rate = 1e200; }) ==
        "t-SNE's learning rate (0 picks it) must be from 1 to 100000; it is 1e+200");
  CHECK(message([](TsneOptions& o) { o.early_exaggeration = 1e-300; }) ==
        "t-SNE's early exaggeration must be from 1 to 100; it is 1e-300");
  CHECK(message([](TsneOptions& o) { o.perplexity = 0.5; }) == "t-SNE's perplexity must be from 1 to 100; it is 0.5");
  CHECK(message([](TsneOptions& o) { o.perplexity = std::nan(""); }) == "t-SNE's perplexity must be from 1 to 100; it is NaN");
  CHECK(message([](TsneOptions& o) { o.early_exaggeration = 101; }) == "t-SNE's early exaggeration must be from 1 to 100; it is 101");
  CHECK(message([](TsneOptions& o) { o.learning_rate = -1; }) ==
        "t-SNE's learning rate (0 picks it) must be from 1 to 100000; it is -1");
  CHECK(message([](TsneOptions& o) { o.learning_rate = INFINITY; }) ==
        "t-SNE's learning rate (0 picks it) must be from 1 to 100000; it is inf");
  CHECK(message([](TsneOptions& o) { o.theta = 1.5; }) == "t-SNE's θ (angle) must be from 0 to 1; it is 1.5");
  CHECK(message([](TsneOptions& o) { o.iterations = 10001; }) == "t-SNE's iterations must be from 0 to 10000; it is 10001");
  CHECK(message([](TsneOptions& o) { o.exaggeration_iterations = -1; }) ==
        "t-SNE's early exaggeration iterations must be from 0 to 10000; it is -1");
}

TEST_CASE("t-SNE at the ends of every option's range stays finite") {
  const Eigen::MatrixXf X = small_glove();  // 120 points: room for perplexity 100
  for (const double perplexity : {1.0, 100.0}) {
    for (const double learning_rate : {0.0, 1.0, 100000.0}) {
      for (const double exaggeration : {1.0, 100.0}) {
        for (const double theta : {0.0, 1.0}) {
          CAPTURE(perplexity);
          CAPTURE(learning_rate);
          CAPTURE(exaggeration);
          CAPTURE(theta);
          TsneOptions o = quick(1, aw::space::LayoutInit::random);
          o.iterations = 60;  // both stages, in half quick()'s time (θ = 0 is the exact O(N²) sum)
          o.exaggeration_iterations = 30;
          o.perplexity = perplexity;
          o.learning_rate = learning_rate;
          o.early_exaggeration = exaggeration;
          o.theta = theta;
          TsneRun run(X, o);
          run.step(o.iterations);
          CHECK(run.done());
          CHECK(run.layout().allFinite());
          CHECK(std::isfinite(run.kl_divergence()));
        }
      }
    }
  }
}

TEST_CASE("t-SNE names a huge or fractional perplexity as given, compared before any integer cast") {
  const Eigen::MatrixXf X = small_glove().topRows(10);
  TsneOptions o = quick(0, aw::space::LayoutInit::pca);
  o.perplexity = 1e30;  // was cast to int for the message: undefined behaviour, "-2147483648" natively
  CHECK_THROWS_WITH_AS(TsneRun(X, o), doctest::Contains("1e+30"), aw::InputError);
  o.perplexity = 10.5;  // was rounded up to 11 ("needs more than 11 points")
  CHECK_THROWS_WITH_AS(TsneRun(X, o),
                       "t-SNE with perplexity 10.5 needs more than 10.5 points (and at least 3); there are 10: lower the perplexity or add points",
                       aw::InputError);
}

TEST_CASE("t-SNE refuses bad input with a message a learner can read") {
  const Eigen::MatrixXf X = small_glove();
  TsneOptions o;
  o.perplexity = 30;
  CHECK_THROWS_WITH_AS(TsneRun(X.topRows(20), o),
                       "t-SNE with perplexity 30 needs more than 30 points (and at least 3); there are 20: lower the perplexity or add points",
                       std::invalid_argument);
  Eigen::MatrixXf bad = X;
  bad(3, 2) = std::nanf("");
  CHECK_THROWS_WITH_AS(TsneRun(bad, quick(0, aw::space::LayoutInit::pca)),
                       "t-SNE cannot place point 4: its vector has a NaN or infinite value", std::invalid_argument);
  TsneOptions four = quick(0, aw::space::LayoutInit::pca);
  four.out_dim = 4;
  CHECK_THROWS_WITH_AS(TsneRun(X, four), "t-SNE draws in 2 or 3 dimensions, not 4", std::invalid_argument);
  CHECK_THROWS_WITH_AS(TsneRun(Eigen::MatrixXf(0, 5), quick(0, aw::space::LayoutInit::pca)),
                       "t-SNE needs points: the table is empty", std::invalid_argument);
  TsneOptions negative = quick(0, aw::space::LayoutInit::pca);
  negative.perplexity = -1;
  CHECK_THROWS_AS(TsneRun(X, negative), std::invalid_argument);
  // one-dimensional vectors are fine: t-SNE spreads a line
  TsneRun line(X.leftCols(1), quick(0, aw::space::LayoutInit::pca));
  line.step(20);
  CHECK(line.layout().allFinite());
}
