// The training run's bookkeeping: counts, epochs, divergence, inference that changes nothing,
// determinism, and the optimizers' first steps.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "core/train/trainer.hpp"

using namespace aw;
using namespace aw::train;

namespace {

TrainerConfig small(OptimizerKind kind = OptimizerKind::Sgd, double lr = 0.5) {
  TrainerConfig c;
  c.d_model = 8;
  c.d_k = 4;
  c.seed = 4;
  c.optimizer = kind;
  c.learning_rate = lr;
  c.batch_size = 8;
  return c;
}

bool same(const Parameters& a, const Parameters& b) {
  return a.E == b.E && a.W_q == b.W_q && a.W_k == b.W_k && a.W_v == b.W_v && a.W_head == b.W_head && a.b_head == b.b_head;
}

}  // namespace

TEST_CASE("counts: ten batches of a ten-batch set are ten steps and one epoch") {
  Trainer t(small());
  CHECK(t.counts().examples == 80);
  CHECK(t.counts().batches_per_epoch == 10);
  for (int i = 0; i < 9; ++i) t.step();
  CHECK(t.counts().epoch == 0);
  CHECK(t.counts().batch_in_epoch == 9);
  t.step();
  CHECK(t.counts().step == 10);
  CHECK(t.counts().epoch == 1);
  CHECK(t.counts().batch_in_epoch == 0);
  // Every example once per epoch, in a shuffled order.
  std::vector<int> seen;
  for (const auto& b : t.batch_order()) seen.insert(seen.end(), b.begin(), b.end());
  std::vector<int> sorted = seen;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> all(80);
  std::iota(all.begin(), all.end(), 0);
  CHECK(sorted == all);
  CHECK(seen != all);
}

TEST_CASE("a batch size that does not divide the set leaves a smaller last batch") {
  TrainerConfig c = small();
  c.batch_size = 30;
  Trainer t(c);
  CHECK(t.counts().batches_per_epoch == 3);
  const EpochResult r = t.run_epoch();
  CHECK_FALSE(r.diverged);
  CHECK(t.batch_order()[2].size() == 20);
  CHECK(t.counts().step == 3);
}

TEST_CASE("run_epoch finishes the current epoch and evaluates both sets") {
  Trainer t(small());
  t.step();
  const EpochResult r = t.run_epoch();
  CHECK(t.counts().epoch == 1);
  CHECK(t.counts().step == 10);
  CHECK(r.evaluation.train_loss > 0);
  CHECK(r.evaluation.validation_accuracy >= 0);
  CHECK(r.evaluation.validation_accuracy <= 1);
}

TEST_CASE("evaluation and attention are inference: they change no weight and no count") {
  Trainer t(small());
  t.run_epoch();
  const Parameters before = t.parameters();
  const Counts counts = t.counts();
  const Evaluation e1 = t.evaluate();
  t.forward_example(3, true);
  const Evaluation e2 = t.evaluate();
  CHECK(same(before, t.parameters()));
  CHECK(e1.validation_loss == e2.validation_loss);
  CHECK(t.counts().step == counts.step);
}

TEST_CASE("training lowers the loss, the same configuration gives the same run") {
  Trainer a(small(OptimizerKind::Adam, 0.01)), b(small(OptimizerKind::Adam, 0.01));
  const double start = a.evaluate().train_loss;
  for (int e = 0; e < 5; ++e) {
    a.run_epoch();
    b.run_epoch();
  }
  CHECK(a.evaluate().train_loss < start - 0.3);
  CHECK(same(a.parameters(), b.parameters()));
  CHECK(a.batch_order() == b.batch_order());
  CHECK(same(a.initial_parameters(), Trainer(small(OptimizerKind::Adam, 0.01)).parameters()));
}

TEST_CASE("divergence: a huge learning rate is stopped with a message and finite weights") {
  Trainer t(small(OptimizerKind::Sgd, 1e6));
  StepResult r;
  int steps = 0;
  do {
    r = t.step();
    ++steps;
  } while (!r.diverged && steps < 20);
  REQUIRE(r.diverged);
  CHECK(r.message.find("diverged") != std::string::npos);
  CHECK(all_finite(t.parameters()));
  const Parameters kept = t.parameters();
  const long step = t.counts().step;
  CHECK(t.step().diverged);  // refused again, nothing changes
  CHECK(same(kept, t.parameters()));
  CHECK(t.counts().step == step);
  const EpochResult e = t.run_epoch();
  CHECK(e.diverged);
  CHECK(std::isfinite(e.evaluation.train_loss));
}

