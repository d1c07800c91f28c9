// The two-sentence "bank" experiment of Class 05: one shared embedding table and one shared set
// of projections for two sentences; raw and contextual cosines of a target word.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/lessons/workbench.hpp"
#include "core/math/sense_control.hpp"

namespace aw {

struct BankExperimentOptions {
  WorkbenchOptions base;  // base.sentence is the first sentence
  std::string second_sentence = "bank account has money";
  std::string target = "bank";
  // A third sentence with the target in the same sense as in the first (the control). Its
  // words join the shared table after both sentences' words, so with the NumPy table the
  // pair's numbers are the same with or without it.
  std::optional<std::string> control_sentence;
};

// One cosine with what it compares. `value` is empty when the comparison is undefined
// (target missing, zero vector, or vectors of different widths); `why_undefined` says why.
struct NamedCosine {
  std::string name;  // stable key, e.g. "contextual_bank_across_sentences"
  std::string description;
  std::optional<double> value;
  std::string why_undefined;
};

struct BankExperimentReport {
  WorkbenchReport first, second;
  long target_index_first = -1;  // first occurrence of the target in each sentence, or -1
  long target_index_second = -1;
  bool raw_target_vectors_equal = false;
  // |y_1 − y_2| of the contextual target across the sentences, divided by the longer of the two:
  // a measure of change that works at any width (at d_v = 1 every cosine is ±1, only the sign).
  // Empty when the target is missing from a sentence; 0 when both outputs are zero.
  std::optional<double> contextual_target_change;
  std::vector<NamedCosine> cosines;  // the notes' comparisons, in their order
  std::vector<NamedCosine> contextual_vs_raw_words;         // sentence 1's contextual target vs every raw word
  std::vector<NamedCosine> contextual_vs_raw_words_second;  // sentence 2's contextual target vs every raw word
  // Only with a control sentence: its report, the target's index in it, the raw and contextual
  // target of sentence 1 against it, and the contextual pair judged against the control.
  bool has_control = false;
  std::optional<WorkbenchReport> control;    // absent when the control sentence has no words
  long target_index_control = -1;
  std::vector<NamedCosine> control_cosines;  // "raw_target_vs_control", "contextual_target_vs_control"
  SenseControl separation;
};

BankExperimentReport run_bank_experiment(const BankExperimentOptions& options);

// Two sentences through the workbench with one shared table and one set of projections: every
// word of either sentence joins the vocabulary, the first sentence's words first (for PyTorch
// the table size moves the later draws). The bank experiment and the kinds of attention use it.
struct SentencePair {
  WorkbenchReport first, second;
  WorkbenchOptions shared;  // base with the shared vocabulary: a third sentence run on it shares the table
};
// `third_sentence` (the bank chapter's same-sense control) only joins the shared vocabulary.
SentencePair run_sentence_pair(const WorkbenchOptions& base, const std::string& second_sentence,
                               const std::optional<std::string>& third_sentence = std::nullopt);

// The experiment on a pair already computed (run_sentence_pair with the same options, the control
// sentence included), so a chapter that shows the pair for other purposes computes it once.
BankExperimentReport bank_experiment_from_pair(SentencePair pair, const BankExperimentOptions& options);

}  // namespace aw
