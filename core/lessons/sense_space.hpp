// The embedding-space chapter's contextual vectors (issue 17): the ambiguous word's output row
// in every sentence of the training task (core/train/sentences.tsv: bank, plant, bat, cell, two
// senses each), and how well those rows group by sense.
//   - untrained_sense_vectors: the class's untrained block on GloVe, as the bank chapter runs it
//     with GloVe (Source::Pretrained, NumPy projections from default_rng(proj_seed), d_k = d_v =
//     d_model, ÷√d_k), each sentence on its own; the row of Y at the word. Beside it, the plain
//     mean of the sentence's other GloVe rows (no block at all), to tell the block's part from
//     the context words' part.
//   - sense_grouping: per word, the mean cosine between its rows in the same sense and across
//     senses, and how often a row's nearest row of the same word has the same sense. It takes any
//     labelled rows (the trained encoder's too, core/encoder/word_in_context.hpp).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/text/pretrained.hpp"
#include "core/train/task_data.hpp"

namespace aw {

// The task's sentences, training first, then validation (the order of every row below).
std::vector<train::Example> sense_examples();

struct SenseVectors {
  Eigen::MatrixXf outputs;       // (sentences, d_v): Y[target] of the untrained block
  Eigen::MatrixXf context_mean;  // (sentences, d_model): mean of the other words' GloVe rows
  // How much the word's attention row mixes: per sentence, its largest weight and that key's
  // word; then how many rows give more than 0.9 to one key, and the median largest weight.
  std::vector<double> top_weight;
  std::vector<std::string> top_word;
  long rows_over_90 = 0;
  double median_top_weight = 0;
  std::string common_top_word;  // the word that most often takes the largest weight (ties: first seen)
  long common_top_count = 0;
};

// Throws InputError when `glove` lacks a word of the task (the rows are looked up by word).
SenseVectors untrained_sense_vectors(const std::shared_ptr<const PretrainedTable>& glove, std::uint64_t proj_seed = 1);

struct WordSenseGrouping {
  std::string word;
  double within = 0;  // mean cosine over pairs of its rows in the same sense
  double across = 0;  // mean cosine over pairs in different senses
  double gap = 0;     // within − across: above 0 when its senses sit apart
  long within_pairs = 0, across_pairs = 0;
};

struct SenseGrouping {
  std::vector<WordSenseGrouping> words;  // in order of first appearance
  double mean_gap = 0;                   // over the words
  double neighbour_same_sense = 0;       // share of rows whose nearest row of the same word (cosine) has its sense
  double neighbour_chance = 0;           // that share when senses are assigned at random (pairs in the same sense / all pairs)
};

// Row i is labelled words[i], senses[i]. Needs at least two rows per word; refuses zero rows.
SenseGrouping sense_grouping(const Eigen::Ref<const Eigen::MatrixXf>& points, const std::vector<std::string>& words,
                             const std::vector<std::string>& senses);

// The same neighbour share in a layout (rows × dim), by Euclidean distance: what the picture shows.
double layout_same_sense_share(const Eigen::Ref<const Eigen::MatrixXf>& layout, const std::vector<std::string>& words,
                               const std::vector<std::string>& senses);

}  // namespace aw
