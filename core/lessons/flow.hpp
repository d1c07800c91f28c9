// The whiteboard flow for one base token: every number a step of the diagram shows.
//   Class 04, parameter-free: compare x_i with every x_j (S_ij = x_i · x_j), normalise the row
//     with softmax, scale each x_j by a_ij, add them up -> y_i (a row of Y = A X).
//   Class 05, projected: q_i = x_i W_q, k_j = x_j W_k, v_j = x_j W_v, score q_i · k_j (÷ √d_k
//     when scaling is on), softmax, scale each v_j by a_ij, add -> y_i (a row of Y = A V).
// A pure function of its options; the page draws it, the tests check it against Y.
#pragma once
#include <string>
#include <vector>

#include "core/lessons/workbench.hpp"

namespace aw {

enum class FlowForm {
  ParamFree,  // Class 04: S = X Xᵀ, values are X itself
  Projected,  // Class 05: queries, keys and values through W_q, W_k, W_v
};

// What attention gives for an input X in one form (double precision throughout).
struct FormRun {
  MatD queries, keys, values;  // X, X, X (parameter-free) or Q, K, V
  MatD raw_scores;             // before scaling and masking
  MatD scores;                 // what softmax sees: scaled, masked entries -inf
  MatD attn_weights;           // rows sum to 1
  MatD Y;                      // attn_weights · values
  double divisor = 1;          // √d_k when scaling is on (projected form only), else 1
};

// Runs the chosen form on X with the workbench's projections and the given options.
FormRun run_form(const MatD& X, const WorkbenchReport& report, FlowForm form,
                 const AttentionOptions& options);

// One query row of run_form: what token i's scores and weights are, computed without the other
// queries (n·d work for the scores instead of n²·d). The experiments that read one row per
// rearranged sentence use it. Scores equal run_form's row up to rounding (a row product, not a
// matrix product); the weights are the same softmax of that row.
struct FormRow {
  Eigen::RowVectorXd raw_scores;    // q_i · k_j before scaling and masking
  Eigen::RowVectorXd attn_weights;  // softmax of the scaled, masked row
};
FormRow run_form_row(const MatD& X, const WorkbenchReport& report, FlowForm form,
                     const AttentionOptions& options, long i);

// Why a key is hidden from a query: "" (visible), "causal" or "window".
std::string mask_reason(long i, long j, const AttentionOptions& options);

struct FlowOptions {
  WorkbenchOptions workbench;  // sentence, source, widths, seeds, scale, causal, positional, window
  FlowForm form = FlowForm::ParamFree;
  long base = 0;  // index of the base token (the one whose output y_i is built)
};

struct FlowReport {
  FlowForm form = FlowForm::ParamFree;
  long base = 0;
  WorkbenchReport workbench;  // X, the projections, tokens, notices, ...
  RowVec<double> x_base;      // x_i, the base token's input vector (with PE when on)
  RowVec<double> query;       // q_i (projected) or x_i (parameter-free)
  MatD keys;                  // (n, d_k): k_j, or x_j
  MatD values;                // (n, d_v): v_j, or x_j
  MatD products;              // (n, d_k): query[f] * key_j[f], the terms before they are added
  Eigen::VectorXd raw_scores;  // query · key_j: one scalar per j
  double divisor = 1;          // √d_k, or 1
  Eigen::VectorXd scores;      // raw / divisor, -inf where the key is masked
  std::vector<std::string> masked;  // per j: "" or why it is hidden ("causal", "window")
  double row_max = 0;          // largest visible score, subtracted before exp
  Eigen::VectorXd exp_terms;   // exp(score_j - row_max); 0 where masked
  double exp_sum = 0;          // Σ_j exp_terms
  Eigen::VectorXd weights;     // a_ij = exp_term_j / exp_sum (the core's softmax row)
  double weight_sum = 0;       // Σ_j a_ij (1 up to rounding)
  MatD scaled_values;          // (n, d_v): a_ij v_j
  MatD partial_sums;           // (n, d_v): row j = a_i0 v_0 + ... + a_ij v_j
  RowVec<double> y;            // the last partial sum
  RowVec<double> y_core;       // row i of Y from the core's attention on the same input
  double max_deviation = 0;    // max_f |y - y_core|
  // Symmetry, the notes' distinction: raw scores S_ij and S_ji (parameter-free: equal),
  // normalised a_ij and a_ji (in general not: each row has its own denominator).
  Eigen::VectorXd raw_scores_column;  // raw score of (j, i) for every j
  Eigen::VectorXd weights_column;     // a_ji for every j
  double score_asymmetry = 0;         // max |raw_scores - raw_scoresᵀ| over the whole matrix
  double weight_asymmetry = 0;        // max |A - Aᵀ|
};

FlowReport run_flow(const FlowOptions& options);
// The same from the sentence's workbench report, computed with options.workbench.
FlowReport run_flow(const FlowOptions& options, WorkbenchReport workbench);

}  // namespace aw
