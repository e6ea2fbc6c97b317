//===- VulkanKernelConfig.cpp - How the Vulkan backend wants its kernels --===//
//
// The Vulkan target's answers to convert-mir-to-lir (KernelConfig.td): no
// library calls; every op with a GPU kernel (GpuKernels.h) gets it, sized by
// the device's limits; anything else falls back to the neutral kernel split
// into one workgroup per row of its outer independent dim.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToSPIRV/VulkanBackend.h"
#include "conversion/MIRToLIR/KernelConfig.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::rlx;

GpuLimits mlir::rlx::gpuLimitsOf(VulkanTargetAttr target) {
  auto env = cast<spirv::TargetEnvAttr>(target.getEnv());
  spirv::ResourceLimitsAttr limits = env.getResourceLimits();
  GpuLimits result;
  result.maxInvocations = limits.getMaxComputeWorkgroupInvocations();
  result.sharedMemoryBytes = limits.getMaxComputeSharedMemorySize();
  result.subgroupSize = limits.getSubgroupSize();
  result.subgroupArithmetic =
      llvm::is_contained(env.getTripleAttr().getCapabilities(),
                         spirv::Capability::GroupNonUniformArithmetic);
  return result;
}

std::string mlir::rlx::missingStorageSupport(Type type,
                                             VulkanTargetAttr target) {
  auto env = cast<spirv::TargetEnvAttr>(target.getEnv());
  auto has = [&](spirv::Capability c) {
    return llvm::is_contained(env.getTripleAttr().getCapabilities(), c);
  };
  if (type.isBF16())
    return "bf16 (SPIR-V has no bf16 arithmetic; compile without the bf16 "
           "precision policy)";
  if (type.isF16() && !(has(spirv::Capability::Float16) &&
                        has(spirv::Capability::StorageBuffer16BitAccess)))
    return "f16 (the Float16 and StorageBuffer16BitAccess capabilities)";
  if (type.isF64() && !has(spirv::Capability::Float64))
    return "f64 (the Float64 capability)";
  if (type.isInteger(64) && !has(spirv::Capability::Int64))
    return "i64 (the Int64 capability)";
  return "";
}

namespace {
struct VulkanKernelConfig
    : KernelConfigAttrInterface::ExternalModel<VulkanKernelConfig,
                                               VulkanTargetAttr> {
  FailureOr<std::optional<KernelShape>> buildKernel(Attribute target,
                                                    OpBuilder &b, Operation *op,
                                                    ValueRange operands,
                                                    ValueRange results) const {
    return buildGpuKernel(b, op, operands, results,
                          gpuLimitsOf(cast<VulkanTargetAttr>(target)));
  }

  StringRef getLibraryCall(Attribute, Operation *, bool) const { return ""; }

  KernelSplitPolicy getSplitPolicy(Attribute, Operation *, ArrayRef<int64_t>,
                                   int64_t, StringRef) const {
    // The fallback: one workgroup (of one invocation) per index of the
    // outer independent dim.
    KernelSplitPolicy policy;
    policy.minChunk = 1;
    policy.minElements = 0;
    return policy;
  }
};
} // namespace

void mlir::rlx::registerVulkanBackend(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RLXDialect *) {
    VulkanTargetAttr::attachInterface<VulkanKernelConfig>(*ctx);
  });
}
