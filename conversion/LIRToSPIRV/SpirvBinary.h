//===- SpirvBinary.h - spirv.module to validated SPIR-V words ---*- C++ -*-===//
//
// The last compiler steps of the Vulkan backend: SPIRV-Tools' validator for
// the Vulkan version a module's target environment names
// (rlx-validate-spirv calls it), and the spirv.modules serialized by MLIR's
// serializer, with what the code needs of a device.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOSPIRV_SPIRVBINARY_H
#define RLX_CONVERSION_LIRTOSPIRV_SPIRVBINARY_H

#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::rlx {

struct SpirvBinary {
  std::vector<uint32_t> words;
  /// The names of its entry points.
  std::vector<std::string> entryPoints;
  /// The capabilities the module declares ("Shader", "Float16", ...).
  std::vector<std::string> capabilities;
  /// The subgroup size the kernels assume (they use subgroup operations
  /// sized by the target's), else 0.
  uint32_t subgroupSize = 0;
};

/// Serializes each spirv.module in `module` (in order). Validation is the
/// pipeline's last pass (rlx-validate-spirv), not repeated here. On a
/// serialization failure emits a diagnostic at the spirv.module and fails.
FailureOr<std::vector<SpirvBinary>> emitSpirvBinaries(ModuleOp module);

/// The lowest Vulkan 1.x minor version whose SPIR-V is at least `version`.
unsigned vulkanMinorFor(spirv::Version version);

/// Validates `words` as SPIR-V for Vulkan `vulkanMinor` (1.vulkanMinor);
/// returns the validator's messages, empty when valid.
std::string validateSpirv(const std::vector<uint32_t> &words,
                          unsigned vulkanMinor);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOSPIRV_SPIRVBINARY_H
