// embind surface of the training layer (core/train/): a Trainer object the JS wrapper owns
// (web/src/core/attention-core.js, createTrainer), and the task's word list, so the page can
// hand over the GloVe rows the task needs. Matrices leave as {rows, cols, data: Float32Array}.
#include <memory>

#include "core/train/trainer.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace tr = aw::train;

val float_matrix(const aw::MatD& m) {
  const aw::MatF f = m.cast<float>();
  val out = val::object();
  out.set("rows", static_cast<int>(f.rows()));
  out.set("cols", static_cast<int>(f.cols()));
  out.set("data", typed_array(f.data(), static_cast<std::size_t>(f.size())));
  return out;
}

tr::TrainerConfig config_from_js(const val& o) {
  tr::TrainerConfig c;
  const std::string inputs = string_field(o, "inputs", "random");
  if (inputs != "random" && inputs != "glove") throw aw::InputError("option 'inputs' must be \"random\" or \"glove\"");
  c.glove_inputs = inputs == "glove";
  c.trainable_embeddings = bool_field(o, "trainableEmbeddings", false);
  c.d_model = int_field(o, "dModel", c.d_model);
  c.d_k = int_field(o, "dK", c.d_k);
  const int seed = int_field(o, "seed", 0);
  if (seed < 0) throw aw::InputError("the seed must be non-negative");
  c.seed = static_cast<std::uint64_t>(seed);
  const std::string optimizer = string_field(o, "optimizer", "sgd");
  if (optimizer != "sgd" && optimizer != "adam") throw aw::InputError("option 'optimizer' must be \"sgd\" or \"adam\"");
  c.optimizer = optimizer == "adam" ? tr::OptimizerKind::Adam : tr::OptimizerKind::Sgd;
  c.learning_rate = number_field(o, "learningRate", c.learning_rate);
  c.batch_size = int_field(o, "batchSize", c.batch_size);
  const std::string set = string_field(o, "trainSet", "full");
  if (set != "full" && set != "eight") throw aw::InputError("option 'trainSet' must be \"full\" or \"eight\"");
  c.eight_sentences = set == "eight";
  if (c.glove_inputs) {
    // {words, dim, data}: the wrapper sends exactly the task's words, in vocabulary order.
    const auto table = pretrained_from_js(o["gloveRows"]);
    if (table->words != tr::task_data().vocabulary) throw aw::InputError("the GloVe rows do not match the task's words");
    c.glove_rows = table->vectors;
  }
  return c;
}

val counts_to_js(const tr::Counts& c) {
  val out = val::object();
  out.set("examples", c.examples);
  out.set("batchesPerEpoch", c.batches_per_epoch);
  out.set("step", static_cast<double>(c.step));
  out.set("epoch", c.epoch);
  out.set("batchInEpoch", c.batch_in_epoch);
  return out;
}

val evaluation_fields(val out, const tr::Evaluation& e) {
  out.set("trainLoss", e.train_loss);
  out.set("trainAccuracy", e.train_accuracy);
  out.set("validationLoss", e.validation_loss);
  out.set("validationAccuracy", e.validation_accuracy);
  val words = val::array();
  for (const auto& w : e.validation_words) {
    val item = val::object();
    item.set("word", w.word);
    item.set("sentences", w.sentences);
    item.set("correct", w.correct);
    item.set("accuracy", w.accuracy);
    item.set("baseline", w.baseline);
    words.call<void>("push", item);
  }
  out.set("validationWords", words);
  out.set("wordIdentityBaseline", e.word_identity_baseline);
  return out;
}

val parameters_to_js(const tr::Parameters& p, bool with_embeddings) {
  val out = val::object();
  out.set("W_q", float_matrix(p.W_q));
  out.set("W_k", float_matrix(p.W_k));
  out.set("W_v", float_matrix(p.W_v));
  out.set("W_head", float_matrix(p.W_head));
  out.set("b_head", float_matrix(p.b_head));
  if (with_embeddings) out.set("embeddings", float_matrix(p.E));
  return out;
}

// Parameter gradients of the batch mean, and the first sentence's stage gradients (d loss /
// d that stage's output, as its share of the batch mean).
val gradients_to_js(const tr::BatchResult& b, bool trainable_embeddings) {
  val out = val::object();
  out.set("W_q", float_matrix(b.gradients.W_q));
  out.set("W_k", float_matrix(b.gradients.W_k));
  out.set("W_v", float_matrix(b.gradients.W_v));
  out.set("W_head", float_matrix(b.gradients.W_head));
  out.set("b_head", float_matrix(b.gradients.b_head));
  if (trainable_embeddings) out.set("embeddings", float_matrix(b.gradients.E));
  out.set("logits", float_matrix(b.first.dz));
  out.set("y", float_matrix(b.first.dy));
  out.set("Y", float_matrix(b.first.dY));
  out.set("A", float_matrix(b.first.dA));
  out.set("S", float_matrix(b.first.dS));
  out.set("QK", float_matrix(b.first.dR));
  out.set("Q", float_matrix(b.first.dQ));
  out.set("K", float_matrix(b.first.dK));
  out.set("V", float_matrix(b.first.dV));
  out.set("X", float_matrix(b.first.dX));
  return out;
}

val examples_to_js(const std::vector<tr::Example>& examples) {
  val out = val::array();
  for (const auto& e : examples) {
    val item = val::object();
    item.set("text", e.text);
    item.set("target", e.word);
    item.set("targetIndex", e.target);
    item.set("sense", e.sense);
    item.set("label", e.label);
    item.set("tokens", strings_to_js(e.tokens));
    out.call<void>("push", item);
  }
  return out;
}

