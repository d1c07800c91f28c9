#include "core/train/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <unordered_map>

namespace aw::train {
namespace {

void check(const TrainerConfig& c, int vocabulary) {
  if (!c.glove_inputs && (c.d_model < 1 || c.d_model > 512)) throw InputError("d_model must be between 1 and 512");
  if (c.d_k < 1 || c.d_k > 512) throw InputError("d_k must be between 1 and 512");
  if (c.batch_size < 1) throw InputError("the batch size must be at least 1");
  if (!std::isfinite(c.learning_rate) || c.learning_rate <= 0) throw InputError("the learning rate must be a positive number");
  if (c.glove_inputs && (c.glove_rows.rows() != vocabulary || c.glove_rows.cols() < 1)) {
    throw InputError("the GloVe rows must hold one vector per task word (" + std::to_string(vocabulary) + ")");
  }
  if (c.glove_inputs && !c.glove_rows.allFinite()) throw InputError("the GloVe rows contain NaN or infinity");
}

}  // namespace

std::vector<int> epoch_order(rng::NumpyGenerator& rng, int n) {
  std::vector<double> keys(static_cast<std::size_t>(n));
  for (auto& k : keys) k = rng.random();
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  return order;
}

Trainer::Trainer(TrainerConfig config, const TaskData& data)
    : config_(std::move(config)),
      data_(data),
      optimizer_(config_.optimizer, config_.learning_rate, Parameters{}),
      shuffle_(config_.seed) {
  const int vocabulary = static_cast<int>(data_.vocabulary.size());
  check(config_, vocabulary);
  train_ = data_.train;
  if (config_.eight_sentences && train_.size() > 8) train_.resize(8);
  validation_ = data_.validation;
  if (config_.glove_inputs) config_.d_model = static_cast<int>(config_.glove_rows.cols());
  params_ = aw::train::initial_parameters(vocabulary, config_.d_model, config_.d_k,
                                          static_cast<int>(data_.classes.size()), !config_.glove_inputs,
                                          config_.seed);
  if (config_.glove_inputs) params_.E = config_.glove_rows;
  initial_ = params_;
  optimizer_ = Optimizer(config_.optimizer, config_.learning_rate, params_);
  for (std::size_t i = 0; i < data_.vocabulary.size(); ++i) word_ids_[data_.vocabulary[i]] = static_cast<int>(i);
  for (const auto& e : train_) train_sentences_.push_back(sentence(e));
  for (const auto& e : validation_) validation_sentences_.push_back(sentence(e));
}

Sentence Trainer::sentence(const Example& e) const {
  Sentence s;
  for (const auto& w : e.tokens) s.ids.push_back(word_ids_.at(w));
  s.target = e.target;
  s.label = e.label;
  return s;
}

Counts Trainer::counts() const {
  Counts c;
  c.examples = static_cast<int>(train_.size());
  c.batches_per_epoch = (c.examples + config_.batch_size - 1) / config_.batch_size;
  c.step = step_;
  c.epoch = epoch_;
  c.batch_in_epoch = batch_in_epoch_;
  return c;
}

void Trainer::start_epoch() { epoch_order_ = epoch_order(shuffle_, static_cast<int>(train_.size())); }

std::optional<std::string> Trainer::refusal(double loss, const BatchResult& batch) const {
  if (!std::isfinite(loss) || !all_finite(batch.gradients, batch.embedding_ids)) {
    return "Training diverged: the loss is no longer a finite number. The step was refused and the "
           "weights stay at their last finite values. Lower the learning rate and start again.";
  }
  if (loss > kDivergedLoss) {
    char reached[32];
    std::snprintf(reached, sizeof reached, "%.3g", loss);
    return "Training diverged: the batch loss reached " + std::string(reached) + ", past the bound of " +
           std::to_string(static_cast<int>(kDivergedLoss)) + ". The step was refused and the weights stay "
           "at their last values. Lower the learning rate and start again.";
  }
  return std::nullopt;
}

StepResult Trainer::step() {
  StepResult r;
  if (diverged_) {
    r.diverged = true;
    r.message = diverged_message_;
    return r;
  }
  if (batch_in_epoch_ == 0) start_epoch();
  const Counts c = counts();
  const int begin = batch_in_epoch_ * config_.batch_size;
  const int end = std::min(begin + config_.batch_size, c.examples);
  std::vector<Sentence> batch;
  for (int i = begin; i < end; ++i) {
    r.batch.push_back(epoch_order_[i]);
    batch.push_back(train_sentences_[epoch_order_[i]]);
  }
  r.detail = batch_gradients(params_, batch, config_.trainable_embeddings);
  r.loss = r.detail.loss;
  std::optional<std::string> why = refusal(r.loss, r.detail);
  if (!why) {
    // Updated in place; the previous weights are kept (of E, the rows the update changes) to go
    // back to if the update leaves the floating-point range.
    Parameters before;
    before.W_q = params_.W_q, before.W_k = params_.W_k, before.W_v = params_.W_v;
    before.W_head = params_.W_head, before.b_head = params_.b_head;
    std::vector<int> rows;
    if (config_.trainable_embeddings) {
      rows = optimizer_.embedding_rows(r.detail.gradients.E, r.detail.embedding_ids);
      before.E.resize(static_cast<Eigen::Index>(rows.size()), params_.E.cols());
      for (std::size_t k = 0; k < rows.size(); ++k) before.E.row(static_cast<Eigen::Index>(k)) = params_.E.row(rows[k]);
    }
    optimizer_.apply(params_, r.detail.gradients, rows);
    bool finite = params_.W_q.allFinite() && params_.W_k.allFinite() && params_.W_v.allFinite() &&
                  params_.W_head.allFinite() && params_.b_head.allFinite();
    for (const int row : rows) finite = finite && params_.E.row(row).allFinite();  // E's other rows did not change
    if (!finite) {
      for (std::size_t k = 0; k < rows.size(); ++k) params_.E.row(rows[k]) = before.E.row(static_cast<Eigen::Index>(k));
      params_.W_q = std::move(before.W_q), params_.W_k = std::move(before.W_k), params_.W_v = std::move(before.W_v);
      params_.W_head = std::move(before.W_head), params_.b_head = std::move(before.b_head);
      why = refusal(NAN, r.detail);
    }
  }
  if (why) {
    diverged_ = true;
    diverged_message_ = *why;
    r.diverged = true;
    r.message = *why;
    return r;
  }
  batches_.push_back(r.batch);
  ++step_;
  if (++batch_in_epoch_ == c.batches_per_epoch) {
    batch_in_epoch_ = 0;
    ++epoch_;
  }
  return r;
}

EpochResult Trainer::run_epoch() {
  EpochResult r;
  const int epoch = epoch_;
  int batches = 0;
  while (epoch_ == epoch) {
    const StepResult s = step();
    if (s.diverged) {
      r.diverged = true;
      r.message = s.message;
      break;
    }
    r.mean_batch_loss += s.loss;
    ++batches;
  }
  if (batches > 0) r.mean_batch_loss /= batches;
  r.evaluation = evaluate();
  return r;
}

Evaluation Trainer::evaluate() const {
  auto score = [&](const std::vector<Sentence>& set, double& loss, double& accuracy, std::vector<bool>* right) {
    int correct = 0;
    for (const auto& s : set) {
      const Forward f = forward(params_, s);
      loss += f.loss;
      correct += f.predicted == s.label ? 1 : 0;
      if (right) right->push_back(f.predicted == s.label);
    }
    loss /= static_cast<double>(set.size());
    accuracy = static_cast<double>(correct) / static_cast<double>(set.size());
  };
  Evaluation e;
  std::vector<bool> right;
  score(train_sentences_, e.train_loss, e.train_accuracy, nullptr);
  score(validation_sentences_, e.validation_loss, e.validation_accuracy, &right);
  e.validation_words = word_accuracy(train_, validation_, right);
  double credit = 0;
  for (const auto& w : e.validation_words) credit += w.baseline * w.sentences;
  e.word_identity_baseline = validation_.empty() ? 0.0 : credit / static_cast<double>(validation_.size());
  return e;
}

std::vector<WordAccuracy> word_accuracy(const std::vector<Example>& trained_on, const std::vector<Example>& held_out,
                                        const std::vector<bool>& right) {
  if (right.size() != held_out.size()) throw InputError("one prediction per held-out sentence is needed");
  // training sentences per word and sense label
  std::unordered_map<std::string, std::unordered_map<int, int>> senses;
  for (const auto& e : trained_on) ++senses[e.word][e.label];
  std::vector<WordAccuracy> out;
  std::vector<double> credit;
  std::unordered_map<std::string, std::size_t> at;
  for (std::size_t i = 0; i < held_out.size(); ++i) {
    const Example& e = held_out[i];
    auto [it, added] = at.emplace(e.word, out.size());
    if (added) {
      out.push_back(WordAccuracy{e.word});
      credit.push_back(0.0);
    }
    WordAccuracy& w = out[it->second];
    ++w.sentences;
    w.correct += right[i] ? 1 : 0;
    const auto found = senses.find(e.word);
    if (found == senses.end()) continue;  // never trained on: the baseline has no answer
    int most = 0, tied = 0;
    for (const auto& [label, n] : found->second) most = std::max(most, n);
    for (const auto& [label, n] : found->second) tied += n == most ? 1 : 0;
    const auto mine = found->second.find(e.label);
    if (mine != found->second.end() && mine->second == most) credit[it->second] += 1.0 / tied;
  }
  for (std::size_t k = 0; k < out.size(); ++k) {
    out[k].accuracy = static_cast<double>(out[k].correct) / out[k].sentences;
    out[k].baseline = credit[k] / out[k].sentences;
  }
  return out;
}

Forward Trainer::forward_example(int index, bool validation) const {
  const auto& set = validation ? validation_sentences_ : train_sentences_;
  if (index < 0 || index >= static_cast<int>(set.size())) {
    throw InputError("there is no " + std::string(validation ? "validation" : "training") + " sentence " +
                     std::to_string(index));
  }
  return forward(params_, set[static_cast<std::size_t>(index)]);
}

}  // namespace aw::train
