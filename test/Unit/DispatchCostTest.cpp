//===- DispatchCostTest.cpp - Each dispatch's FLOPs and bytes -------------===//
//
// A graph compiled through the C++ API carries, per manifest dispatch, the
// FLOPs of its contraction (2 per multiply-add, 0 for other kernels) and the
// bytes of its views, on every device, and its artifact keeps them. The
// expected figures are worked out by hand from the shapes below.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"
#include "runtime/Artifact.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// x [4, 8] . w [8, 16] -> y [4, 16], then z = relu(y), all f32.
constexpr uint64_t kMatmulFlops = 2 * 4 * 16 * 8;
constexpr uint64_t kXBytes = 4 * 8 * 4, kWBytes = 8 * 16 * 4,
                   kYBytes = 4 * 16 * 4, kZBytes = 4 * 16 * 4;

rlx::Graph matmulRelu() {
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {4, 8});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {8, 16});
  g.setOutputs({{"z", g.relu(g.matmul(x, w))}});
  return g;
}

rlx::Expected<rlx::CompiledGraph> compile(rlx::Device device, bool fuse) {
  rlx::Session session(device);
  rlx::CompileOptions options;
  options.fuse = fuse;
  return session.compileWith(matmulRelu(), options);
}

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

/// Unfused: the matmul reads x and w and writes y; relu reads y, writes z.
void expectUnfused(const std::vector<rlx::Dispatch> &dispatches) {
  ASSERT_EQ(dispatches.size(), 2u);
  EXPECT_TRUE(startsWith(dispatches[0].kernel, "matmul"))
      << dispatches[0].kernel;
  EXPECT_EQ(dispatches[0].flops, kMatmulFlops);
  EXPECT_EQ(dispatches[0].bytes, kXBytes + kWBytes + kYBytes);
  EXPECT_EQ(dispatches[1].flops, 0u) << dispatches[1].kernel;
  EXPECT_EQ(dispatches[1].bytes, kYBytes + kZBytes);
}

void expectUnfusedRoundTrip(rlx::Device device) {
  auto graph = compile(device, /*fuse=*/false);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  SCOPED_TRACE("manifest");
  expectUnfused(graph->manifest().dispatches);

  // The artifact keeps them, and encodes them the same way again.
  const std::vector<uint8_t> &bytes = graph->artifactBytes();
  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  {
    SCOPED_TRACE("deserialized artifact");
    expectUnfused(artifact->manifest.dispatches);
  }
  EXPECT_EQ(rlx::runtime::serializeArtifact(*artifact), bytes);

  // A graph loaded from the artifact reports them.
  rlx::Session session(device);
  auto loaded = session.load(bytes);
  ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
  SCOPED_TRACE("loaded");
  expectUnfused(loaded->manifest().dispatches);
}

TEST(DispatchCost, UnfusedCpu) { expectUnfusedRoundTrip(rlx::Device::cpu); }

// Fused into one fused_matmul (relu its epilogue): the contraction's FLOPs,
// and y never leaves the kernel.
TEST(DispatchCost, FusedCpu) {
  auto graph = compile(rlx::Device::cpu, /*fuse=*/true);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  const std::vector<rlx::Dispatch> &dispatches = graph->manifest().dispatches;
  ASSERT_EQ(dispatches.size(), 1u);
  EXPECT_TRUE(startsWith(dispatches[0].kernel, "fused_matmul"))
      << dispatches[0].kernel;
  EXPECT_EQ(dispatches[0].flops, kMatmulFlops);
  EXPECT_EQ(dispatches[0].bytes, kXBytes + kWBytes + kZBytes);
}

// An i1 view counts one byte per element, as the runtime stores it:
// two f32 [4, 16] operands and the i1 [4, 16] result.
TEST(DispatchCost, BoolViewIsOneBytePerElement) {
  rlx::Session session(rlx::Device::cpu);
  rlx::CompileOptions options;
  options.fuse = false;
  auto graph = session.compileWith(R"(
func.func @f(%a: tensor<4x16xf32> {mir.name = "a"}, %b: tensor<4x16xf32> {mir.name = "b"}) -> (tensor<4x16xi1> {mir.name = "y"}) {
  %y = mir.compare lt %a, %b : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xi1>
  return %y : tensor<4x16xi1>
})",
                                   options);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  const std::vector<rlx::Dispatch> &dispatches = graph->manifest().dispatches;
  ASSERT_EQ(dispatches.size(), 1u);
  EXPECT_EQ(dispatches[0].flops, 0u);
  EXPECT_EQ(dispatches[0].bytes, 2 * 4 * 16 * 4 + 4 * 16 * 1);
}

#ifdef RLX_HAVE_VULKAN
// GPU kernels are built another way; their dispatches carry the same facts.
TEST(DispatchCost, UnfusedVulkan) {
  expectUnfusedRoundTrip(rlx::Device::vulkan);
}
#endif

} // namespace
