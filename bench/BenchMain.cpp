//===- BenchMain.cpp - rlx-bench entry point ------------------------------===//
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
