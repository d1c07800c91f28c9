// Everything the Q/K/V chapter shows, from one computation of each of its two sentences: the
// first sentence's workbench (every matrix of the notebook), the bank experiment on the pair
// (cosines, the notes' questions) and the other kinds of attention on the same pair. Before this,
// the page ran the pair three times per keystroke (bank experiment, kinds, a fallback workbench).
// A pure function of its options.
#pragma once
#include <optional>
#include <string>

#include "core/lessons/attention_kinds.hpp"
#include "core/lessons/bank_experiment.hpp"
#include "core/math/soft_lookup.hpp"

namespace aw {

struct QkvChapterOptions {
  WorkbenchOptions base;  // base.sentence is the chapter's sentence (A)
  std::string second_sentence = "bank account has money";  // B: the bank comparison and the kinds
  std::string target = "bank";
};

struct QkvChapterReport {
  // The pair, when sentence B has words; then `experiment->first` is the chapter's sentence.
  std::optional<BankExperimentReport> experiment;
  std::string experiment_error;  // why there is no pair (sentence B refused), for the bank panel
  // The chapter's sentence alone: only when there is no pair (else it is experiment->first).
  std::optional<WorkbenchReport> sentence;
  std::optional<AttentionKindsReport> kinds;
  std::string kinds_error;  // why the kinds section has nothing to show
  // The kinds' self-attention is the experiment's own (no mask to drop): kept once, converted once.
  bool kinds_share_pair = false;
  // The chapter's sentence as a soft lookup, one row per query (core/math/soft_lookup.hpp).
  std::vector<SoftLookupRow> soft_lookup;

  const WorkbenchReport& first() const { return experiment ? experiment->first : *sentence; }
  // The kinds' two sentences: the pair's own when shared (kinds->a and ->b are then empty).
  const WorkbenchReport& kinds_a() const { return kinds_share_pair ? experiment->first : kinds->a; }
  const WorkbenchReport& kinds_b() const { return kinds_share_pair ? experiment->second : kinds->b; }
};

// Throws InputError when the chapter's own sentence (or a width, a seed) is refused: then there
// is nothing to show. A refused sentence B is said in experiment_error and kinds_error.
QkvChapterReport run_qkv_chapter(const QkvChapterOptions& options);

}  // namespace aw
