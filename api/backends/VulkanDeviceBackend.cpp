//===- VulkanDeviceBackend.cpp - The process's Vulkan device as a device --===//
//
// The Vulkan device the runtime found (runtime::vulkanDevice): its target
// read from the driver, LIR lowered to one SPIR-V module per kernel and
// validated, artifacts loaded by runtime/vulkan. An op is unsupported when
// it stores an element type the device's SPIR-V environment lacks.
//
//===----------------------------------------------------------------------===//
#include "api/backends/BuiltinBackends.h"
#include "api/backends/VulkanCodeFromLIR.h"
#include "api/backends/VulkanDeviceTarget.h"
#include "conversion/LIRToSPIRV/SpirvBinary.h"
#include "conversion/LIRToSPIRV/VulkanBackend.h"
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/Target/Target.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cstdio>

namespace mlir::rlx {

using ::rlx::Status;
using ::rlx::StatusCode;
using ::rlx::runtime::VulkanDeviceInfo;
using ::rlx::runtime::VulkanDeviceType;

namespace {

std::string hex(const std::array<uint8_t, 16> &bytes) {
  std::string text;
  char digits[3];
  for (uint8_t b : bytes) {
    std::snprintf(digits, sizeof(digits), "%02x", b);
    text += digits;
  }
  return text;
}

class VulkanDeviceBackend final : public Backend {
public:
  Status probe() override {
    std::string why;
    if (::rlx::runtime::vulkanAvailable(&why))
      return Status::ok();
    return Status(StatusCode::unavailable,
                  "device 'vulkan' is not available: " + why);
  }

  std::string fullName() override {
    ::rlx::Expected<VulkanDeviceInfo> device = ::rlx::runtime::vulkanDevice();
    if (!device)
      return "Vulkan (" + device.status().message() + ")";
    return "Vulkan (" + device->name + ", " +
           ::rlx::runtime::vulkanDeviceTypeName(device->type) + ")";
  }

  /// GPUs before the CPU (100), a software rasterizer after it.
  int priority() override {
    ::rlx::Expected<VulkanDeviceInfo> device = ::rlx::runtime::vulkanDevice();
    if (!device)
      return 0;
    switch (device->type) {
    case VulkanDeviceType::discreteGpu:
      return 300;
    case VulkanDeviceType::integratedGpu:
      return 250;
    case VulkanDeviceType::virtualGpu:
      return 200;
    case VulkanDeviceType::other:
      return 150;
    case VulkanDeviceType::cpu:
      return 50;
    }
    return 0;
  }

  std::string fingerprint() override {
    ::rlx::Expected<VulkanDeviceInfo> device = ::rlx::runtime::vulkanDevice();
    if (!device)
      return "vulkan unavailable";
    return "vulkan " + hex(device->deviceUuid) + " driver " +
           std::to_string(device->driverVersion) + " " + device->driverName +
           " " + device->name;
  }

  ::rlx::OpSupport claimKind(StringRef opName) override {
    return claimOfTarget("vulkan", opName);
  }

  OpClaim claim(Operation *op) override {
    OpClaim result{claimKind(op->getName().getStringRef()), ""};
    auto target = dyn_cast_or_null<VulkanTargetAttr>(
        getTarget(op->getParentOfType<ModuleOp>()));
    if (result.support == ::rlx::OpSupport::unsupported || !target)
      return result;
    auto check = [&](Type type) {
      auto shaped = dyn_cast<ShapedType>(type);
      if (!shaped || !result.reason.empty())
        return;
      std::string missing =
          missingStorageSupport(shaped.getElementType(), target);
      if (missing.empty())
        return;
      result.support = ::rlx::OpSupport::unsupported;
      result.reason = "the device cannot store " + missing;
    };
    for (Type type : op->getOperandTypes())
      check(type);
    for (Type type : op->getResultTypes())
      check(type);
    return result;
  }

