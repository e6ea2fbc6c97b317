//===- VulkanCodeFromLIR.h - The runtime's view of Vulkan kernels -*- C++
//-*-===//
//
// What a Vulkan artifact says besides its SPIR-V (runtime/Artifact.h,
// VulkanCode): each kernel's entry point, workgroup size and bindings with
// the ones it writes, and each dispatch's arena ranges, read from LIR before
// it is lowered; and the device features the SPIR-V's capabilities need.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_BACKENDS_VULKANCODEFROMLIR_H
#define RLX_API_BACKENDS_VULKANCODEFROMLIR_H

#include "conversion/LIRToSPIRV/SpirvBinary.h"
#include "rlx/Status.h"
#include "runtime/Artifact.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::rlx {

/// The kernels and dispatches of the single lir.program in `module`, in the
/// order manifestFromLIR lists dispatches; the modules, each kernel's
/// module and the feature fields are left for addSpirvModules. A binding spans
/// its view's bytes rounded up to 4 (SPIR-V stores 8- and 16-bit elements in
/// 32-bit words where the device cannot address them), which stays inside
/// `arenaSize` rounded up to 4: the caller sizes the manifest's arena so.
::rlx::Expected<::rlx::runtime::VulkanCode> vulkanCodeFromLIR(ModuleOp module);

/// Puts `binaries` (one SPIR-V module each) into `code`: each kernel gets
/// the module holding its entry point; the features are those every
/// module's capabilities need, the subgroup size the one they assume.
/// internal if a kernel's entry point is in no module, or two modules
/// assume different subgroup sizes.
::rlx::Status addSpirvModules(::rlx::runtime::VulkanCode &code,
                              std::vector<SpirvBinary> binaries);

/// The VulkanFeature bits (runtime/Artifact.h) a module declaring
/// `capabilities` (SPIR-V names, "Float16") needs of the device.
uint32_t vulkanFeaturesFor(const std::vector<std::string> &capabilities);

} // namespace mlir::rlx

#endif // RLX_API_BACKENDS_VULKANCODEFROMLIR_H
