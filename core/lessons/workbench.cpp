#include "core/lessons/workbench.hpp"

#include <algorithm>

#include "core/math/positional.hpp"

// The workbench adds a positional table as large as its input: the caps must agree.
static_assert(aw::kMaxTokens <= aw::kMaxPositions && aw::kMaxWidth <= aw::kMaxPositionalWidth,
              "positional encoding refuses sizes the workbench accepts");

namespace aw {
namespace {

void require_width(int value, const char* name) {
  if (value < 1 || value > kMaxWidth) {
    throw InputError(std::string(name) + " must be between 1 and " + std::to_string(kMaxWidth) +
                     " (got " + std::to_string(value) + ")");
  }
}

// Stacks the table rows of the tokens into X (the notebook's np.stack).
MatD stack_rows(const EmbeddingTable& table, const std::vector<Token>& tokens) {
  MatD X(static_cast<long>(tokens.size()), table.vectors.cols());
  for (long i = 0; i < X.rows(); ++i) {
    X.row(i) = table.vectors.row(table.index_of(tokens[static_cast<std::size_t>(i)].key));
  }
  return X;
}

std::vector<NamedShape> shapes_of(const WorkbenchReport& r) {
  const auto& p = r.projected;
  return {
      {"X", {r.X.rows(), r.X.cols(), "tokens", "features (d_model)"}},
      {"W_q", {r.W_q.rows(), r.W_q.cols(), "features in (d_model)", "features out (d_k)"}},
      {"W_k", {r.W_k.rows(), r.W_k.cols(), "features in (d_model)", "features out (d_k)"}},
      {"W_v", {r.W_v.rows(), r.W_v.cols(), "features in (d_model)", "features out (d_v)"}},
      {"Q", {p.Q.rows(), p.Q.cols(), "tokens (queries)", "features (d_k)"}},
      {"K", {p.K.rows(), p.K.cols(), "tokens (keys)", "features (d_k)"}},
      {"V", {p.V.rows(), p.V.cols(), "tokens (values)", "features (d_v)"}},
      {"scores", {p.scores.rows(), p.scores.cols(), "queries", "keys"}},
      {"attn_weights", {p.attn_weights.rows(), p.attn_weights.cols(), "queries", "keys"}},
      {"Y", {p.Y.rows(), p.Y.cols(), "tokens", "features (d_v)"}},
      {"Y_literal", {p.Y_literal.rows(), p.Y_literal.cols(), "tokens", "features (d_model)"}},
      {"S", {r.param_free.scores.rows(), r.param_free.scores.cols(), "tokens", "tokens"}},
  };
}

// np.allclose(a, b) with its defaults: |a - b| <= atol + rtol * |b| everywhere.
bool allclose(const RowVec<double>& a, const RowVec<double>& b, double rtol = 1e-5,
              double atol = 1e-8) {
  return ((a - b).cwiseAbs().array() <= atol + rtol * b.cwiseAbs().array()).all();
}

}  // namespace

void validate(const WorkbenchOptions& options) {
  require_width(options.d_model, "d_model");
  require_width(options.d_k, "d_k");
  require_width(options.d_v, "d_v");
  if (options.mha_heads < 1 || options.d_model % options.mha_heads != 0) {
    throw InputError(std::to_string(options.mha_heads) + " heads do not divide d_model = " +
                     std::to_string(options.d_model) +
                     ": the head count must be a divisor of d_model");
  }
  if (options.window > kMaxTokens) {
    throw InputError("the local window radius must be at most " + std::to_string(kMaxTokens));
  }
  if (!(options.table_scale > 0 && options.table_scale <= 100)) {
    throw InputError("the table scale must be above 0 and at most 100");
  }
  if (options.max_tokens < 1 || options.max_tokens > kMaxTokens) {
    throw InputError("max_tokens must be between 1 and " + std::to_string(kMaxTokens));
  }
}

WorkbenchOptions resolve_widths(const WorkbenchOptions& in) {
  WorkbenchOptions options = in;
  if (options.source == Source::Pretrained) {
    if (!options.pretrained) {
      throw InputError("No word vectors are loaded: choose the GloVe subset or load a vector file.");
    }
    options.d_model = static_cast<int>(options.pretrained->vectors.cols());
  } else if (options.source == Source::OneHot) {
    std::vector<std::string> keys = options.vocab_words_first;
    for (const auto& t : tokenize(options.sentence, static_cast<std::size_t>(std::max(1, options.max_tokens))).tokens) {
      keys.push_back(t.key);
    }
    options.d_model = static_cast<int>(course_vocab().size() + words_outside_course_vocab(keys).size());
  }
  if (options.tie_widths) {
    options.d_k = options.d_model;
    options.d_v = options.d_model;
  }
  return options;
}

namespace {
// Sentences prepared since the module started: a counter the page's tests read to check that
// one keystroke computes each sentence once (issue 33). Single-threaded, as the core is.
std::uint64_t sentences_prepared = 0;
}  // namespace

std::uint64_t sentences_computed() { return sentences_prepared; }

WorkbenchReport prepare_sentence(const WorkbenchOptions& requested) {
  const WorkbenchOptions options = resolve_widths(requested);
  validate(options);
  WorkbenchReport report;
  Tokenized tokenized = tokenize(options.sentence, static_cast<std::size_t>(options.max_tokens));
  if (tokenized.tokens.empty()) {
    throw InputError(tokenized.words_found == 0 && !options.sentence.empty()
                         ? "No words found: the text has only punctuation or spaces. Type a "
                           "sentence such as \"Bank of the river\"."
                         : "Type a sentence: attention needs at least one token.");
  }
  ++sentences_prepared;
  report.tokens = tokenized.tokens;
  report.notices = tokenized.notices;
  report.d_model = options.d_model;
  report.d_k = options.d_k;
  report.d_v = options.d_v;

  std::vector<std::string> keys = options.vocab_words_first;
  for (const auto& token : report.tokens) keys.push_back(token.key);
  const std::vector<std::string> extra = words_outside_course_vocab(keys);
  if (!extra.empty() && (options.source == Source::NumpyNotebook || options.source == Source::TorchNotebook)) {
    std::string list;
    for (const auto& w : extra) list += (list.empty() ? "" : ", ") + ("\"" + w + "\"");
    report.notices.push_back(
        "Not in the course vocabulary: " + list +
        ". They get random vectors drawn after the course words, from the same generator.");
  }
  if ((options.source == Source::Pretrained || options.source == Source::OneHot) &&
      requested.d_model != options.d_model) {
    report.notices.push_back("d_model follows the vectors: " + std::to_string(options.d_model) +
                             (options.tie_widths ? " (and so do d_k and d_v)" : "") +
                             ", so every projection and shape below has that width.");
  }

  if (options.source == Source::TorchNotebook) {
    const TorchNotebookParams p = torch_notebook_params(extra, options.d_model, options.d_k,
                                                        options.d_v, options.embed_seed);
    report.source_name = "PyTorch notebook";
    report.table = p.table;
    // nn.Linear stores (out, in) and computes X @ weight.T; show the X W form like NumPy.
    report.W_q = p.W_q.transpose();
    report.W_k = p.W_k.transpose();
    report.W_v = p.W_v.transpose();
    report.has_mha = true;
    report.mha_in_proj_weight = p.mha_in_proj_weight;
    report.mha_out_proj_weight = p.mha_out_proj_weight;
  } else {
    if (options.source == Source::NumpyNotebook) {
      report.source_name = "NumPy notebook";
      report.table = numpy_notebook_table(extra, options.d_model, options.embed_seed);
    } else if (options.source == Source::OneHot) {
      report.source_name = "one-hot";
      report.table = one_hot_table(extra);
    } else {
      PretrainedLookup lookup = lookup_pretrained(*options.pretrained, options.vocab_words_first,
                                                  report.tokens, options.oov_policy, options.embed_seed);
      report.source_name = options.pretrained->name;
      report.table = std::move(lookup.table);
      report.tokens = std::move(lookup.tokens);
      report.has_oov = true;
      report.oov = std::move(lookup.oov);
      if (!report.oov.missing.empty()) {
        std::string list;
        for (const auto& w : report.oov.missing) list += (list.empty() ? "" : ", ") + ("\"" + w + "\"");
        report.notices.push_back("Not in " + report.source_name + ": " + list + ". " + report.oov.consequence);
      }
    }
    const Projections p =
        numpy_notebook_projections(options.d_model, options.d_k, options.d_v, options.proj_seed);
    report.W_q = p.W_q;
    report.W_k = p.W_k;
    report.W_v = p.W_v;
  }

  // X = table rows (+ positional encoding when it is on): the one input every form sees.
  report.X_embed = stack_rows(report.table, report.tokens);
  if (options.unit_rows) {
    for (long i = 0; i < report.X_embed.rows(); ++i) {
      const double length = report.X_embed.row(i).norm();
      if (length > 0) report.X_embed.row(i) /= length;  // a zero row (a skipped word) stays zero
    }
  }
  if (options.table_scale != 1.0) report.X_embed *= options.table_scale;
  report.X = report.X_embed;
  if (options.positional) {
    report.PE = sinusoidal_positional_encoding(report.X.rows(), report.X.cols());
    report.X += report.PE;
  }
  return report;
}

void attend(WorkbenchReport& report, const WorkbenchOptions& options) {
  const AttentionOptions attention_options{options.scale, options.causal, options.window};
  if (options.source == Source::TorchNotebook) {
    // PyTorch computes in float: so does its mode here.
    const MatF X = report.X.cast<float>();
    report.projected = cast_attention<double>(projected_attention<float>(
        X, report.W_q.cast<float>(), report.W_k.cast<float>(), report.W_v.cast<float>(),
        attention_options));
    report.mha = cast_multi_head<double>(multi_head_attention<float>(
        X, report.mha_in_proj_weight.cast<float>(), report.mha_out_proj_weight.cast<float>(),
        options.mha_heads, options.causal));
  } else {
    report.projected = projected_attention(report.X, report.W_q, report.W_k, report.W_v,
                                           attention_options);
  }
  report.param_free =
      parameter_free_attention(report.X, options.causal, options.window, options.free_scale);
  {
    MatD seen = report.param_free.scores / report.param_free.divisor;
    if (options.causal) apply_causal_mask(seen);
    apply_window_mask(seen, options.window);
    report.param_free_mixing =
        mixing_report(report.param_free.scores, seen, report.param_free.attn_weights, report.X, report.X);
  }
  report.projected_mixing = mixing_report(report.projected.raw_scores, report.projected.scores,
                                          report.projected.attn_weights, report.X,
                                          report.projected.V);
  report.row_sums = report.projected.attn_weights.rowwise().sum();
  report.y1_manual = weighted_sum_row(report.projected.attn_weights, report.X, 0);
  report.y1_allclose = allclose(report.projected.Y_literal.row(0), report.y1_manual);
  report.shapes = shapes_of(report);
}

WorkbenchReport run_workbench(const WorkbenchOptions& options) {
  WorkbenchReport report = prepare_sentence(options);
  attend(report, options);
  return report;
}

}  // namespace aw
