#include "core/text/pretrained.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "core/rng/numpy_generator.hpp"

namespace aw {
namespace {

std::string consequence_of(OovPolicy policy) {
  switch (policy) {
    case OovPolicy::Skip:
      return "Missing words are left out: X has fewer rows than the sentence has words, and the "
             "other words attend only to each other.";
    case OovPolicy::Zero:
      return "Missing words get a vector of zeros: their query and key are zero too, so their own "
             "attention row is uniform (every score 0), they score 0 as a key, and any cosine with "
             "them is undefined.";
    case OovPolicy::Random:
      return "Missing words get random vectors (normal, as long on average as the words found, "
             "from the table seed): they take part in attention but carry no meaning, and change "
             "with the seed.";
  }
  return "";
}

}  // namespace

const char* oov_policy_name(OovPolicy policy) {
  switch (policy) {
    case OovPolicy::Skip: return "skip";
    case OovPolicy::Zero: return "zero";
    case OovPolicy::Random: return "random";
  }
  return "";
}

PretrainedLookup lookup_pretrained(const PretrainedTable& pretrained,
                                   const std::vector<std::string>& vocab_first,
                                   const std::vector<Token>& tokens, OovPolicy policy,
                                   std::uint64_t seed) {
  if (pretrained.words.empty() || pretrained.vectors.rows() != static_cast<long>(pretrained.words.size())) {
    throw InputError("No word vectors are loaded: choose the GloVe subset or load a vector file.");
  }
  std::unordered_map<std::string, long> row_of;
  for (std::size_t i = 0; i < pretrained.words.size(); ++i) row_of.emplace(pretrained.words[i], static_cast<long>(i));
  std::unordered_map<std::string, std::string> typed_of;  // key -> as typed, from the tokens
  for (const auto& t : tokens) typed_of.emplace(t.key, t.text);

  std::vector<std::string> keys;
  std::set<std::string> seen;
  for (const auto& k : vocab_first) if (seen.insert(k).second) keys.push_back(k);
  for (const auto& t : tokens) if (seen.insert(t.key).second) keys.push_back(t.key);

  PretrainedLookup out;
  out.oov.policy = oov_policy_name(policy);
  const long dim = pretrained.vectors.cols();
  std::vector<long> source_row(keys.size(), -1);
  double norm_sum = 0;
  long found = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    auto it = row_of.find(keys[i]);
    if (it == row_of.end()) {
      const auto typed = typed_of.find(keys[i]);
      if (typed != typed_of.end() && typed->second != keys[i]) {
        it = row_of.find(typed->second);
        if (it != row_of.end()) out.oov.found_as_typed.push_back(keys[i]);
      }
    }
    if (it == row_of.end()) {
      out.oov.missing.push_back(keys[i]);
    } else {
      source_row[i] = it->second;
      norm_sum += pretrained.vectors.row(it->second).norm();
      ++found;
    }
  }
  if (found == 0) {
    throw InputError("None of the words is in " + pretrained.name +
                     ": there is nothing to compare. Check the spelling, or load other vectors.");
  }
  const double sigma = norm_sum / static_cast<double>(found) / std::sqrt(static_cast<double>(dim));
  rng::NumpyGenerator generator(seed);
  std::set<std::string> missing(out.oov.missing.begin(), out.oov.missing.end());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (source_row[i] < 0 && policy == OovPolicy::Skip) continue;
    out.table.words.push_back(keys[i]);
  }
  out.table.vectors = MatD::Zero(static_cast<long>(out.table.words.size()), dim);
  long r = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (source_row[i] >= 0) {
      out.table.vectors.row(r++) = pretrained.vectors.row(source_row[i]);
    } else if (policy == OovPolicy::Random) {
      for (long c = 0; c < dim; ++c) out.table.vectors(r, c) = generator.normal(0.0, sigma);
      ++r;
    } else if (policy == OovPolicy::Zero) {
      ++r;
    }
  }
  out.table.added = policy == OovPolicy::Skip ? std::vector<std::string>{} : out.oov.missing;
  for (const auto& t : tokens) {
    if (policy != OovPolicy::Skip || !missing.count(t.key)) out.tokens.push_back(t);
  }
  if (out.tokens.empty()) {
    throw InputError("Every word of the sentence is missing from " + pretrained.name +
                     ", and the policy is to skip missing words: no tokens are left.");
  }
  if (!out.oov.missing.empty()) out.oov.consequence = consequence_of(policy);
  // the lookup rule, true of every table; what a given table holds (capitals, single letters,
  // numbers) is said by the page, which has the whole table (this lookup sees only the rows
  // the sentences need)
  out.oov.case_note =
      "Words are looked up in lowercase first (GloVe 6B has only lowercase words), then as typed, "
      "for files that keep capitals.";
  return out;
}

EmbeddingTable one_hot_table(const std::vector<std::string>& extra_words) {
  EmbeddingTable table;
  table.words = course_vocab();
  table.words.insert(table.words.end(), extra_words.begin(), extra_words.end());
  table.added = extra_words;
  const long n = static_cast<long>(table.words.size());
  table.vectors = MatD::Identity(n, n);
  return table;
}

}  // namespace aw
