// The training chapter's task: which sense an ambiguous word ("bank", "plant", "bat", "cell")
// has in a sentence. The examples live in core/train/sentences.tsv (written for the project,
// documented in its header); CMake compiles that file into the core (task_sentences.cpp.in).
#pragma once
#include <string>
#include <vector>

namespace aw::train {

struct Example {
  std::string text;                 // the sentence as written in the file
  std::string word;                 // the ambiguous word, e.g. "bank"
  std::string sense;                // e.g. "river"
  int label = 0;                    // index into TaskData::classes
  std::vector<std::string> tokens;  // the sentence's words (lookup keys), in order
  int target = 0;                   // position of `word` in tokens
};

struct TaskData {
  std::vector<std::string> classes;         // "bank: river", "bank: money", ... (first appearance)
  std::vector<std::string> function_words;  // the only words (beside the ambiguous ones) shared by both splits
  std::vector<Example> train;
  std::vector<Example> validation;
  std::vector<std::string> vocabulary;      // every word of both splits, first appearance first
};

// Parses the tab-separated format of sentences.tsv; throws InputError naming the bad line.
TaskData parse_task_data(const std::string& tsv);

// The project's task (sentences.tsv as compiled into the core).
const TaskData& task_data();
const std::string& task_data_source();  // the raw file, for tests

}  // namespace aw::train
