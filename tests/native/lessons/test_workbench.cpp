#include <doctest/doctest.h>

#include <string>

#include "core/lessons/workbench.hpp"

TEST_CASE("the class example: shapes of every stage for 'Bank of the river', d_model = 8") {
  const aw::WorkbenchReport r = aw::run_workbench({});
  REQUIRE(r.tokens.size() == 4);
  CHECK(r.table.words.size() == 8);
  CHECK(r.notices.empty());
  CHECK(r.X.rows() == 4);
  CHECK(r.X.cols() == 8);
  CHECK(r.projected.attn_weights.rows() == 4);
  CHECK(r.projected.attn_weights.cols() == 4);
  CHECK(r.shapes.front().name == "X");
  CHECK(r.shapes.front().shape.row_axis == "tokens");
  for (long i = 0; i < 4; ++i) CHECK(std::abs(r.row_sums(i) - 1.0) < 1e-12);
}

TEST_CASE("the class example reproduces the values recorded in the notes") {
  const aw::WorkbenchReport r = aw::run_workbench({});
  // Class 05 notes: Y_literal[0][:3] = y1_manual[:3] = [0.3247, 0.5943, 0.2543]
  CHECK(std::abs(r.projected.Y_literal(0, 0) - 0.3247) < 5e-5);
  CHECK(std::abs(r.projected.Y_literal(0, 1) - 0.5943) < 5e-5);
  CHECK(std::abs(r.projected.Y_literal(0, 2) - 0.2543) < 5e-5);
}

TEST_CASE("the same word gets the same row of the table wherever it appears") {
  aw::WorkbenchOptions options;
  options.sentence = "the bank of the river";
  const aw::WorkbenchReport r = aw::run_workbench(options);
  CHECK((r.X.row(0) - r.X.row(3)).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("words outside the course vocabulary are drawn after it and reported") {
  aw::WorkbenchOptions options;
  options.sentence = "The cat sat by the river bank";
  const aw::WorkbenchReport r = aw::run_workbench(options);
  CHECK(r.table.added == std::vector<std::string>{"cat", "sat", "by"});
  REQUIRE(r.notices.size() == 1);
  CHECK(r.notices[0].find("\"cat\", \"sat\", \"by\"") != std::string::npos);
  // The course words keep the vectors they have in the class example.
  const aw::WorkbenchReport base = aw::run_workbench({});
  CHECK((r.X.row(5) - base.X.row(3)).cwiseAbs().maxCoeff() == 0.0);  // "river"
}

TEST_CASE("independent widths and the PyTorch source") {
  aw::WorkbenchOptions options;
  options.d_model = 16;
  options.d_k = 4;
  options.d_v = 6;
  const aw::WorkbenchReport r = aw::run_workbench(options);
  CHECK(r.W_q.rows() == 16);
  CHECK(r.W_q.cols() == 4);
  CHECK(r.projected.Y.cols() == 6);
  options.source = aw::Source::TorchNotebook;
  const aw::WorkbenchReport t = aw::run_workbench(options);
  CHECK(t.projected.Y.cols() == 6);
  for (long i = 0; i < 4; ++i) CHECK(std::abs(t.row_sums(i) - 1.0) < 1e-6);
}

TEST_CASE("bad input gets a message for the learner") {
  aw::WorkbenchOptions options;
  options.sentence = "";
  CHECK_THROWS_WITH_AS(aw::run_workbench(options),
                       "Type a sentence: attention needs at least one token.", aw::InputError);
  options.sentence = "?!?! ...";
  CHECK_THROWS_WITH(aw::run_workbench(options),
                    doctest::Contains("No words found: the text has only punctuation"));
  options.sentence = "bank";
  options.d_model = 0;
  CHECK_THROWS_WITH(aw::run_workbench(options), "d_model must be between 1 and 1024 (got 0)");
}

TEST_CASE("one token and 2,000 tokens both give finite results") {
  aw::WorkbenchOptions options;
  options.sentence = "bank";
  const aw::WorkbenchReport one = aw::run_workbench(options);
  CHECK(one.projected.attn_weights(0, 0) == 1.0);
  std::string many;
  for (int i = 0; i < 2000; ++i) many += (i % 2 ? "river " : "bank ");
  options.sentence = many;
  options.max_tokens = 2048;
  const aw::WorkbenchReport big = aw::run_workbench(options);
  CHECK(big.X.rows() == 2000);
  CHECK(big.projected.Y.allFinite());
  options.max_tokens = 64;
  const aw::WorkbenchReport capped = aw::run_workbench(options);
  CHECK(capped.X.rows() == 64);
  CHECK(capped.notices.back().find("only the first 64") != std::string::npos);
}
