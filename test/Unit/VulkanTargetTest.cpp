//===- VulkanTargetTest.cpp - Compiling for the Vulkan device -------------===//
//
// Device::vulkan compiles for the runtime's device (vulkanTargetFor turns
// what the driver reports into a SPIR-V environment) or for the module's own
// #rlx.vulkan target; the loader refuses code the device cannot run, by
// name; artifacts round-trip; device mix-ups are errors. Runs on the
// machine's Vulkan device (lavapipe here).
//
//===----------------------------------------------------------------------===//
#include "api/backends/VulkanDeviceTarget.h"
#include "rlx/Session.h"
#include "runtime/Artifact.h"
#include "runtime/Runtime.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

/// A matmul, a softmax over 256 and a row sum: tiled, row and subgroup
/// kernels.
std::string model(const std::string &target = "") {
  std::string attrs =
      target.empty() ? "" : " attributes {rlx.target = " + target + "}";
  return "module" + attrs + R"( {
func.func @f(%x: tensor<4x64xf32> {hir.name = "x"}) -> (tensor<4x256xf32> {hir.name = "y"}) {
  %w = hir.param "w" : tensor<64x256xf32>
  %m = hir.matmul %x, %w : (tensor<4x64xf32>, tensor<64x256xf32>) -> tensor<4x256xf32>
  %s = hir.softmax %m axis = -1 : tensor<4x256xf32>
  return %s : tensor<4x256xf32>
}
})";
}

std::vector<float> values(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = scale * static_cast<float>(static_cast<int>(i * 37 % 19) - 9);
  return v;
}

rlx::Expected<std::vector<float>> run(rlx::CompiledGraph &graph) {
  std::vector<float> w = values(64 * 256, 0.01f), x = values(4 * 64, 0.1f);
  if (rlx::Status s = graph.setParam("w", w.data(), w.size()); !s)
    return s;
  auto out = graph.run({{"x", x.data(), x.size() * sizeof(float)}});
  if (!out)
    return out.status();
  const float *y = (*out)[0].floats();
  return std::vector<float>(y, y + 4 * 256);
}

rlx::Expected<std::vector<float>> compileAndRun(rlx::Device device,
                                                const std::string &text) {
  rlx::Session session(device);
  auto graph = session.compile(text);
  if (!graph)
    return graph.status();
  return run(*graph);
}

void expectContains(const rlx::Status &s, rlx::StatusCode code,
                    const std::string &text) {
  EXPECT_EQ(s.code(), code) << s.toString();
  EXPECT_NE(s.message().find(text), std::string::npos)
      << "'" << s.message() << "' lacks '" << text << "'";
}

TEST(VulkanTarget, DeviceIsAvailable) {
  std::string why;
  ASSERT_TRUE(rlx::runtime::vulkanAvailable(&why)) << why;
  EXPECT_TRUE(rlx::isAvailable(rlx::Device::vulkan));
}

// What the device reports becomes its SPIR-V environment, field by field.
TEST(VulkanTarget, DeviceTargetIsWhatTheDeviceHas) {
  rlx::runtime::VulkanDeviceInfo info;
  info.maxSpirvVersion = 0x00010500;
  info.features = rlx::runtime::kVulkanFloat16 |
                  rlx::runtime::kVulkanStorage16Bit |
                  rlx::runtime::kVulkanSubgroupArithmetic;
  info.maxComputeSharedMemorySize = 49152;
  info.maxComputeWorkGroupInvocations = 1024;
  info.maxComputeWorkGroupSize = {1024, 1024, 64};
  info.subgroupSize = 32;
  info.minSubgroupSize = 32;
  info.maxSubgroupSize = 32;
  info.vendorId = 0x10de;
  info.deviceId = 0x2330;
  info.type = rlx::runtime::VulkanDeviceType::discreteGpu;
  mlir::MLIRContext ctx;
  auto target = mlir::rlx::vulkanTargetFor(&ctx, info);
  auto env = mlir::cast<mlir::spirv::TargetEnvAttr>(target.getEnv());
  EXPECT_EQ(env.getVersion(), mlir::spirv::Version::V_1_5);
  auto caps = env.getTripleAttr().getCapabilities();
  auto has = [&](mlir::spirv::Capability c) {
    return std::find(caps.begin(), caps.end(), c) != caps.end();
  };
  EXPECT_TRUE(has(mlir::spirv::Capability::Shader));
  EXPECT_TRUE(has(mlir::spirv::Capability::Float16));
  EXPECT_TRUE(has(mlir::spirv::Capability::StorageBuffer16BitAccess));
  EXPECT_TRUE(has(mlir::spirv::Capability::GroupNonUniformArithmetic));
  EXPECT_FALSE(has(mlir::spirv::Capability::Int64));
  EXPECT_FALSE(has(mlir::spirv::Capability::StorageBuffer8BitAccess));
  auto limits = env.getResourceLimits();
  EXPECT_EQ(limits.getMaxComputeSharedMemorySize(), 49152);
  EXPECT_EQ(limits.getMaxComputeWorkgroupInvocations(), 1024);
  EXPECT_EQ(limits.getSubgroupSize(), 32);
  EXPECT_EQ(env.getVendorID(), mlir::spirv::Vendor::NVIDIA);
  EXPECT_EQ(env.getDeviceType(), mlir::spirv::DeviceType::DiscreteGPU);
  EXPECT_EQ(env.getDeviceID(), 0x2330u);

  // A Vulkan 1.0-era device: SPIR-V 1.3 at least (MLIR's lowest for
  // Vulkan 1.1), no optional capability.
  rlx::runtime::VulkanDeviceInfo bare;
  bare.maxSpirvVersion = 0x00010000;
  bare.subgroupSize = 1;
  auto bareEnv = mlir::cast<mlir::spirv::TargetEnvAttr>(
      mlir::rlx::vulkanTargetFor(&ctx, bare).getEnv());
  EXPECT_EQ(bareEnv.getVersion(), mlir::spirv::Version::V_1_3);
  EXPECT_EQ(llvm::range_size(bareEnv.getTripleAttr().getCapabilities()), 1u);
}

