// The bundled GloVe subset's rows for the training task's words (public/data/glove-100d.*),
// decoded by the core as the page does, for the tests that train on GloVe inputs.
#pragma once
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/text/vector_file.hpp"
#include "core/train/task_data.hpp"

namespace test_glove {

inline aw::MatD task_rows(const std::string& data_dir) {
  std::ifstream words_in(data_dir + "/glove-100d.words.txt");
  std::unordered_map<std::string, long> index;
  long n = 0;
  for (std::string w; std::getline(words_in, w);) {
    if (!w.empty()) index.emplace(w, n++);
  }
  std::ifstream pack_in(data_dir + "/glove-100d.i8.bin", std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(pack_in)), std::istreambuf_iterator<char>());
  std::uint32_t count = 0, dim = 0;
  std::memcpy(&count, bytes.data() + 4, 4);
  std::memcpy(&dim, bytes.data() + 8, 4);
  std::vector<float> scales(count);
  std::memcpy(scales.data(), bytes.data() + 12, 4 * count);
  std::vector<std::int8_t> codes(static_cast<std::size_t>(count) * dim);
  std::memcpy(codes.data(), bytes.data() + 12 + 4 * count, codes.size());
  const std::vector<float> decoded = aw::decode_int8_vectors(codes, scales, static_cast<int>(dim));
  const auto& vocabulary = aw::train::task_data().vocabulary;
  aw::MatD rows(static_cast<long>(vocabulary.size()), dim);
  for (std::size_t r = 0; r < vocabulary.size(); ++r) {
    const long at = index.at(vocabulary[r]);
    for (std::uint32_t f = 0; f < dim; ++f) rows(static_cast<long>(r), f) = decoded[static_cast<std::size_t>(at) * dim + f];
  }
  return rows;
}

}  // namespace test_glove