  Status attachTarget(ModuleOp module,
                      const CompilerOptions &options) override {
    if (!options.options.cpuTarget.isHost())
      return Status(StatusCode::invalid_argument,
                    "CompileOptions::cpuTarget is for Device::cpu; this "
                    "compilation is for Device::vulkan");
    if (options.options.nativeMatmul)
      return Status(StatusCode::invalid_argument,
                    "CompileOptions::nativeMatmul (OpenBLAS) is for "
                    "Device::cpu; this compilation is for Device::vulkan");
    if (TargetAttrInterface named = getTarget(module)) {
      if (isa<VulkanTargetAttr>(named))
        return Status::ok();
      return Status(StatusCode::invalid_argument,
                    describeTarget(named) +
                        " is not a Vulkan target; compile it for Device::cpu");
    }
    ::rlx::Expected<VulkanDeviceInfo> device = ::rlx::runtime::vulkanDevice();
    if (!device)
      return device.status();
    setTarget(module, vulkanTargetFor(module.getContext(), *device));
    return Status::ok();
  }

  /// Vulkan binds each buffer at its arena offset, which must be a multiple
  /// of the device's minStorageBufferOffsetAlignment (256 at most, the
  /// Vulkan limit, when the module names its own target and there is no
  /// device to ask).
  int64_t arenaAlignment(int64_t requested) override {
    ::rlx::Expected<VulkanDeviceInfo> device = ::rlx::runtime::vulkanDevice();
    uint64_t needed = device ? device->minStorageBufferOffsetAlignment : 256;
    return std::max<int64_t>(requested,
                             static_cast<int64_t>(llvm::PowerOf2Ceil(needed)));
  }

  /// The kernels' bindings from LIR, then -rlx-lir-to-spirv and the
  /// validated SPIR-V words.
  ::rlx::Expected<::rlx::runtime::Artifact>
  compileLIR(ModuleOp module, const CompilerOptions &options,
             ::rlx::Manifest manifest) override {
    ::rlx::Expected<::rlx::runtime::VulkanCode> code =
        vulkanCodeFromLIR(module);
    if (!code)
      return code.status();
    MLIRContext *ctx = module.getContext();
    DiagnosticCollector diagnostics(ctx);
    PipelineOptions pipeline;
    fillPipelineOptions(pipeline, options);
    PassManager lower(ctx);
    buildLirToSpirvPipeline(lower, pipeline);
    if (failed(lower.run(module))) {
      std::string message = diagnostics.message("lowering to SPIR-V failed");
      return Status(statusCodeFor(message), message);
    }
    FailureOr<std::vector<SpirvBinary>> binaries = emitSpirvBinaries(module);
    if (failed(binaries))
      return Status(StatusCode::internal,
                    diagnostics.message("SPIR-V serialization failed"));
    if (Status s = addSpirvModules(*code, std::move(*binaries)); !s)
      return s;
    ::rlx::runtime::Artifact artifact;
    // Bindings span whole 32-bit words (vulkanCodeFromLIR).
    // (at least one word: a zero-element view binds the first).
    manifest.arenaSize =
        std::max<uint64_t>(4, llvm::alignTo(manifest.arenaSize, 4));
    artifact.manifest = std::move(manifest);
    artifact.device = "vulkan";
    artifact.vulkan = std::move(*code);
    return artifact;
  }

  ::rlx::Expected<LoadedExecutable>
  load(const ::rlx::runtime::Artifact &artifact, int) override {
    if (artifact.device != "vulkan")
      return Status(StatusCode::incompatible,
                    "the artifact is for device '" + artifact.device +
                        "', the session's device is 'vulkan'");
    return ::rlx::runtime::loadWithThreads(artifact, 0);
  }
};

} // namespace

std::unique_ptr<Backend> makeVulkanBackend() {
  return std::make_unique<VulkanDeviceBackend>();
}

} // namespace mlir::rlx
