#include "core/train/task_data.hpp"

#include <algorithm>
#include <sstream>
#include <unordered_set>

#include "core/math/matrix.hpp"
#include "core/text/tokenize.hpp"

namespace aw::train {
namespace {

std::vector<std::string> split(const std::string& line, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(line);
  std::string part;
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

int class_index(TaskData& data, const std::string& name) {
  const auto found = std::find(data.classes.begin(), data.classes.end(), name);
  if (found != data.classes.end()) return static_cast<int>(found - data.classes.begin());
  data.classes.push_back(name);
  return static_cast<int>(data.classes.size()) - 1;
}

Example make_example(TaskData& data, const std::vector<std::string>& fields, int line_number) {
  Example e;
  e.word = fields[1];
  e.sense = fields[2];
  e.text = fields[3];
  e.label = class_index(data, e.word + ": " + e.sense);
  for (const auto& token : tokenize(e.text, 256).tokens) e.tokens.push_back(token.key);
  const auto count = std::count(e.tokens.begin(), e.tokens.end(), e.word);
  if (count != 1) {
    throw InputError("task data line " + std::to_string(line_number) + ": \"" + e.word +
                     "\" must occur exactly once in its sentence");
  }
  e.target = static_cast<int>(std::find(e.tokens.begin(), e.tokens.end(), e.word) - e.tokens.begin());
  return e;
}

}  // namespace

TaskData parse_task_data(const std::string& tsv) {
  TaskData data;
  std::stringstream in(tsv);
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    const auto fields = split(line, '\t');
    if (fields[0] == "function" && fields.size() == 2) {
      for (const auto& token : tokenize(fields[1], 1000).tokens) data.function_words.push_back(token.key);
    } else if ((fields[0] == "train" || fields[0] == "validation") && fields.size() == 4) {
      (fields[0] == "train" ? data.train : data.validation).push_back(make_example(data, fields, line_number));
    } else {
      throw InputError("task data line " + std::to_string(line_number) +
                       ": expected 'train|validation <tab> word <tab> sense <tab> sentence'");
    }
  }
  std::unordered_set<std::string> seen;
  for (const auto* split_examples : {&data.train, &data.validation}) {
    for (const auto& e : *split_examples) {
      for (const auto& w : e.tokens) {
        if (seen.insert(w).second) data.vocabulary.push_back(w);
      }
    }
  }
  return data;
}

const TaskData& task_data() {
  static const TaskData data = parse_task_data(task_data_source());
  return data;
}

}  // namespace aw::train
