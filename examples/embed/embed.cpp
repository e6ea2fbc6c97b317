//===- embed.cpp - Embedding rlx in a C++ program -------------------------===//
//
// Builds a small classifier with the Graph API, compiles it for the CPU,
// binds its weights, runs it and prints the probabilities:
//     probs = softmax(relu(x W1 + b1) W2 + b2)
// Build: ninja -C build rlx-embed-example; run: build/bin/rlx-embed-example
//
//===----------------------------------------------------------------------===//
#include "rlx/Graph.h"
#include "rlx/Session.h"

#include <cstdio>
#include <vector>

int main() {
  // 1. Describe the model: inputs, named weights, ops, outputs.
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
  rlx::Tensor w1 = g.param("w1", rlx::DType::f32, {3, 4});
  rlx::Tensor b1 = g.param("b1", rlx::DType::f32, {4});
  rlx::Tensor w2 = g.param("w2", rlx::DType::f32, {4, 2});
  rlx::Tensor b2 = g.param("b2", rlx::DType::f32, {2});
  rlx::Tensor h = g.linear(x, w1, b1, rlx::Activation::relu);
  rlx::Tensor logits = g.linear(h, w2, b2);
  g.setOutputs({{"probs", g.softmax(logits)}});

  // 2. Compile it for the CPU.
  rlx::Session session(rlx::Device::cpu);
  rlx::Expected<rlx::CompiledGraph> compiled = session.compile(g);
  if (!compiled) {
    std::fprintf(stderr, "compile failed: %s\n",
                 compiled.status().toString().c_str());
    return 1;
  }
  rlx::CompiledGraph &model = *compiled;

  // 3. Bind the weights once.
  std::vector<float> w1v = {1, 0, -1, 0.5f, 0, 1, 1, -0.5f, 1, 1, 0, 0};
  std::vector<float> b1v = {0, 0, 0.5f, 1};
  std::vector<float> w2v = {1, -1, 0.5f, 0.5f, -1, 1, 0, 2};
  std::vector<float> b2v = {0.25f, -0.25f};
  for (auto [name, values] :
       {std::pair{"w1", &w1v}, {"b1", &b1v}, {"w2", &w2v}, {"b2", &b2v}})
    if (rlx::Status s = model.setParam(name, values->data(), values->size());
        !s) {
      std::fprintf(stderr, "%s\n", s.toString().c_str());
      return 1;
    }

  // 4. Run with named inputs, as often as needed.
  std::vector<float> xv = {1, 2, 3, -1, 0, 1};
  rlx::Expected<std::vector<rlx::NamedOutput>> out =
      model.run({{"x", xv.data(), xv.size() * sizeof(float)}});
  if (!out) {
    std::fprintf(stderr, "run failed: %s\n", out.status().toString().c_str());
    return 1;
  }
  const rlx::NamedOutput &probs = (*out)[0];
  for (int row = 0; row < 2; ++row)
    std::printf("%s[%d] = %.6f %.6f\n", probs.name.c_str(), row,
                probs.floats()[row * 2], probs.floats()[row * 2 + 1]);
  return 0;
}
