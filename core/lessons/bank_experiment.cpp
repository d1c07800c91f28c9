#include "core/lessons/bank_experiment.hpp"

#include <algorithm>

#include "core/math/similarity.hpp"

namespace aw {
namespace {

long find_token(const WorkbenchReport& report, const std::string& key) {
  for (std::size_t i = 0; i < report.tokens.size(); ++i) {
    if (report.tokens[i].key == key) return static_cast<long>(i);
  }
  return -1;
}

// One side of a comparison: its vector, or why there is none.
struct Side {
  std::optional<RowVec<double>> vector;
  std::string missing;  // why `vector` is empty, e.g. "\"bank\" is not in sentence 2"
};

NamedCosine compare(std::string name, std::string description, const Side& left, const Side& right) {
  NamedCosine c{std::move(name), std::move(description), std::nullopt, ""};
  const RowVec<double>* a = left.vector ? &*left.vector : nullptr;
  const RowVec<double>* b = right.vector ? &*right.vector : nullptr;
  if (a == nullptr || b == nullptr) {
    c.why_undefined = a == nullptr ? left.missing : right.missing;
    if (a == nullptr && b == nullptr && right.missing != left.missing) c.why_undefined += "; " + right.missing;
  } else if (a->size() != b->size()) {
    c.why_undefined = "the vectors have different widths (" + std::to_string(a->size()) + " and " +
                      std::to_string(b->size()) + "): d_v differs from d_model";
  } else {
    try {
      c.value = cosine(*a, *b);
    } catch (const InputError& e) {
      c.why_undefined = e.what();
    }
  }
  return c;
}

}  // namespace

SentencePair run_sentence_pair(const WorkbenchOptions& base, const std::string& second_sentence,
                               const std::optional<std::string>& third_sentence) {
  // One shared table for both sentences: every word of either joins the vocabulary (first
  // sentence first). This matters for PyTorch, where the table size moves the later draws.
  std::vector<std::string> shared_words;
  std::vector<const std::string*> sentences = {&base.sentence, &second_sentence};
  if (third_sentence) sentences.push_back(&*third_sentence);
  for (const std::string* sentence : sentences) {
    for (const auto& token : tokenize(*sentence, static_cast<std::size_t>(base.max_tokens)).tokens) {
      shared_words.push_back(token.key);
    }
  }
  SentencePair pair;
  pair.shared = base;
  pair.shared.vocab_words_first = shared_words;
  pair.first = run_workbench(pair.shared);
  WorkbenchOptions second = pair.shared;
  second.sentence = second_sentence;
  pair.second = run_workbench(second);
  return pair;
}

BankExperimentReport run_bank_experiment(const BankExperimentOptions& options) {
  return bank_experiment_from_pair(run_sentence_pair(options.base, options.second_sentence, options.control_sentence),
                                   options);
}

BankExperimentReport bank_experiment_from_pair(SentencePair pair, const BankExperimentOptions& options) {
  BankExperimentReport r;
  r.first = std::move(pair.first);
  r.second = std::move(pair.second);

  const Tokenized target_tokens = tokenize(options.target, 1);
  const std::string target = target_tokens.tokens.empty() ? "" : target_tokens.tokens[0].key;
  r.target_index_first = find_token(r.first, target);
  r.target_index_second = find_token(r.second, target);

  const std::string t = "\"" + target + "\"";
  const auto row = [](const MatD& m, long i, const std::string& missing) -> Side {
    if (i < 0) return {std::nullopt, missing};
    return {RowVec<double>(m.row(i)), ""};
  };
  const auto table_row = [&](const std::string& word) -> Side {
    return row(r.second.table.vectors, r.second.table.index_of(word),
               "\"" + word + "\" has no row in the table (it is in neither sentence, and " +
                   r.second.source_name + " has no vector for it here)");
  };
  const std::string not_in_1 = t + " is not in sentence 1", not_in_2 = t + " is not in sentence 2";
  const Side raw1 = row(r.first.X, r.target_index_first, not_in_1);
  const Side raw2 = row(r.second.X, r.target_index_second, not_in_2);
  const Side ctx1 = row(r.first.projected.Y, r.target_index_first, not_in_1);
  const Side ctx2 = row(r.second.projected.Y, r.target_index_second, not_in_2);
  const Side river = table_row("river");
  const Side money = table_row("money");
  r.raw_target_vectors_equal = raw1.vector && raw2.vector && *raw1.vector == *raw2.vector;
  if (ctx1.vector && ctx2.vector && ctx1.vector->size() == ctx2.vector->size()) {
    const double longer = std::max(ctx1.vector->norm(), ctx2.vector->norm());
    r.contextual_target_change = longer > 0 ? (*ctx1.vector - *ctx2.vector).norm() / longer : 0.0;
  }

  r.cosines.push_back(compare("raw_target_across_sentences",
                              "raw " + t + " in sentence 1 vs raw " + t + " in sentence 2", raw1, raw2));
  r.cosines.push_back(compare("contextual_target_across_sentences",
                              "contextual " + t + " in sentence 1 vs in sentence 2", ctx1, ctx2));
  r.cosines.push_back(compare("raw_target_vs_raw_river", "raw " + t + " vs raw \"river\"", raw1, river));
  r.cosines.push_back(compare("contextual_target_vs_raw_river",
                              "contextual " + t + " (sentence 1) vs raw \"river\"", ctx1, river));
  r.cosines.push_back(compare("contextual_target_vs_raw_money",
                              "contextual " + t + " (sentence 1) vs raw \"money\"", ctx1, money));
  r.cosines.push_back(compare("raw_target_vs_raw_money", "raw " + t + " vs raw \"money\"", raw1, money));
  // The same two comparisons for the second sentence's contextual target (the notebook's
  // bank|money-context against raw "money" and raw "river").
  r.cosines.push_back(compare("contextual_target2_vs_raw_money",
                              "contextual " + t + " (sentence 2) vs raw \"money\"", ctx2, money));
  r.cosines.push_back(compare("contextual_target2_vs_raw_river",
                              "contextual " + t + " (sentence 2) vs raw \"river\"", ctx2, river));
  for (std::size_t w = 0; w < r.second.table.words.size(); ++w) {
    const std::string& word = r.second.table.words[w];
    const Side raw_word = row(r.second.table.vectors, static_cast<long>(w), "");
    r.contextual_vs_raw_words.push_back(
        compare(word, "contextual " + t + " (sentence 1) vs raw \"" + word + "\"", ctx1, raw_word));
    r.contextual_vs_raw_words_second.push_back(
        compare(word, "contextual " + t + " (sentence 2) vs raw \"" + word + "\"", ctx2, raw_word));
  }
  if (options.control_sentence) {
    r.has_control = true;
    // An empty control leaves the control out (the pair still runs); its cosines say why.
    std::string missing = "the control sentence has no words";
    if (!tokenize(*options.control_sentence, static_cast<std::size_t>(options.base.max_tokens)).tokens.empty()) {
      WorkbenchOptions control = pair.shared;
      control.sentence = *options.control_sentence;
      r.control = run_workbench(control);
      r.target_index_control = find_token(*r.control, target);
      missing = t + " is not in the control sentence";
    }
    const Side raw3 = r.control ? row(r.control->X, r.target_index_control, missing) : Side{std::nullopt, missing};
    const Side ctx3 = r.control ? row(r.control->projected.Y, r.target_index_control, missing) : Side{std::nullopt, missing};
    r.control_cosines.push_back(compare("raw_target_vs_control",
                                        "raw " + t + " in sentence 1 vs raw " + t + " in the control", raw1, raw3));
    r.control_cosines.push_back(compare("contextual_target_vs_control",
                                        "contextual " + t + " in sentence 1 vs in the control", ctx1, ctx3));
    const auto pair = std::find_if(r.cosines.begin(), r.cosines.end(),
                                   [](const NamedCosine& c) { return c.name == "contextual_target_across_sentences"; });
    r.separation = judge_sense_control(r.control_cosines.back().value, pair->value);
  }
  return r;
}

}  // namespace aw
