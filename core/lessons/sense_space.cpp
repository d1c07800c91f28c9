#include "core/lessons/sense_space.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include "core/lessons/workbench.hpp"
#include "core/space/neighbours.hpp"

namespace aw {

namespace {

void require_labels(long rows, const std::vector<std::string>& words, const std::vector<std::string>& senses) {
  if (rows == 0) throw InputError("there are no points whose senses could group");
  if (static_cast<long>(words.size()) != rows || static_cast<long>(senses.size()) != rows) {
    throw InputError("every point needs a word and a sense label (" + std::to_string(rows) + " points, " +
                     std::to_string(words.size()) + " words, " + std::to_string(senses.size()) + " senses)");
  }
}

// Rows of each word, words in order of first appearance.
std::vector<std::pair<std::string, std::vector<long>>> rows_by_word(const std::vector<std::string>& words) {
  std::vector<std::pair<std::string, std::vector<long>>> out;
  for (long i = 0; i < static_cast<long>(words.size()); ++i) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == words[static_cast<std::size_t>(i)]; });
    if (it == out.end()) out.push_back({words[static_cast<std::size_t>(i)], {i}});
    else it->second.push_back(i);
  }
  for (const auto& [word, rows] : out) {
    if (rows.size() < 2) throw InputError("“" + word + "” has only one point: its senses cannot be compared");
  }
  return out;
}

// Share of rows whose nearest other row of the same word has the same sense. `closeness(i, j)`:
// larger is nearer.
template <typename Closeness>
double same_sense_share(const std::vector<std::string>& words, const std::vector<std::string>& senses, Closeness closeness) {
  long same = 0, total = 0;
  for (const auto& [word, rows] : rows_by_word(words)) {
    for (long i : rows) {
      long best = -1;
      double best_value = -std::numeric_limits<double>::infinity();
      for (long j : rows) {
        if (j == i) continue;
        const double value = closeness(i, j);
        if (value > best_value) { best_value = value; best = j; }  // ties: the lower index
      }
      same += senses[static_cast<std::size_t>(best)] == senses[static_cast<std::size_t>(i)];
      total += 1;
    }
  }
  return static_cast<double>(same) / static_cast<double>(total);
}

}  // namespace

std::vector<train::Example> sense_examples() {
  const train::TaskData& task = train::task_data();
  std::vector<train::Example> out = task.train;
  out.insert(out.end(), task.validation.begin(), task.validation.end());
  return out;
}

SenseVectors untrained_sense_vectors(const std::shared_ptr<const PretrainedTable>& glove, std::uint64_t proj_seed) {
  if (!glove) throw InputError("No word vectors are loaded: choose the GloVe subset.");
  const std::vector<train::Example> examples = sense_examples();
  SenseVectors out;
  for (std::size_t s = 0; s < examples.size(); ++s) {
    const train::Example& e = examples[s];
    WorkbenchOptions options;
    options.sentence = e.text;
    options.source = Source::Pretrained;
    options.pretrained = glove;
    options.tie_widths = true;  // the bank chapter's GloVe set-up: d_k = d_v = d_model
    options.proj_seed = proj_seed;
    const WorkbenchReport report = run_workbench(options);
    if (!report.oov.missing.empty()) {
      throw InputError("The GloVe rows lack “" + report.oov.missing.front() + "”, a word of the sentence “" + e.text + "”.");
    }
    const long target = e.target;
    if (target >= static_cast<long>(report.tokens.size()) || report.tokens[static_cast<std::size_t>(target)].key != e.word) {
      throw InputError("“" + e.word + "” is not at word " + std::to_string(target + 1) + " of “" + e.text + "”");
    }
    if (s == 0) {
      out.outputs.resize(static_cast<long>(examples.size()), report.projected.Y.cols());
      out.context_mean.resize(static_cast<long>(examples.size()), report.X.cols());
    }
    out.outputs.row(static_cast<long>(s)) = report.projected.Y.row(target).cast<float>();
    Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(report.X.cols());
    for (long t = 0; t < report.X.rows(); ++t) if (t != target) sum += report.X.row(t);
    out.context_mean.row(static_cast<long>(s)) = (sum / static_cast<double>(report.X.rows() - 1)).cast<float>();
    Eigen::Index key = 0;
    out.top_weight.push_back(report.projected.attn_weights.row(target).maxCoeff(&key));
    out.top_word.push_back(report.tokens[static_cast<std::size_t>(key)].key);
    out.rows_over_90 += out.top_weight.back() > 0.9;
  }
  for (const std::string& word : out.top_word) {
    const long count = std::count(out.top_word.begin(), out.top_word.end(), word);
    if (count > out.common_top_count) {
      out.common_top_count = count;
      out.common_top_word = word;
    }
  }
  std::vector<double> sorted = out.top_weight;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t m = sorted.size();
  out.median_top_weight = m % 2 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;  // np.median
  return out;
}

SenseGrouping sense_grouping(const Eigen::Ref<const Eigen::MatrixXf>& points, const std::vector<std::string>& words,
                             const std::vector<std::string>& senses) {
  require_labels(points.rows(), words, senses);
  space::require_nonzero_rows(points);
  const Eigen::MatrixXd X = points.cast<double>();
  const Eigen::MatrixXd unit = X.rowwise().normalized();
  const auto cos = [&](long i, long j) { return unit.row(i).dot(unit.row(j)); };
  SenseGrouping out;
  double chance_sum = 0;
  for (const auto& [word, rows] : rows_by_word(words)) {
    WordSenseGrouping g;
    g.word = word;
    std::map<std::string, long> per_sense;
    for (long i : rows) per_sense[senses[static_cast<std::size_t>(i)]] += 1;
    for (std::size_t a = 0; a < rows.size(); ++a) {
      for (std::size_t b = a + 1; b < rows.size(); ++b) {
        const bool same = senses[static_cast<std::size_t>(rows[a])] == senses[static_cast<std::size_t>(rows[b])];
        (same ? g.within : g.across) += cos(rows[a], rows[b]);
        (same ? g.within_pairs : g.across_pairs) += 1;
      }
    }
    if (g.within_pairs == 0 || g.across_pairs == 0) {
      throw InputError("“" + word + "” needs two points in one sense and points in another to compare senses");
    }
    g.within /= static_cast<double>(g.within_pairs);
    g.across /= static_cast<double>(g.across_pairs);
    g.gap = g.within - g.across;
    out.mean_gap += g.gap;
    for (long i : rows) chance_sum += static_cast<double>(per_sense[senses[static_cast<std::size_t>(i)]] - 1) / static_cast<double>(rows.size() - 1);
    out.words.push_back(g);
  }
  out.mean_gap /= static_cast<double>(out.words.size());
  out.neighbour_chance = chance_sum / static_cast<double>(points.rows());
  out.neighbour_same_sense = same_sense_share(words, senses, cos);
  return out;
}

double layout_same_sense_share(const Eigen::Ref<const Eigen::MatrixXf>& layout, const std::vector<std::string>& words,
                               const std::vector<std::string>& senses) {
  require_labels(layout.rows(), words, senses);
  const Eigen::MatrixXd Y = layout.cast<double>();
  return same_sense_share(words, senses, [&](long i, long j) { return -(Y.row(i) - Y.row(j)).squaredNorm(); });
}

}  // namespace aw
