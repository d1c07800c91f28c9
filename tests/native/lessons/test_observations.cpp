// The four whiteboard observations (core/lessons/observations.hpp) and the workbench with
// positional encoding they switch on, against NumPy.
#include <doctest/doctest.h>

#include <cmath>

#include "core/lessons/observations.hpp"
#include "core/math/positional.hpp"
#include "tests/native/golden.hpp"

TEST_CASE("the workbench with positional encoding: X = table rows + PE, attention as NumPy") {
  const auto g = golden::load("numpy_positional");
  aw::WorkbenchOptions w;
  w.positional = true;
  const aw::WorkbenchReport r = aw::run_workbench(w);
  CHECK_CLOSE("X_embed", r.X_embed, g["X"], 0.0);
  CHECK_CLOSE("PE", r.PE, g["PE"], 1e-15);
  CHECK_CLOSE("X + PE", r.X, g["X_plus_PE"], 1e-15);
  CHECK_CLOSE("S", r.param_free.scores, g["param_free_pe"]["S"], 1e-12);
  CHECK_CLOSE("A", r.param_free.attn_weights, g["param_free_pe"]["A"], 1e-12);
  CHECK_CLOSE("Y", r.param_free.Y, g["param_free_pe"]["Y"], 1e-12);
  CHECK_CLOSE("scores", r.projected.scores, g["projected_pe"]["scores"], 1e-12);
  CHECK_CLOSE("attn_weights", r.projected.attn_weights, g["projected_pe"]["A"], 1e-12);
  CHECK_CLOSE("Y (projected)", r.projected.Y, g["projected_pe"]["Y"], 1e-12);
  // Off by default: X is the table rows exactly and PE is empty.
  const aw::WorkbenchReport plain = aw::run_workbench({});
  CHECK(plain.PE.size() == 0);
  CHECK((plain.X - plain.X_embed).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("observation (a): shuffling permutes the outputs, until PE is on (NumPy reference)") {
  const auto g = golden::load("numpy_positional");
  const std::vector<long> perm = {2, 0, 3, 1};
  const aw::ShuffleReport off = aw::shuffle_experiment({}, aw::FlowForm::ParamFree, perm, 0);
  CHECK(off.permutation == perm);
  CHECK(off.shuffled_tokens[0].text == "the");
  CHECK(off.max_deviation < 1e-12);
  CHECK(off.equivariant);
  CHECK(std::abs(off.max_deviation_with_pe - g["shuffle"]["max_deviation_with_pe"].get<double>()) < 1e-12);
  aw::WorkbenchOptions w;
  w.positional = true;
  const aw::ShuffleReport on = aw::shuffle_experiment(w, aw::FlowForm::ParamFree, perm, 0);
  CHECK(on.max_deviation > 0.1);
  CHECK(!on.equivariant);
  CHECK(on.max_deviation == on.max_deviation_with_pe);
  CHECK(on.max_deviation_without_pe < 1e-12);
  // The projected form too, and the causal mask also breaks it.
  CHECK(aw::shuffle_experiment({}, aw::FlowForm::Projected, perm, 0).equivariant);
  w.positional = false;
  w.causal = true;
  CHECK(!aw::shuffle_experiment(w, aw::FlowForm::Projected, perm, 0).equivariant);
}

TEST_CASE("observation (a): seeded shuffles are permutations and never the identity") {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    for (long n : {2L, 3L, 7L}) {
      std::vector<long> p = aw::seeded_permutation(n, seed);
      std::vector<long> sorted = p;
      std::sort(sorted.begin(), sorted.end());
      for (long k = 0; k < n; ++k) CHECK(sorted[static_cast<std::size_t>(k)] == k);
      bool identity = true;
      for (long k = 0; k < n; ++k) identity = identity && p[static_cast<std::size_t>(k)] == k;
      CHECK(!identity);
    }
  }
  CHECK(aw::seeded_permutation(5, 7) == aw::seeded_permutation(5, 7));
  CHECK_THROWS_AS(aw::shuffle_experiment({}, aw::FlowForm::ParamFree, {0, 1, 1, 2}, 0), aw::InputError);
}

TEST_CASE("observation (b): the score between two tokens ignores their distance, until PE or a mask") {
  const aw::DistanceReport free = aw::distance_experiment({}, aw::FlowForm::ParamFree, 0, 3);
  REQUIRE(free.points.size() == 4);
  CHECK(free.distance_free);
  CHECK(free.raw_score_spread < 1e-12);
  CHECK(free.points[0].distance == -1);  // river moved in front of bank
  CHECK(free.points[3].distance == 3);
  CHECK(aw::distance_experiment({}, aw::FlowForm::Projected, 0, 3).distance_free);
  aw::WorkbenchOptions w;
  w.positional = true;
  const aw::DistanceReport pe = aw::distance_experiment(w, aw::FlowForm::ParamFree, 0, 3);
  CHECK(!pe.distance_free);
  CHECK(pe.raw_score_spread > 0.01);
  CHECK(pe.scores_move);
  CHECK(!free.scores_move);
  w.positional = false;
  w.window = 1;
  const aw::DistanceReport win = aw::distance_experiment(w, aw::FlowForm::ParamFree, 0, 3);
  CHECK(!win.distance_free);
  CHECK(win.raw_score_spread < 1e-12);  // the score is unchanged; the mask hides it
  CHECK(!win.scores_move);
  CHECK(win.masked_count == 2);
  CHECK(win.points[3].weight == 0.0);
  w.window = -1;
  w.causal = true;
  const aw::DistanceReport causal = aw::distance_experiment(w, aw::FlowForm::Projected, 1, 2);
  CHECK(!causal.distance_free);
  CHECK(causal.masked_count > 0);
  CHECK_THROWS_AS(aw::distance_experiment({}, aw::FlowForm::ParamFree, 1, 1), aw::InputError);
}

TEST_CASE("observation (c): every length works with the same parameters") {
  aw::WorkbenchOptions w;
  w.sentence = "Noa can be annoying, but she is a great cat";
  const aw::LengthReport r = aw::length_experiment(w, aw::FlowForm::Projected);
  REQUIRE(r.points.size() == 10);
  for (const auto& p : r.points) {
    CHECK(p.scores.rows == p.tokens);
    CHECK(p.scores.cols == p.tokens);
    CHECK(p.Y.rows == p.tokens);
    CHECK(p.Y.cols == 8);
    CHECK(p.max_row_sum_error < 1e-12);
  }
  CHECK(r.parameter_count == 3 * 64);
  CHECK(aw::length_experiment(w, aw::FlowForm::ParamFree).parameter_count == 0);
}

TEST_CASE("observation (d): which matrices are parameters, and none was trained") {
  const aw::TrainingReport pf = aw::training_report({}, aw::FlowForm::ParamFree);
  CHECK(pf.parameter_count == 0);
  CHECK(pf.trained_count == 0);
  CHECK(pf.gradient_steps == 0);
  const aw::TrainingReport qkv = aw::training_report({}, aw::FlowForm::Projected);
  CHECK(qkv.parameter_count == 3 * 64);
  long parameters = 0;
  for (const auto& m : qkv.matrices) {
    CHECK(!m.trained);
    if (m.is_parameter) {
      ++parameters;
      CHECK(m.name.rfind("W_", 0) == 0);
    }
    if (m.name == "A") CHECK(m.role == "computed");
  }
  CHECK(parameters == 3);
  aw::WorkbenchOptions torch;
  torch.source = aw::Source::TorchNotebook;
  torch.positional = true;
  const aw::TrainingReport t = aw::training_report(torch, aw::FlowForm::ParamFree);
  CHECK(t.parameter_count == 64);  // nn.Embedding(8, 8) is a parameter, untrained
  CHECK(t.matrices[2].name == "PE");
  CHECK(t.matrices[2].role == "fixed formula");
}


TEST_CASE("observation (d): the embedding table's row says what the table is, for each source") {
  const auto table_row = [](const aw::WorkbenchOptions& o) {
    const aw::TrainingReport t = aw::training_report(o, aw::FlowForm::ParamFree);
    REQUIRE(t.matrices[0].name.find("embedding") == 0);
    return t.matrices[0];
  };
  aw::WorkbenchOptions o;
  CHECK(table_row(o).origin.find("np.random.default_rng(seed).normal") == 0);
  o.source = aw::Source::OneHot;
  const aw::MatrixRole onehot = table_row(o);
  CHECK(onehot.origin.find("one-hot rows") == 0);
  CHECK(onehot.origin.find("random") == std::string::npos);
  CHECK(onehot.origin.find("NumPy") == std::string::npos);
  CHECK(onehot.shape.rows == onehot.shape.cols);  // one axis per vocabulary word

  // A pretrained table: the page hands in the sentence's rows and says how big the whole is.
  auto glove = std::make_shared<aw::PretrainedTable>();
  glove->name = "GloVe subset";
  glove->words = {"bank", "of", "the", "river"};
  glove->vectors = aw::MatD::Random(4, 5);
  glove->total_words = 20001;
  glove->known_trained = true;
  o.source = aw::Source::Pretrained;
  o.pretrained = glove;
  const aw::MatrixRole g = table_row(o);
  CHECK(g.shape.rows == 20001);  // the whole table, not the 4 rows looked up
  CHECK(g.shape.cols == 5);
  CHECK(g.origin.find("GloVe subset: pretrained rows, trained elsewhere") == 0);
  CHECK(g.origin.find("default_rng") == std::string::npos);

  auto file = std::make_shared<aw::PretrainedTable>(*glove);
  file->name = "your file vectors.txt";
  file->total_words = 7;
  file->known_trained = false;
  o.pretrained = file;
  o.sentence = "bank of the zebra";  // "zebra" is missing: with zero rows it adds one row
  const aw::MatrixRole f = table_row(o);
  CHECK(f.shape.rows == 8);
  CHECK(f.origin.find("cannot tell how they were made") != std::string::npos);
  CHECK(f.origin.find("trained elsewhere") == std::string::npos);
  CHECK(f.origin.find("missing words get rows of zeros") != std::string::npos);
}

TEST_CASE("one row of attention (run_form_row) equals that row of the whole run, in both forms") {
  for (const bool positional : {false, true}) {
    for (const int window : {-1, 2}) {
      aw::WorkbenchOptions w;
      w.sentence = "Noa can be annoying, but she is a great cat";
      w.positional = positional;
      w.window = window;
      w.causal = window < 0;
      w.free_scale = true;
      const aw::WorkbenchReport report = aw::run_workbench(w);
      const aw::AttentionOptions attention{w.scale, w.causal, w.window};
      for (const aw::FlowForm form : {aw::FlowForm::ParamFree, aw::FlowForm::Projected}) {
        const aw::FormRun whole = aw::run_form(report.X, report, form, attention);
        for (long i = 0; i < report.X.rows(); ++i) {
          const aw::FormRow row = aw::run_form_row(report.X, report, form, attention, i);
          const double largest = whole.raw_scores.cwiseAbs().maxCoeff();
          CHECK((row.raw_scores - whole.raw_scores.row(i)).cwiseAbs().maxCoeff() <= 1e-14 * largest);
          CHECK((row.attn_weights - whole.attn_weights.row(i)).cwiseAbs().maxCoeff() <= 1e-13);
        }
      }
    }
  }
}

TEST_CASE("observation (c) reads each length from the whole sentence's scores: a prefix's scores are their top-left block") {
  // what length_experiment relies on: the first L tokens' input is the first L rows of X (with PE
  // too), so their scaled, masked scores are the block, and the weights are its row softmax
  aw::WorkbenchOptions w;
  w.sentence = "Noa can be annoying, but she is a great cat";
  w.positional = true;
  w.causal = true;
  w.window = 3;
  const aw::WorkbenchReport report = aw::run_workbench(w);
  const aw::AttentionOptions attention{w.scale, w.causal, w.window};
  const long n = report.X.rows(), d = report.X.cols();
  const aw::FormRun whole = aw::run_form(report.X, report, aw::FlowForm::Projected, attention);
  const aw::LengthReport lengths = aw::length_experiment(report, w, aw::FlowForm::Projected);
  for (long length = 1; length <= n; ++length) {
    const aw::MatD prefix = report.X_embed.topRows(length) + aw::sinusoidal_positional_encoding(length, d);
    CHECK((prefix - report.X.topRows(length)).cwiseAbs().maxCoeff() == 0.0);
    const aw::FormRun alone = aw::run_form(prefix, report, aw::FlowForm::Projected, attention);
    const aw::MatD block = whole.scores.topLeftCorner(length, length);
    for (long i = 0; i < length; ++i) {
      for (long j = 0; j < length; ++j) {
        if (std::isinf(block(i, j))) CHECK(alone.scores(i, j) == block(i, j));  // masked in both
        else CHECK(std::abs(alone.scores(i, j) - block(i, j)) <= 1e-13);
      }
    }
    const double alone_error = (alone.attn_weights.rowwise().sum().array() - 1.0).abs().maxCoeff();
    CHECK(lengths.points[static_cast<std::size_t>(length - 1)].max_row_sum_error < 1e-12);
    CHECK(alone_error < 1e-12);
  }
}
