#include "core/encoder/word_in_context.hpp"

#include <algorithm>
#include <cctype>

namespace aw::encoder {

namespace {
std::string ascii_lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}
}  // namespace

std::string word_piece(const std::string& word) { return "\xE2\x96\x81" + ascii_lower(word); }  // U+2581

long find_piece(const EncoderReport& report, const std::string& piece) {
  for (std::size_t t = 0; t < report.tokens.size(); ++t) {
    if (ascii_lower(report.tokens[t].piece) == piece) return static_cast<long>(t);
  }
  return -1;
}

TokenTableRows token_table_rows(const EncoderPack& pack, long first, long count) {
  const MatF& table = pack.tensor("embeddings");
  const long size = std::min<long>(table.rows(), static_cast<long>(pack.vocabulary.size()));
  if (first < 0 || count < 1 || first >= size) {
    throw InputError("the token table has pieces 1 to " + std::to_string(size) + ": rows from " + std::to_string(first + 1) +
                     " cannot be read");
  }
  const long n = std::min(count, size - first);
  TokenTableRows out;
  out.rows = table.middleRows(first, n);
  out.vocabulary = size;
  for (long i = first; i < first + n; ++i) {
    out.pieces.push_back(pack.vocabulary[static_cast<std::size_t>(i)].text);
    out.word_starts += out.pieces.back().rfind("\xE2\x96\x81", 0) == 0;
  }
  return out;
}

MatF word_vectors_in_context(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                             const std::vector<std::string>& nfkc_texts, const std::vector<std::string>& words) {
  if (words.size() != nfkc_texts.size()) throw InputError("every text needs the word to follow in it");
  const std::vector<EncoderReport> reports = encode_batch(pack, tokenizer, nfkc_texts);
  MatF out;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const long at = find_piece(reports[i], word_piece(words[i]));
    if (at < 0) {
      throw InputError("“" + words[i] + "” is not a single whole-word token in “" + nfkc_texts[i] + "”, so it has no one output row");
    }
    const MatF& last = reports[i].layers.back().output;
    if (i == 0) out.resize(static_cast<long>(reports.size()), last.cols());
    out.row(static_cast<long>(i)) = last.row(at);
  }
  return out;
}

}  // namespace aw::encoder
