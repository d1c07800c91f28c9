// What the embedding-space chapter takes from the trained encoder (issue 17): rows of its token
// table (one per vocabulary piece, decoded from int8 as the forward pass reads them), and a
// word's contextual vector in many sentences (its token's output after the last layer).
#pragma once
#include <string>
#include <vector>

#include "core/encoder/transformer.hpp"

namespace aw::encoder {

// "bank" -> "▁bank": the piece of a whole word (lowercase), as compare_sentences matches it.
std::string word_piece(const std::string& word);

// Index of the first token whose piece, lowercased, is `piece`; -1 when there is none.
long find_piece(const EncoderReport& report, const std::string& piece);

struct TokenTableRows {
  std::vector<std::string> pieces;  // the vocabulary's pieces, "▁" marking a word start
  MatF rows;                        // (pieces, 256): the token table's rows E[id]
  long vocabulary = 0;              // pieces in the whole vocabulary
  long word_starts = 0;             // of the pieces returned, those that start a word ("▁...")
};

// Pieces first .. first + count − 1 (clipped to the vocabulary), in vocabulary order.
TokenTableRows token_table_rows(const EncoderPack& pack, long first, long count);

// For each text, the output of the last layer at the first token that is the whole word
// words[i]: (texts, 512). Throws InputError naming a text where the word is not one piece.
MatF word_vectors_in_context(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                             const std::vector<std::string>& nfkc_texts, const std::vector<std::string>& words);

}  // namespace aw::encoder