TEST_CASE("the eight-sentence set: one batch of eight learns it by heart while validation loss rises") {
  TrainerConfig c = small(OptimizerKind::Adam, 0.05);
  c.eight_sentences = true;
  c.trainable_embeddings = true;
  Trainer t(c);
  CHECK(t.counts().examples == 8);
  CHECK(t.counts().batches_per_epoch == 1);
  double lowest_validation = t.evaluate().validation_loss;
  for (int e = 0; e < 200; ++e) lowest_validation = std::min(lowest_validation, t.run_epoch().evaluation.validation_loss);
  const Evaluation end = t.evaluate();
  CHECK(end.train_accuracy == 1.0);
  CHECK(end.train_loss < 0.05);
  CHECK(end.validation_loss > lowest_validation);
}

TEST_CASE("optimizers: SGD is w - lr g, Adam's first step moves every weight by about lr") {
  Parameters p;
  p.W_q = MatD::Constant(2, 2, 1.0);
  p.W_k = p.W_v = p.W_head = p.b_head = MatD::Zero(1, 1);
  Gradients g = zeros_like(p);
  g.W_q << 0.5, -2.0, 1e-3, 0.0;
  Parameters s = p;
  Optimizer(OptimizerKind::Sgd, 0.1, p).apply(s, g, false);
  CHECK(s.W_q(0, 1) == doctest::Approx(1.2));
  Parameters a = p;
  Optimizer adam(OptimizerKind::Adam, 0.1, p);
  adam.apply(a, g, false);
  CHECK(a.W_q(0, 0) == doctest::Approx(0.9).epsilon(1e-6));
  CHECK(a.W_q(0, 1) == doctest::Approx(1.1).epsilon(1e-6));
  CHECK(a.W_q(1, 1) == 1.0);  // no gradient, no move
}

TEST_CASE("Adam on E: a row that never had a gradient is left as it is, one that had keeps moving, as the whole-table update") {
  // E is updated row by row, only where it can change (Optimizer::embedding_rows); W_q takes the
  // same numbers through the whole-matrix update: the two must stay equal to the bit.
  Parameters p;
  p.E = MatD::Constant(3, 2, 1.0);
  p.W_q = p.E;
  p.W_k = p.W_v = p.W_head = p.b_head = MatD::Zero(1, 1);
  Optimizer adam(OptimizerKind::Adam, 0.1, p);
  Gradients g = zeros_like(p);
  g.E.row(0) << 0.5, -0.25;
  g.W_q = g.E;
  CHECK(adam.embedding_rows(g.E) == std::vector<int>{0});
  adam.apply(p, g, true);
  g.E.setZero();  // the word leaves the batches
  g.W_q = g.E;
  CHECK(adam.embedding_rows(g.E) == std::vector<int>{0});  // its moments still move it
  const MatD after_first = p.E;
  adam.apply(p, g, true);
  CHECK(p.E(0, 0) != after_first(0, 0));
  CHECK(p.E.row(1) == MatD::Constant(1, 2, 1.0));
  CHECK(p.E.row(2) == MatD::Constant(1, 2, 1.0));
  CHECK(p.E == p.W_q);  // the same bits as the whole-matrix update
  Optimizer sgd(OptimizerKind::Sgd, 0.1, p);
  CHECK(sgd.embedding_rows(g.E).empty());  // SGD: only the rows with a gradient now
}

