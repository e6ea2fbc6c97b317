//===- runtime_consumer.cpp - Runs an artifact with the runtime alone -----===//
//
// Built against an installed rlx with rlx::runtime (test/Install): loads the
// artifact named on the command line, sets element i of every param and
// input to ((i mod 5) - 2) / 2 (exact in f32), runs it and prints each
// output's values.
//
//===----------------------------------------------------------------------===//
#include "rlx/CompiledGraph.h"

#include <cstdio>
#include <vector>

static std::vector<float> formula(int64_t count) {
  std::vector<float> values(count);
  for (int64_t i = 0; i < count; ++i)
    values[i] = float(i % 5 - 2) / 2;
  return values;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: runtime_consumer <artifact.rlxa>\n");
    return 2;
  }
  rlx::Expected<rlx::CompiledGraph> loaded = rlx::load(argv[1]);
  if (!loaded) {
    std::fprintf(stderr, "runtime_consumer: %s\n",
                 loaded.status().toString().c_str());
    return 1;
  }
  rlx::CompiledGraph &graph = *loaded;
  const rlx::Manifest &manifest = graph.manifest();

  for (const rlx::Slot *param : manifest.slotsWithRole(rlx::SlotRole::param)) {
    std::vector<float> values = formula(param->elementCount());
    if (rlx::Status s =
            graph.setParam(param->name, values.data(), values.size());
        !s) {
      std::fprintf(stderr, "runtime_consumer: %s\n", s.toString().c_str());
      return 1;
    }
  }
  std::vector<std::vector<float>> data;
  std::vector<rlx::NamedInput> inputs;
  for (const rlx::Slot *input : manifest.slotsWithRole(rlx::SlotRole::input))
    data.push_back(formula(input->elementCount()));
  for (const rlx::Slot *input : manifest.slotsWithRole(rlx::SlotRole::input)) {
    const std::vector<float> &values = data[inputs.size()];
    inputs.push_back(
        {input->name, values.data(), values.size() * sizeof(float)});
  }

  rlx::Expected<std::vector<rlx::NamedOutput>> outputs = graph.run(inputs);
  if (!outputs) {
    std::fprintf(stderr, "runtime_consumer: %s\n",
                 outputs.status().toString().c_str());
    return 1;
  }
  for (const rlx::NamedOutput &output : *outputs) {
    std::printf("%s:", output.name.c_str());
    for (size_t i = 0; i < output.bytes.size() / sizeof(float); ++i)
      std::printf(" %g", output.floats()[i]);
    std::printf("\n");
  }
  return 0;
}