class TrainerHandle {
 public:
  // A refused configuration is kept and reported by configError() and every later call: an
  // embind constructor cannot return the error, and throwing would leak (guarded(), convert.hpp).
  explicit TrainerHandle(val config) {
    try {
      trainer_ = std::make_unique<tr::Trainer>(config_from_js(config));
    } catch (const std::exception& e) {
      config_error_ = e.what();
    }
  }

  val config_error() const { return trainer_ ? val::undefined() : core_error(config_error_); }

  val counts() const {
    return guarded([&] { return counts_to_js(live().counts()); });
  }

  val step() {
    return guarded([&] {
      const tr::StepResult s = live().step();
      val out = counts_to_js(live().counts());
      out.set("diverged", s.diverged);
      if (s.diverged) {
        out.set("message", s.message);
        out.set("loss", val::null());
        return out;
      }
      out.set("loss", s.loss);
      out.set("batch", vector_of_ints(s.batch));
      out.set("batchCorrect", s.detail.correct);
      out.set("gradients", gradients_to_js(s.detail, live().config().trainable_embeddings));
      return out;
    });
  }

  val run_epoch() {
    return guarded([&] {
      const tr::EpochResult r = live().run_epoch();
      val out = evaluation_fields(counts_to_js(live().counts()), r.evaluation);
      out.set("meanBatchLoss", r.mean_batch_loss);
      out.set("diverged", r.diverged);
      if (r.diverged) out.set("message", r.message);
      return out;
    });
  }

  val evaluate() const {
    return guarded([&] { return evaluation_fields(val::object(), live().evaluate()); });
  }

  val attention(int index, const std::string& split) const {
    return guarded([&] {
      if (split != "train" && split != "validation") throw aw::InputError("split must be \"train\" or \"validation\"");
      const bool validation = split == "validation";
      const tr::Forward f = live().forward_example(index, validation);
      const auto& e = (validation ? live().validation_examples() : live().train_examples())[index];
      val out = val::object();
      out.set("tokens", strings_to_js(e.tokens));
      out.set("targetIndex", e.target);
      out.set("n", static_cast<int>(f.A.rows()));
      out.set("weights", float_matrix(f.A)["data"]);
      out.set("probabilities", float_matrix(f.probabilities)["data"]);
      out.set("predicted", f.predicted);
      out.set("label", e.label);
      out.set("loss", f.loss);
      return out;
    });
  }

  val parameters() const {
    return guarded([&] { return parameters_to_js(live().parameters(), true); });
  }
  val initial_parameters() const {
    return guarded([&] { return parameters_to_js(live().initial_parameters(), true); });
  }

  val dataset() const {
    return guarded([&] { return dataset_to_js(); });
  }
  val batch_order() const {
    return guarded([&] { return batch_order_to_js(); });
  }
  val config() const {
    return guarded([&] { return config_to_js(); });
  }

 private:
  val dataset_to_js() const {
    live();
    val out = val::object();
    out.set("train", examples_to_js(live().train_examples()));
    out.set("validation", examples_to_js(live().validation_examples()));
    out.set("classes", strings_to_js(live().classes()));
    out.set("vocabulary", strings_to_js(live().vocabulary()));
    return out;
  }

  val batch_order_to_js() const {
    live();
    val out = val::array();
    for (const auto& b : live().batch_order()) out.call<void>("push", vector_of_ints(b));
    return out;
  }

  val config_to_js() const {
    const tr::TrainerConfig& c = live().config();
    val out = val::object();
    out.set("inputs", std::string(c.glove_inputs ? "glove" : "random"));
    out.set("trainableEmbeddings", c.trainable_embeddings);
    out.set("dModel", c.d_model);
    out.set("dK", c.d_k);
    out.set("seed", static_cast<double>(c.seed));
    out.set("optimizer", std::string(c.optimizer == tr::OptimizerKind::Adam ? "adam" : "sgd"));
    out.set("learningRate", c.learning_rate);
    out.set("batchSize", c.batch_size);
    out.set("trainSet", std::string(c.eight_sentences ? "eight" : "full"));
    out.set("divergedLossBound", tr::Trainer::kDivergedLoss);
    out.set("diverged", live().diverged());
    return out;
  }

  const tr::Trainer& live() const {
    if (!trainer_) throw aw::InputError(config_error_);
    return *trainer_;
  }
  tr::Trainer& live() {
    if (!trainer_) throw aw::InputError(config_error_);
    return *trainer_;
  }

  static val vector_of_ints(const std::vector<int>& v) {
    val out = val::array();
    for (int i : v) out.call<void>("push", i);
    return out;
  }

  std::unique_ptr<tr::Trainer> trainer_;  // null when the configuration was refused
  std::string config_error_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(aw_train) {
  emscripten::class_<TrainerHandle>("TrainerHandle")
      .constructor<val>()
      .function("configError", &TrainerHandle::config_error)
      .function("counts", &TrainerHandle::counts)
      .function("step", &TrainerHandle::step)
      .function("runEpoch", &TrainerHandle::run_epoch)
      .function("evaluate", &TrainerHandle::evaluate)
      .function("attention", &TrainerHandle::attention)
      .function("parameters", &TrainerHandle::parameters)
      .function("initialParameters", &TrainerHandle::initial_parameters)
      .function("dataset", &TrainerHandle::dataset)
      .function("batchOrder", &TrainerHandle::batch_order)
      .function("config", &TrainerHandle::config);
}