TEST_CASE("E's rows found from a batch's ids equal those found by reading the whole gradient, for SGD and Adam") {
  // A step reads only the rows its batch used (BatchResult::embedding_ids): the answer must be
  // the one a scan of every row gives, step after step, as words enter and leave the batches.
  for (const OptimizerKind kind : {OptimizerKind::Sgd, OptimizerKind::Adam}) {
    Parameters p;
    p.E = MatD::Zero(6, 2);
    p.W_q = p.W_k = p.W_v = p.W_head = p.b_head = MatD::Zero(1, 1);
    Optimizer by_ids(kind, 0.1, p), by_scan(kind, 0.1, p);
    const std::vector<std::vector<int>> batches = {{1, 4}, {4}, {0, 2, 5}, {}, {3}};
    for (const std::vector<int>& ids : batches) {
      Gradients g = zeros_like(p);
      for (const int r : ids) g.E.row(r) << 0.5, -0.5;
      CHECK(by_ids.embedding_rows(g.E, ids) == by_scan.embedding_rows(g.E));
    }
  }
}

TEST_CASE("a batch's gradient is checked for finite numbers in the rows it used") {
  Parameters p;
  p.E = MatD::Zero(4, 2);
  p.W_q = p.W_k = p.W_v = p.W_head = p.b_head = MatD::Zero(1, 1);
  Gradients g = zeros_like(p);
  CHECK(all_finite(g, {1, 2}));
  g.E(2, 1) = NAN;
  CHECK_FALSE(all_finite(g, {1, 2}));
  g.E(2, 1) = 0;
  g.W_v(0, 0) = INFINITY;
  CHECK_FALSE(all_finite(g, {1, 2}));
}

TEST_CASE("bad configurations are refused with a message") {
  TrainerConfig c = small();
  c.learning_rate = -1;
  CHECK_THROWS_AS(Trainer{c}, InputError);
  c = small();
  c.glove_inputs = true;  // without rows
  CHECK_THROWS_AS(Trainer{c}, InputError);
}

TEST_CASE("accuracy per word: each word's held-out sentences right, beside its word-identity baseline") {
  const auto example = [](std::string word, int label) {
    Example e;
    e.word = std::move(word);
    e.label = label;
    return e;
  };
  // bank: sense 0 more frequent in training; plant: its senses tie; cell: never trained on
  const std::vector<Example> trained_on = {example("bank", 0), example("bank", 0), example("bank", 1), example("plant", 2), example("plant", 3)};
  const std::vector<Example> held_out = {example("bank", 0), example("plant", 2), example("bank", 1), example("plant", 3), example("cell", 6)};
  const std::vector<WordAccuracy> words = word_accuracy(trained_on, held_out, {true, true, false, true, false});
  REQUIRE(words.size() == 3);
  CHECK(words[0].word == "bank");
  CHECK(words[0].sentences == 2);
  CHECK(words[0].correct == 1);
  CHECK(words[0].accuracy == 0.5);
  CHECK(words[0].baseline == 0.5);  // the frequent sense is right for one of the two
  CHECK(words[1].word == "plant");
  CHECK(words[1].accuracy == 1.0);
  CHECK(words[1].baseline == 0.5);  // a tie: half of each sentence
  CHECK(words[2].word == "cell");
  CHECK(words[2].correct == 0);
  CHECK(words[2].baseline == 0.0);  // no training sentence to take a sense from
  CHECK_THROWS_AS(word_accuracy(trained_on, held_out, {true}), InputError);
}

TEST_CASE("the evaluation's words add up to its validation accuracy, and the task's baseline is one half") {
  for (const bool eight : {false, true}) {
    TrainerConfig c = small(OptimizerKind::Adam, 0.01);
    c.eight_sentences = eight;
    Trainer t(c);
    t.run_epoch();
    const Evaluation e = t.evaluate();
    REQUIRE(e.validation_words.size() == 4);
    int sentences = 0, correct = 0;
    std::vector<std::string> words;
    for (const auto& w : e.validation_words) {
      sentences += w.sentences;
      correct += w.correct;
      words.push_back(w.word);
      CHECK(w.sentences == 8);
      CHECK(w.accuracy == doctest::Approx(static_cast<double>(w.correct) / 8));
      CHECK(w.baseline == 0.5);  // both senses equally often in training (ten each, or one each of the eight)
    }
    std::sort(words.begin(), words.end());
    CHECK(words == std::vector<std::string>{"bank", "bat", "cell", "plant"});
    CHECK(sentences == 32);
    CHECK(static_cast<double>(correct) / 32 == doctest::Approx(e.validation_accuracy));
    CHECK(e.word_identity_baseline == 0.5);
  }
}
