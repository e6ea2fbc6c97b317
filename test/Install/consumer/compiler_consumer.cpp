//===- compiler_consumer.cpp - Compiles a graph with an installed rlx -----===//
//
// Built against an installed rlx with rlx::compiler (test/Install): checks
// that the library is the version of the headers, compiles y = x w + b
// (2x3 by 3x2) with rlx::Session, runs it on the values runtime_consumer
// uses and compares the outputs with exact ones; with an argument, saves
// the artifact there for runtime_consumer.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"
#include "rlx/Version.h"

#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  std::printf("rlx %s (headers %s), artifact format %u\n", rlx::version(),
              RLX_VERSION_STRING, unsigned(rlx::artifactFormatVersion()));
  if (std::strcmp(rlx::version(), RLX_VERSION_STRING) != 0) {
    std::fprintf(stderr, "compiler_consumer: library and headers differ\n");
    return 1;
  }

  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {3, 2});
  rlx::Tensor b = g.param("b", rlx::DType::f32, {2});
  g.setOutputs({{"y", g.linear(x, w, b)}});

  rlx::Session session(rlx::Device::cpu);
  rlx::Expected<rlx::CompiledGraph> compiled = session.compile(g);
  if (!compiled) {
    std::fprintf(stderr, "compiler_consumer: %s\n",
                 compiled.status().toString().c_str());
    return 1;
  }
  // ((i mod 5) - 2) / 2, as runtime_consumer sets them.
  std::vector<float> xv = {-1, -0.5f, 0, 0.5f, 1, -1};
  std::vector<float> wv = xv;
  std::vector<float> bv = {-1, -0.5f};
  if (!compiled->setParam("w", wv.data(), wv.size()) ||
      !compiled->setParam("b", bv.data(), bv.size())) {
    std::fprintf(stderr, "compiler_consumer: setParam failed\n");
    return 1;
  }
  rlx::Expected<std::vector<rlx::NamedOutput>> out =
      compiled->run({{"x", xv.data(), xv.size() * sizeof(float)}});
  if (!out) {
    std::fprintf(stderr, "compiler_consumer: %s\n",
                 out.status().toString().c_str());
    return 1;
  }
  // Row 0: [-1 -0.5 0] w + b = [1 0.25] + b; row 1: [0.5 1 -1] w + b =
  // [-1.5 1.25] + b.
  const float expected[] = {0, -0.25f, -2.5f, 0.75f};
  const float *y = (*out)[0].floats();
  for (int i = 0; i < 4; ++i)
    if (y[i] != expected[i]) {
      std::fprintf(stderr, "compiler_consumer: y[%d] = %g, expected %g\n", i,
                   y[i], expected[i]);
      return 1;
    }
  std::printf("y: %g %g %g %g (exact)\n", y[0], y[1], y[2], y[3]);

  if (argc > 1)
    if (rlx::Status s = compiled->save(argv[1]); !s) {
      std::fprintf(stderr, "compiler_consumer: %s\n", s.toString().c_str());
      return 1;
    }
  return 0;
}
