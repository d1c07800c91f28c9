// "Parallelisable does not mean dependency-free" (Class 05), computed on the chapter's sentence.
// The stages depend on each other: a score needs a query and a key, a weight needs its whole
// score row (the softmax's maximum and sum run over every key), an output row needs its weights
// and every value. The rows do not: output row i, computed alone from X (its own query, every
// token's key and value, its one score row), equals row i of the full matrix computation Y = A V,
// without computing any other row's query, scores, weights or output. And yet each row reads
// every token's input: changing another token's vector changes y_i (unless a mask hides it).
#pragma once
#include <string>
#include <vector>

#include "core/lessons/flow.hpp"

namespace aw {

struct RowAlone {
  long row = 0;
  RowVec<double> y;          // y_i computed alone
  double max_difference = 0; // max |y_i alone − Y[i]|
  bool identical = false;    // equal to the bit
};

struct DependencyStage {
  std::string name;    // "query", "keys and values", "score row", "weight row", "output row"
  std::string needs;   // which earlier results it reads, in words
  long numbers_read = 0;  // how many numbers it reads for one row i
};

struct ParallelRowsReport {
  FlowForm form = FlowForm::ParamFree;
  long tokens = 0;
  std::vector<RowAlone> rows;   // every row, each computed on its own
  double max_difference = 0;    // over every row
  double max_relative = 0;      // max_difference / the largest |entry| of Y (0 when Y is 0)
  long identical_rows = 0;
  std::vector<DependencyStage> stages;  // the chain for one row, in order
  // Row `base`'s dependence on another token's input: x_other's first feature plus 1.
  long base = 0, other = -1;    // other < 0: the sentence has one token
  double other_input_effect = 0;  // max |y_base after the change − y_base|, both computed alone
  std::string other_masked;       // "" or why the base row does not see the other token
};

// Row i of the chosen form's output from X alone: q_i (x_i W_q, or x_i), every key and value,
// one score row (scaled and masked as the options say), its softmax, and the weighted sum.
RowVec<double> output_row_alone(const MatD& X, const WorkbenchReport& report, FlowForm form,
                                const AttentionOptions& options, long i);

ParallelRowsReport parallel_rows(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form,
                                 long base);

}  // namespace aw
