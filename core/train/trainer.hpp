// A training run of the block on the sense task: the configuration, the examples as word ids,
// the parameters and optimizer, the batch order, and the counts (steps, epochs, batches).
//
// Batches: at the start of every epoch the training examples are reordered with NumPy's
//   rng = np.random.default_rng(seed)          # one generator for the whole run
//   order = np.argsort(rng.random(n), kind="stable")   # per epoch, in turn
// and cut into consecutive batches of batch_size (the last one may be smaller). Every batch
// used so far is also kept (batch_order), so an export can replay it without the rule.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/rng/numpy_generator.hpp"
#include "core/train/model.hpp"
#include "core/train/optimizer.hpp"
#include "core/train/task_data.hpp"

namespace aw::train {

struct TrainerConfig {
  bool glove_inputs = false;          // false: the random table drawn from the seed
  bool trainable_embeddings = false;
  int d_model = 16;                   // ignored with GloVe (its width)
  int d_k = 8;
  std::uint64_t seed = 0;
  OptimizerKind optimizer = OptimizerKind::Sgd;
  double learning_rate = 0.1;
  int batch_size = 8;
  bool eight_sentences = false;       // train on the first eight training examples only
  // With glove_inputs: one row per word of task_data().vocabulary, in that order.
  MatD glove_rows;
};

struct Counts {
  int examples = 0, batches_per_epoch = 0;
  long step = 0;
  int epoch = 0, batch_in_epoch = 0;
};

// One ambiguous word's held-out sentences: how many, how many predicted right, and the
// word-identity baseline on them (answer the word's more frequent sense among the sentences
// trained on, reading no context; when its senses tie there, the mean over the tied senses:
// the expected score of picking one of them).
struct WordAccuracy {
  std::string word;
  int sentences = 0;
  int correct = 0;
  double accuracy = 0;  // correct / sentences
  double baseline = 0;  // the word-identity baseline on these sentences
};

struct Evaluation {
  double train_loss = 0, train_accuracy = 0, validation_loss = 0, validation_accuracy = 0;
  // validation accuracy per ambiguous word (first appearance in the validation set), and the
  // word-identity baseline over all validation sentences
  std::vector<WordAccuracy> validation_words;
  double word_identity_baseline = 0;
};

struct StepResult {
  double loss = 0;       // the batch's mean loss before the update
  bool diverged = false;
  std::string message;   // why the step was refused
  std::vector<int> batch;  // example indices of the batch
  BatchResult detail;    // gradients of this batch (parameters and the first sentence's stages)
};

struct EpochResult {
  Evaluation evaluation;  // on the whole training and validation sets after the epoch
  double mean_batch_loss = 0;
  bool diverged = false;
  std::string message;
};

class Trainer {
 public:
  explicit Trainer(TrainerConfig config, const TaskData& data = task_data());

  StepResult step();
  EpochResult run_epoch();  // the rest of the current epoch (all of it at a boundary)
  Evaluation evaluate() const;

  Counts counts() const;
  const TrainerConfig& config() const { return config_; }
  const Parameters& parameters() const { return params_; }
  const Parameters& initial_parameters() const { return initial_; }
  const std::vector<Example>& train_examples() const { return train_; }
  const std::vector<Example>& validation_examples() const { return validation_; }
  const std::vector<std::string>& classes() const { return data_.classes; }
  const std::vector<std::string>& vocabulary() const { return data_.vocabulary; }
  const std::vector<std::vector<int>>& batch_order() const { return batches_; }
  Forward forward_example(int index, bool validation) const;
  bool diverged() const { return diverged_; }

  static constexpr double kDivergedLoss = 100.0;  // nats: a probability below e^-100 for the right class

 private:
  Sentence sentence(const Example& e) const;
  void start_epoch();
  std::optional<std::string> refusal(double loss, const BatchResult& batch) const;

  TrainerConfig config_;
  const TaskData& data_;
  std::vector<Example> train_, validation_;
  std::unordered_map<std::string, int> word_ids_;
  std::vector<Sentence> train_sentences_, validation_sentences_;
  Parameters params_, initial_;
  Optimizer optimizer_;
  rng::NumpyGenerator shuffle_;
  std::vector<int> epoch_order_;
  std::vector<std::vector<int>> batches_;
  long step_ = 0;
  int epoch_ = 0, batch_in_epoch_ = 0;
  bool diverged_ = false;
  std::string diverged_message_;
};

// Accuracy per ambiguous word of `held_out` (right[i]: sentence i predicted right), with each
// word's word-identity baseline counted from the senses of `trained_on`.
std::vector<WordAccuracy> word_accuracy(const std::vector<Example>& trained_on, const std::vector<Example>& held_out,
                                        const std::vector<bool>& right);

// Order of one epoch: stable argsort of n draws of rng.random().
std::vector<int> epoch_order(rng::NumpyGenerator& rng, int n);

}  // namespace aw::train