// The device's own target and the Vulkan 1.1 baseline named by the module
// both run here; the values agree with the CPU's (sums in another order).
TEST(VulkanTarget, DeviceAndBaselineTargetsMatchTheCpu) {
  auto cpu = compileAndRun(rlx::Device::cpu, model());
  ASSERT_TRUE(cpu.isOk()) << cpu.status().toString();
  for (const std::string &target :
       {std::string(), std::string("#rlx.vulkan<#spirv.target_env<#spirv.vce<"
                                   "v1.3, [Shader], "
                                   "[SPV_KHR_storage_buffer_storage_class]>, "
                                   "api=Vulkan, #spirv.resource_limits<>>>")}) {
    SCOPED_TRACE(target.empty() ? "device target" : target);
    auto gpu = compileAndRun(rlx::Device::vulkan, model(target));
    ASSERT_TRUE(gpu.isOk()) << gpu.status().toString();
    for (size_t i = 0; i < cpu->size(); ++i)
      ASSERT_NEAR((*gpu)[i], (*cpu)[i], 1e-6 + 1e-5 * std::fabs((*cpu)[i]))
          << "element " << i;
  }
}

// Code that assumes another subgroup size than the device's is refused at
// load, naming both sizes.
// bindParam on Vulkan copies into the device arena (docs/Embedding.md,
// "Parameters and memory"): the keep-alive is released at once, nothing is
// borrowed, and a later change to the caller's buffer is not seen.
TEST(VulkanTarget, BindParamCopiesIntoTheDeviceArena) {
  rlx::Session session(rlx::Device::vulkan);
  auto graph = session.compile(model());
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  auto w = std::make_shared<std::vector<float>>(values(64 * 256, 0.01f));
  ASSERT_TRUE(graph
                  ->bindParam("w", rlx::TensorView::of(w->data(), {64, 256}),
                              std::shared_ptr<const void>(w, w->data()))
                  .isOk());
  EXPECT_EQ(w.use_count(), 1);
  rlx::MemoryUse use = graph->memoryUse();
  EXPECT_EQ(use.borrowedParamBytes, 0u);
  EXPECT_EQ(use.arenaBytes, graph->manifest().arenaSize);
  std::vector<float> x = values(4 * 64, 0.1f);
  auto first = graph->run({{"x", x.data(), x.size() * sizeof(float)}});
  ASSERT_TRUE(first.isOk()) << first.status().toString();
  std::fill(w->begin(), w->end(), 0.0f);
  auto second = graph->run({{"x", x.data(), x.size() * sizeof(float)}});
  ASSERT_TRUE(second.isOk());
  EXPECT_EQ((*first)[0].bytes, (*second)[0].bytes);
  // And the copy is the weights: the same as setParam's run.
  auto viaSetParam = compileAndRun(rlx::Device::vulkan, model());
  ASSERT_TRUE(viaSetParam.isOk());
  EXPECT_EQ(
      std::vector<float>((*first)[0].floats(), (*first)[0].floats() + 4 * 256),
      *viaSetParam);
}

