// Chapter 2 (Class 04): "I am going to London". Who and where can be answered from the
// sentence's own words; "when" cannot, because no word carries a time. This finds, by a small
// stated rule (not a parser), the word each question would need, and gives the attention row of
// a chosen word over the sentence from the workbench: attention can only share weight among
// the words that are there.
#pragma once
#include <string>
#include <vector>

#include "core/lessons/modality_tokens.hpp"
#include "core/lessons/workbench.hpp"

namespace aw {

struct ContextQuestionsOptions {
  WorkbenchOptions workbench;  // sentence, vectors, widths, seeds: the sentence's attention
  int centre = 2;              // the word whose attention row is shown ("going")
};

struct ContextQuestion {
  std::string question;    // "who", "where", "when"
  std::string needs;       // the kind of word it needs, in words for the learner
  std::vector<int> answer; // positions of the words that carry the answer (empty: none)
  std::string cue;         // why these words: the rule that matched, or why nothing did
  double weight = 0.0;     // the centre row's attention weight on those words together
};

struct ContextQuestionsReport {
  std::vector<Token> tokens;
  std::vector<std::string> notices;
  int centre = 0;
  std::vector<double> attention_row;  // attn_weights[centre] (Class 05 form, from the workbench)
  double row_sum = 0.0;
  std::vector<ContextQuestion> questions;  // who, where, when
  double answered_weight = 0.0;  // the row's weight on every word that answers some question (each counted once)
  std::string source_name;
  int d_model = 0, d_k = 0;
  AllPairsCheck pairs;  // the sentence's Q Kᵀ, as one product and pair by pair (the GPU point)
};

ContextQuestionsReport context_questions(const ContextQuestionsOptions& options);

}  // namespace aw
