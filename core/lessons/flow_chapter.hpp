// Everything the whiteboard-flow chapter shows, from one computation of its sentence: the flow of
// one base token, the four observations (shuffle, distance, any length, nothing trained), the
// Class 05 roles the gradient diagram labels, and the parallel-heads sketch. Before this, the page
// computed the sentence six or more times per keystroke (one call per section). A pure function of
// its options; the experiments reorder and cut the sentence's own rows, they do not look it up again.
#pragma once
#include <optional>
#include <string>

#include "core/lessons/flow.hpp"
#include "core/lessons/heads_sketch.hpp"
#include "core/lessons/linearity.hpp"
#include "core/lessons/observations.hpp"
#include "core/lessons/parallel_rows.hpp"

namespace aw {

struct FlowChapterOptions {
  FlowOptions flow;               // the sentence, the form, the base token and the toggles
  std::uint64_t shuffle_seed = 1;  // observation (a)
  long distance_other = -1;       // observation (b): the word moved; < 0 or invalid: the default
  int heads = 4;                  // the heads sketch; not a divisor of d_model: the default
};

struct FlowChapterReport {
  FlowReport flow;
  ShuffleReport shuffle;
  std::optional<DistanceReport> distance;  // absent when the sentence has one token
  LengthReport length;
  TrainingReport training;      // observation (d), in the chapter's form
  TrainingReport training_qkv;  // the gradient diagram's boxes: always the Class 05 form
  int heads = 0;                // the head count used (heads_for)
  std::optional<HeadsSketch> heads_sketch;
  std::string heads_error;      // why there is no sketch (d_k or d_v differs from d_model)
  LinearityReport linearity;    // the Class 05 block: linear projections, a softmax that is not
  ParallelRowsReport parallel;  // in the chapter's form: each output row computed alone
};

// The word observation (b) moves: `requested` when it is another token of the sentence, else the
// last token (the first when the base is the last).
long distance_other_for(long requested, long base, long tokens);

// The heads the sketch uses: `requested` when it divides d_model (at most 16), else 4 when that
// does, else the largest divisor up to 16.
int heads_for(int requested, long d_model);

FlowChapterReport run_flow_chapter(const FlowChapterOptions& options);

}  // namespace aw