TEST(VulkanTarget, SubgroupSizeOfAnotherDeviceIsRefused) {
  auto device = rlx::runtime::vulkanDevice();
  ASSERT_TRUE(device.isOk()) << device.status().toString();
  uint32_t other = device->subgroupSize * 2;
  std::string target =
      "#rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader, "
      "GroupNonUniform, GroupNonUniformArithmetic], "
      "[SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, "
      "#spirv.resource_limits<max_compute_workgroup_invocations = 256, "
      "subgroup_size = " +
      std::to_string(other) + ">>>";
  rlx::Session session(rlx::Device::vulkan);
  auto graph = session.compile(model(target));
  ASSERT_FALSE(graph.isOk());
  expectContains(graph.status(), rlx::StatusCode::incompatible,
                 "was compiled for subgroup size " + std::to_string(other));
  // The session still compiles for its device.
  EXPECT_TRUE(session.compile(model()).isOk());
}

TEST(VulkanTarget, TargetOfTheOtherDeviceIsAnError) {
  rlx::Session vulkan(rlx::Device::vulkan);
  auto a = vulkan.compile(model("#rlx.cpu<cpu = \"x86-64\">"));
  ASSERT_FALSE(a.isOk());
  expectContains(a.status(), rlx::StatusCode::invalid_argument,
                 "is not a Vulkan target; compile it for Device::cpu");
  rlx::Session cpu(rlx::Device::cpu);
  auto b = cpu.compile(
      model("#rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], "
            "[SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, "
            "#spirv.resource_limits<>>>"));
  ASSERT_FALSE(b.isOk());
  expectContains(b.status(), rlx::StatusCode::invalid_argument,
                 "is a Vulkan target; compile it for Device::vulkan");
}

// The serialized artifact loads in another session and gives the same bits.
TEST(VulkanTarget, ArtifactRoundTripsBitwise) {
  rlx::Session session(rlx::Device::vulkan);
  auto graph = session.compile(model());
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  auto first = run(*graph);
  ASSERT_TRUE(first.isOk()) << first.status().toString();
  auto artifact = rlx::runtime::deserializeArtifact(
      graph->artifactBytes().data(), graph->artifactBytes().size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  EXPECT_EQ(artifact->device, "vulkan");
  // One SPIR-V module per kernel, each kernel in its own.
  ASSERT_EQ(artifact->vulkan.modules.size(), artifact->vulkan.kernels.size());
  for (size_t k = 0; k < artifact->vulkan.kernels.size(); ++k)
    EXPECT_EQ(artifact->vulkan.kernels[k].module, k);
  EXPECT_EQ(artifact->vulkan.dispatches.size(),
            artifact->manifest.dispatches.size());
  rlx::Session other(rlx::Device::vulkan);
  auto loaded = other.load(graph->artifactBytes());
  ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
  auto second = run(*loaded);
  ASSERT_TRUE(second.isOk()) << second.status().toString();
  EXPECT_EQ(*first, *second);
}

// Every float multiply, add and subtract in the artifact's SPIR-V carries
// NoContraction (no driver may fuse them); the matmul's fused multiply-adds
// are GLSL Fma instructions (docs/VulkanBackend.md, "Precision").
TEST(VulkanTarget, FloatArithmeticIsNeverContracted) {
  rlx::Session session(rlx::Device::vulkan);
  auto graph = session.compile(model());
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  auto artifact = rlx::runtime::deserializeArtifact(
      graph->artifactBytes().data(), graph->artifactBytes().size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  constexpr uint32_t opExtInst = 12, opDecorate = 71, opFAdd = 129,
                     opFSub = 131, opFMul = 133, noContraction = 42,
                     glslFma = 50;
  size_t arithmetic = 0, fmas = 0;
  for (const std::vector<uint32_t> &words : artifact->vulkan.modules) {
    std::set<uint32_t> decorated, results;
    for (size_t at = 5; at < words.size() && words[at] >> 16;
         at += words[at] >> 16) {
      uint32_t op = words[at] & 0xffff;
      if (op == opDecorate && words[at + 2] == noContraction)
        decorated.insert(words[at + 1]);
      if (op == opFAdd || op == opFSub || op == opFMul)
        results.insert(words[at + 2]);
      if (op == opExtInst && words[at + 4] == glslFma)
        ++fmas;
    }
    arithmetic += results.size();
    for (uint32_t id : results)
      EXPECT_TRUE(decorated.count(id)) << "%" << id << " is not decorated";
  }
  EXPECT_GT(arithmetic, 0u) << "the softmax has float arithmetic";
  EXPECT_GT(fmas, 0u) << "the matmul accumulates with Fma";
}

} // namespace
