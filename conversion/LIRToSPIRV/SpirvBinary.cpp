//===- SpirvBinary.cpp - spirv.module to validated SPIR-V words -----------===//
#include "conversion/LIRToSPIRV/SpirvBinary.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Target/SPIRV/Serialization.h"

#include <spirv-tools/libspirv.hpp>

using namespace mlir;
using namespace mlir::rlx;

std::string mlir::rlx::validateSpirv(const std::vector<uint32_t> &words,
                                     unsigned vulkanMinor) {
  spv_target_env env = vulkanMinor >= 3   ? SPV_ENV_VULKAN_1_3
                       : vulkanMinor == 2 ? SPV_ENV_VULKAN_1_2
                       : vulkanMinor == 1 ? SPV_ENV_VULKAN_1_1
                                          : SPV_ENV_VULKAN_1_0;
  spvtools::SpirvTools tools(env);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &position,
                               const char *message) {
    messages += (messages.empty() ? "" : "\n") + std::string("word ") +
                std::to_string(position.index) + ": " + message;
  });
  if (!tools.Validate(words) && messages.empty())
    messages = "the SPIR-V validator rejected the module";
  return messages;
}

unsigned mlir::rlx::vulkanMinorFor(spirv::Version version) {
  switch (version) {
  case spirv::Version::V_1_0:
    return 0;
  case spirv::Version::V_1_1:
  case spirv::Version::V_1_2:
  case spirv::Version::V_1_3:
    return 1;
  case spirv::Version::V_1_4:
  case spirv::Version::V_1_5:
    return 2;
  default:
    return 3;
  }
}

static FailureOr<SpirvBinary> emitSpirvBinary(spirv::ModuleOp spirvModule) {
  SmallVector<uint32_t, 0> words;
  if (failed(spirv::serialize(spirvModule, words)))
    return spirvModule.emitError("cannot serialize the spirv.module");
  SpirvBinary binary;
  binary.words.assign(words.begin(), words.end());
  for (auto entry : spirvModule.getOps<spirv::EntryPointOp>())
    binary.entryPoints.push_back(entry.getFn().str());
  if (std::optional<spirv::VerCapExtAttr> vce = spirvModule.getVceTriple())
    for (spirv::Capability capability : vce->getCapabilities())
      binary.capabilities.push_back(
          spirv::stringifyCapability(capability).str());
  if (llvm::is_contained(binary.capabilities, "GroupNonUniformArithmetic"))
    binary.subgroupSize =
        static_cast<uint32_t>(spirv::lookupTargetEnvOrDefault(spirvModule)
                                  .getResourceLimits()
                                  .getSubgroupSize());
  return binary;
}

FailureOr<std::vector<SpirvBinary>>
mlir::rlx::emitSpirvBinaries(ModuleOp module) {
  std::vector<SpirvBinary> binaries;
  WalkResult walk = module.walk([&](spirv::ModuleOp spirvModule) {
    FailureOr<SpirvBinary> binary = emitSpirvBinary(spirvModule);
    if (failed(binary))
      return WalkResult::interrupt();
    binaries.push_back(std::move(*binary));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return binaries;
}
