//===- VulkanDeviceTarget.cpp - A Vulkan device as a target ---------------===//
#include "api/backends/VulkanDeviceTarget.h"
#include "runtime/Artifact.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"

#include <algorithm>
#include <climits>

using namespace mlir;
using namespace mlir::rlx;

/// The SPIR-V version of the runtime's encoding (0x00010300 is 1.3), capped
/// at the newest MLIR serializes.
static spirv::Version spirvVersionOf(uint32_t encoded) {
  uint32_t minor = (encoded >> 8) & 0xff;
  if ((encoded >> 16) != 1 || minor < 3)
    return spirv::Version::V_1_3;
  return static_cast<spirv::Version>(
      std::min<uint32_t>(minor, static_cast<uint32_t>(spirv::Version::V_1_6)));
}

static spirv::Vendor vendorOf(uint32_t pciVendor) {
  switch (pciVendor) {
  case 0x1002:
    return spirv::Vendor::AMD;
  case 0x106b:
    return spirv::Vendor::Apple;
  case 0x13b5:
    return spirv::Vendor::ARM;
  case 0x1010:
    return spirv::Vendor::Imagination;
  case 0x8086:
    return spirv::Vendor::Intel;
  case 0x10de:
    return spirv::Vendor::NVIDIA;
  case 0x5143:
    return spirv::Vendor::Qualcomm;
  default:
    return spirv::Vendor::Unknown;
  }
}

static spirv::DeviceType deviceTypeOf(::rlx::runtime::VulkanDeviceType type) {
  using ::rlx::runtime::VulkanDeviceType;
  switch (type) {
  case VulkanDeviceType::integratedGpu:
    return spirv::DeviceType::IntegratedGPU;
  case VulkanDeviceType::discreteGpu:
    return spirv::DeviceType::DiscreteGPU;
  case VulkanDeviceType::cpu:
    return spirv::DeviceType::CPU;
  case VulkanDeviceType::virtualGpu:
  case VulkanDeviceType::other:
    break;
  }
  return spirv::DeviceType::Other;
}

VulkanTargetAttr
mlir::rlx::vulkanTargetFor(MLIRContext *ctx,
                           const ::rlx::runtime::VulkanDeviceInfo &device) {
  ctx->getOrLoadDialect<RLXDialect>();
  ctx->getOrLoadDialect<spirv::SPIRVDialect>();
  using Cap = spirv::Capability;
  using Ext = spirv::Extension;
  SmallVector<Cap> caps = {Cap::Shader};
  SmallVector<Ext> exts = {Ext::SPV_KHR_storage_buffer_storage_class};
  uint32_t has = device.features;
  if (has & ::rlx::runtime::kVulkanFloat16)
    caps.push_back(Cap::Float16);
  if (has & ::rlx::runtime::kVulkanStorage16Bit) {
    caps.push_back(Cap::StorageBuffer16BitAccess);
    exts.push_back(Ext::SPV_KHR_16bit_storage);
  }
  if (has & ::rlx::runtime::kVulkanStorage8Bit) {
    caps.append({Cap::Int8, Cap::StorageBuffer8BitAccess});
    exts.push_back(Ext::SPV_KHR_8bit_storage);
  }
  if (has & ::rlx::runtime::kVulkanInt64)
    caps.push_back(Cap::Int64);
  if (has & ::rlx::runtime::kVulkanSubgroupArithmetic)
    caps.append({Cap::GroupNonUniform, Cap::GroupNonUniformArithmetic});
  auto vce = spirv::VerCapExtAttr::get(spirvVersionOf(device.maxSpirvVersion),
                                       caps, exts, ctx);
  Builder b(ctx);
  auto clamp = [](uint64_t v) {
    return static_cast<int>(std::min<uint64_t>(v, INT32_MAX));
  };
  SmallVector<int64_t> maxSize(device.maxComputeWorkGroupSize.begin(),
                               device.maxComputeWorkGroupSize.end());
  auto limits = spirv::ResourceLimitsAttr::get(
      ctx, clamp(device.maxComputeSharedMemorySize),
      clamp(device.maxComputeWorkGroupInvocations),
      b.getI32ArrayAttr(
          {clamp(maxSize[0]), clamp(maxSize[1]), clamp(maxSize[2])}),
      clamp(device.subgroupSize), clamp(device.minSubgroupSize),
      clamp(device.maxSubgroupSize), b.getArrayAttr({}), b.getArrayAttr({}));
  auto env = spirv::TargetEnvAttr::get(
      vce, limits, spirv::ClientAPI::Vulkan, vendorOf(device.vendorId),
      deviceTypeOf(device.type), device.deviceId);
  return VulkanTargetAttr::get(ctx, env);
}
