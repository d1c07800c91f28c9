#include "core/lessons/bank_experiment.hpp"

#include "core/math/similarity.hpp"

namespace aw {
namespace {

long find_token(const WorkbenchReport& report, const std::string& key) {
  for (std::size_t i = 0; i < report.tokens.size(); ++i) {
    if (report.tokens[i].key == key) return static_cast<long>(i);
  }
  return -1;
}

NamedCosine compare(std::string name, std::string description, const RowVec<double>* a,
                    const RowVec<double>* b) {
  NamedCosine c{std::move(name), std::move(description), std::nullopt, ""};
  if (a == nullptr || b == nullptr) {
    c.why_undefined = "a word it needs is not in the sentence";
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

BankExperimentReport run_bank_experiment(const BankExperimentOptions& options) {
  BankExperimentReport r;
  // One shared table for both sentences: every word of either joins the vocabulary (first
  // sentence first). This matters for PyTorch, where the table size moves the later draws.
  std::vector<std::string> shared_words;
  for (const std::string* sentence : {&options.base.sentence, &options.second_sentence}) {
    for (const auto& token :
         tokenize(*sentence, static_cast<std::size_t>(options.base.max_tokens)).tokens) {
      shared_words.push_back(token.key);
    }
  }
  WorkbenchOptions first = options.base;
  first.vocab_words_first = shared_words;
  r.first = run_workbench(first);
  WorkbenchOptions second = first;
  second.sentence = options.second_sentence;
  r.second = run_workbench(second);

  const Tokenized target_tokens = tokenize(options.target, 1);
  const std::string target = target_tokens.tokens.empty() ? "" : target_tokens.tokens[0].key;
  r.target_index_first = find_token(r.first, target);
  r.target_index_second = find_token(r.second, target);

  const auto row = [](const MatD& m, long i) -> std::optional<RowVec<double>> {
    if (i < 0) return std::nullopt;
    return RowVec<double>(m.row(i));
  };
  const auto table_row = [&](const std::string& word) -> std::optional<RowVec<double>> {
    const long i = r.second.table.index_of(word);
    return row(r.second.table.vectors, i);
  };
  const auto ptr = [](const std::optional<RowVec<double>>& v) { return v ? &*v : nullptr; };

  const auto raw1 = row(r.first.X, r.target_index_first);
  const auto raw2 = row(r.second.X, r.target_index_second);
  const auto ctx1 = row(r.first.projected.Y, r.target_index_first);
  const auto ctx2 = row(r.second.projected.Y, r.target_index_second);
  const auto river = table_row("river");
  const auto money = table_row("money");
  r.raw_target_vectors_equal = raw1 && raw2 && *raw1 == *raw2;

  const std::string t = "\"" + target + "\"";
  r.cosines.push_back(compare("raw_target_across_sentences",
                              "raw " + t + " in sentence 1 vs raw " + t + " in sentence 2",
                              ptr(raw1), ptr(raw2)));
  r.cosines.push_back(compare("contextual_target_across_sentences",
                              "contextual " + t + " in sentence 1 vs in sentence 2", ptr(ctx1),
                              ptr(ctx2)));
  r.cosines.push_back(compare("raw_target_vs_raw_river", "raw " + t + " vs raw \"river\"",
                              ptr(raw1), ptr(river)));
  r.cosines.push_back(compare("contextual_target_vs_raw_river",
                              "contextual " + t + " (sentence 1) vs raw \"river\"", ptr(ctx1),
                              ptr(river)));
  r.cosines.push_back(compare("contextual_target_vs_raw_money",
                              "contextual " + t + " (sentence 1) vs raw \"money\"", ptr(ctx1),
                              ptr(money)));
  r.cosines.push_back(compare("raw_target_vs_raw_money", "raw " + t + " vs raw \"money\"", ptr(raw1),
                              ptr(money)));
  for (std::size_t w = 0; w < r.second.table.words.size(); ++w) {
    const auto raw_word = row(r.second.table.vectors, static_cast<long>(w));
    r.contextual_vs_raw_words.push_back(
        compare(r.second.table.words[w], "contextual " + t + " (sentence 1) vs raw \"" +
                                             r.second.table.words[w] + "\"",
                ptr(ctx1), ptr(raw_word)));
  }
  return r;
}

}  // namespace aw
