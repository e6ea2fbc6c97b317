//===- VulkanCodeFromLIR.cpp - The runtime's view of Vulkan kernels -------===//
#include "api/backends/VulkanCodeFromLIR.h"
#include "dialects/LIR/LIROps.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::rlx {

using ::rlx::Status;
using ::rlx::StatusCode;

/// Whether the kernel may write through `arg`: an op writes it or a view of
/// it, or uses it without declaring its effects (counted as a write: a
/// missing flag is a data race, a spare one only a barrier).
static bool mayWrite(BlockArgument arg) {
  SmallVector<Value> worklist = {arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value) {
        worklist.append(user->result_begin(), user->result_end());
        continue;
      }
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects)
        return true;
      SmallVector<MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      for (const MemoryEffects::EffectInstance &e : list)
        if (isa<MemoryEffects::Write>(e.getEffect()) &&
            (!e.getValue() || e.getValue() == value))
          return true;
    }
  }
  return false;
}

/// The bytes of a view of `type` in the arena (i1 as one byte each).
static uint64_t bytesOf(MemRefType type) {
  unsigned bits = type.getElementTypeBitWidth();
  return static_cast<uint64_t>(type.getNumElements()) *
         std::max<unsigned>(1, bits / 8);
}

::rlx::Expected<::rlx::runtime::VulkanCode> vulkanCodeFromLIR(ModuleOp module) {
  auto programs = module.getOps<lir::ProgramOp>();
  if (std::distance(programs.begin(), programs.end()) != 1)
    return Status(StatusCode::internal,
                  "expected exactly one lir.program in the module");
  lir::ProgramOp program = *programs.begin();
  ::rlx::runtime::VulkanCode code;
  llvm::StringMap<uint32_t> kernelIndex;
  for (auto kernel : program.getBody().front().getOps<lir::KernelOp>()) {
    ::rlx::runtime::VulkanKernel k;
    k.entryPoint = kernel.getSymName().str();
    if (std::optional<ArrayRef<int64_t>> size = kernel.getWorkgroupSize())
      for (auto [i, s] : llvm::enumerate(*size))
        k.workgroupSize[i] = static_cast<uint32_t>(s);
    Block &body = kernel.getBody().front();
    k.bindingCount = body.getNumArguments();
    for (BlockArgument arg : body.getArguments())
      k.written.push_back(mayWrite(arg) ? 1 : 0);
    kernelIndex[k.entryPoint] = code.kernels.size();
    code.kernels.push_back(std::move(k));
  }
  for (auto schedule : program.getBody().front().getOps<lir::ScheduleOp>()) {
    for (auto dispatch : schedule.getBody().front().getOps<lir::DispatchOp>()) {
      ::rlx::runtime::VulkanDispatch d;
      d.kernel = kernelIndex.lookup(dispatch.getKernel());
      for (Value arg : dispatch.getArgs()) {
        auto view = arg.getDefiningOp<lir::ViewOp>();
        if (!view)
          return Status(StatusCode::internal,
                        "a dispatch argument is not a lir.view");
        uint64_t bytes = bytesOf(cast<MemRefType>(arg.getType()));
        // A zero-element view is never read or written, but Vulkan has no
        // empty binding and its offset may be the arena's end: bind the
        // arena's first word instead.
        if (bytes == 0) {
          d.bindings.push_back({0, 4});
          continue;
        }
        d.bindings.push_back(
            {static_cast<uint64_t>(view.getOffset()), llvm::alignTo(bytes, 4)});
      }
      code.dispatches.push_back(std::move(d));
    }
  }
  return code;
}

::rlx::Status addSpirvModules(::rlx::runtime::VulkanCode &code,
                              std::vector<SpirvBinary> binaries) {
  llvm::StringMap<uint32_t> moduleOf;
  for (auto [i, binary] : llvm::enumerate(binaries)) {
    for (const std::string &entry : binary.entryPoints)
      moduleOf[entry] = static_cast<uint32_t>(i);
    code.requiredFeatures |= vulkanFeaturesFor(binary.capabilities);
    if (binary.subgroupSize && code.requiredSubgroupSize &&
        binary.subgroupSize != code.requiredSubgroupSize)
      return Status(StatusCode::internal,
                    "SPIR-V modules assume subgroup sizes " +
                        std::to_string(code.requiredSubgroupSize) + " and " +
                        std::to_string(binary.subgroupSize));
    if (binary.subgroupSize)
      code.requiredSubgroupSize = binary.subgroupSize;
    code.modules.push_back(std::move(binary.words));
  }
  for (::rlx::runtime::VulkanKernel &kernel : code.kernels) {
    auto it = moduleOf.find(kernel.entryPoint);
    if (it == moduleOf.end())
      return Status(StatusCode::internal, "kernel '" + kernel.entryPoint +
                                              "' is in no SPIR-V module");
    kernel.module = it->second;
  }
  return Status::ok();
}

uint32_t vulkanFeaturesFor(const std::vector<std::string> &capabilities) {
  uint32_t features = 0;
  for (const std::string &capability : capabilities)
    features |= llvm::StringSwitch<uint32_t>(capability)
                    .Case("Float16", ::rlx::runtime::kVulkanFloat16)
                    .Cases("StorageBuffer16BitAccess",
                           "UniformAndStorageBuffer16BitAccess",
                           ::rlx::runtime::kVulkanStorage16Bit)
                    .Case("Int64", ::rlx::runtime::kVulkanInt64)
                    .Cases("GroupNonUniform", "GroupNonUniformArithmetic",
                           ::rlx::runtime::kVulkanSubgroupArithmetic)
                    .Case("CooperativeMatrixKHR",
                          ::rlx::runtime::kVulkanCooperativeMatrix)
                    .Cases("Int8", "StorageBuffer8BitAccess",
                           "UniformAndStorageBuffer8BitAccess",
                           ::rlx::runtime::kVulkanStorage8Bit)
                    .Default(0);
  return features;
}

} // namespace mlir::rlx
