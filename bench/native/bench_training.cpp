// Native training speed of the block (core/train/): optimizer steps per second on the sense
// task, for the configurations bench/training.mjs names (the same ones the wasm and PyTorch
// timings use). Usage: aw_bench_training <dModel> <dK> <batch> <sgd|adam> <trainable 0|1> <steps>
// Prints one JSON line: {"impl":"native","steps":…,"best_steps_per_s":…,"median_steps_per_s":…,"final_loss":…}
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/train/trainer.hpp"

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s dModel dK batch sgd|adam trainable steps\n", argv[0]);
    return 2;
  }
  aw::train::TrainerConfig c;
  c.d_model = std::atoi(argv[1]);
  c.d_k = std::atoi(argv[2]);
  c.batch_size = std::atoi(argv[3]);
  c.optimizer = std::strcmp(argv[4], "adam") == 0 ? aw::train::OptimizerKind::Adam : aw::train::OptimizerKind::Sgd;
  c.learning_rate = c.optimizer == aw::train::OptimizerKind::Adam ? 0.01 : 0.1;
  c.trainable_embeddings = std::atoi(argv[5]) != 0;
  const int steps = std::atoi(argv[6]);
  std::vector<double> rates;
  double loss = 0;
  for (int repeat = 0; repeat < 5; ++repeat) {
    aw::train::Trainer trainer(c);
    const auto start = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s) loss = trainer.step().loss;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rates.push_back(steps / seconds);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("{\"impl\":\"native\",\"steps\":%d,\"best_steps_per_s\":%.1f,\"median_steps_per_s\":%.1f,\"final_loss\":%.12g}\n",
              steps, rates.back(), rates[rates.size() / 2], loss);
  return 0;
}
