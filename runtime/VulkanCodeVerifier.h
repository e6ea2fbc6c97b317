//===- VulkanCodeVerifier.h - Rules every loadable Vulkan section obeys ---===//
//
// One place for the semantic rules on an artifact's Vulkan code (SPIR-V
// header and entry points, kernels, per-dispatch arena ranges, feature
// bits), shared by the artifact reader and by VulkanExecutable::load, which
// also accepts artifacts that never went through bytes. The device's own
// limits are the loader's business (runtime/vulkan/VulkanExecutable).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKANCODEVERIFIER_H
#define RLX_RUNTIME_VULKANCODEVERIFIER_H

#include "runtime/Artifact.h"

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <array>
#include <cstdint>
#include <string>

namespace rlx::runtime {

/// Checks `code` against `manifest`, which verifyManifest must have
/// accepted: requiredFeatures holds only kVulkanKnownFeatures bits; every
/// SPIR-V module starts with the magic number and its instructions are
/// well-formed (scanSpirvModule); every kernel has a non-empty entry point
/// name without NUL bytes that names a GLCompute entry point of an existing
/// module (its `module`), workgroup sizes >= 1 whose
/// product fits in u32 and equals the module's LocalSize when it declares
/// one, and one written flag (0 or 1) per binding; there is one Vulkan
/// dispatch per manifest dispatch, each naming an existing kernel with that
/// kernel's binding count, every binding of at least one byte, inside the
/// arena, at an offset that is a multiple of the manifest's alignment, and
/// binding the manifest dispatch's view of the same index (its offset, its
/// size rounded up to whole 32-bit words; one word anywhere for an empty
/// view).
/// Returns invalid_argument naming the first field at fault, e.g. "vulkan
/// dispatch 3 binding 1: offset 96 + size 64 exceeds arena size 128".
Status verifyVulkanCode(const Manifest &manifest, const VulkanCode &code);

/// "[64, 1, 1]" for a workgroup size or count.
std::string vulkanSizeString(const std::array<uint32_t, 3> &size);

/// "shaderFloat16, cooperativeMatrix" for VulkanFeature bits (unknown bits
/// as hex); "none" for 0.
std::string vulkanFeatureNames(uint32_t features);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKANCODEVERIFIER_H
