// Training runs against PyTorch autograd in float64 (tests/fixtures/torch_training.json, from
// scripts/make_training_golden.py with Debian's torch): the same initial weights and batches,
// step 1's gradients within 1e-5, every step's loss, and the weights after 50 SGD and 50 Adam
// steps within 1e-4.
#include <doctest/doctest.h>

#include "core/train/trainer.hpp"
#include "tests/native/golden.hpp"
#include "tests/native/train/glove_rows.hpp"

using namespace aw;
using namespace aw::train;

namespace {

TrainerConfig config_of(const nlohmann::json& c) {
  TrainerConfig config;
  config.glove_inputs = c["inputs"] == "glove";
  config.trainable_embeddings = c["trainableEmbeddings"];
  config.d_model = c["dModel"];
  config.d_k = c["dK"];
  config.seed = c["seed"];
  config.optimizer = c["optimizer"] == "adam" ? OptimizerKind::Adam : OptimizerKind::Sgd;
  config.learning_rate = c["learningRate"];
  config.batch_size = c["batchSize"];
  config.eight_sentences = c["trainSet"] == "eight";
  if (config.glove_inputs) config.glove_rows = test_glove::task_rows(std::string(AW_TEST_DATA_DIR) + "/../public/data");
  return config;
}

double diff(const MatD& ours, const nlohmann::json& theirs) { return golden::max_abs_diff(ours, golden::matrix(theirs)); }

void check_parameters(const Parameters& p, const nlohmann::json& expected, double tolerance) {
  CHECK(diff(p.W_q, expected["W_q"]) <= tolerance);
  CHECK(diff(p.W_k, expected["W_k"]) <= tolerance);
  CHECK(diff(p.W_v, expected["W_v"]) <= tolerance);
  CHECK(diff(p.W_head, expected["W_head"]) <= tolerance);
  CHECK(diff(p.b_head, expected["b_head"]) <= tolerance);
  if (expected.contains("E")) CHECK(diff(p.E, expected["E"]) <= tolerance);
  if (expected.contains("E_first_rows")) CHECK(diff(p.E.topRows(40), expected["E_first_rows"]) <= tolerance);
}

}  // namespace

TEST_CASE("training golden: initial weights, batches, gradients, losses and weights match PyTorch") {
  const nlohmann::json fixture = golden::load("torch_training");
  REQUIRE(fixture["cases"].size() == 4);
  for (const auto& c : fixture["cases"]) {
    const std::string name = c["config"]["name"];
    INFO(name);
    Trainer trainer(config_of(c["config"]));
    check_parameters(trainer.parameters(), c["initial"], 0.0);  // the same float32 draws, exactly
    const int steps = c["steps"];
    double worst_loss = 0;
    for (int s = 0; s < steps; ++s) {
      const StepResult r = trainer.step();
      REQUIRE_FALSE(r.diverged);
      CHECK(r.batch == c["batches"][s].get<std::vector<int>>());
      worst_loss = std::max(worst_loss, std::abs(r.loss - c["losses"][s].get<double>()));
      if (s == 0) {
        const auto& g = c["gradients_step1"];
        const Gradients& ours = r.detail.gradients;
        CHECK(diff(ours.W_q, g["W_q"]) < 1e-5);
        CHECK(diff(ours.W_k, g["W_k"]) < 1e-5);
        CHECK(diff(ours.W_v, g["W_v"]) < 1e-5);
        CHECK(diff(ours.W_head, g["W_head"]) < 1e-5);
        CHECK(diff(ours.b_head, g["b_head"]) < 1e-5);
        if (g.contains("E_first_rows")) CHECK(diff(ours.E.topRows(40), g["E_first_rows"]) < 1e-5);
        // Much closer in fact: both are float64 with the same formulas.
        CHECK(diff(ours.W_q, g["W_q"]) < 1e-12);
      }
    }
    CHECK(worst_loss < 1e-9);
    check_parameters(trainer.parameters(), c["final"], 1e-4);
    check_parameters(trainer.parameters(), c["final"], 1e-9);  // the margin is large
  }
}
