//===- VulkanBarriers.h - Where a Vulkan schedule needs barriers ----------===//
//
// Dispatches recorded in one command buffer may overlap on a GPU unless a
// pipeline barrier separates them. A barrier costs a drain of the compute
// pipeline, so the runtime places one only before a dispatch that depends on
// an earlier dispatch since the last barrier. Pure and device-free, so the
// rule is unit-tested without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANBARRIERS_H
#define RLX_RUNTIME_VULKAN_VULKANBARRIERS_H

#include "runtime/Artifact.h"

#include <vector>

namespace rlx::runtime {

/// For each dispatch of `code` (verifyVulkanCode must have accepted it),
/// whether a compute-to-compute memory barrier must come before it: true
/// when one of its bindings overlaps bytes that a dispatch since the last
/// barrier wrote (read after write, write after write), or one it writes
/// overlaps bytes such a dispatch read (write after read). Ranges are the
/// bindings' [offset, offset + size); a binding counts as written when its
/// kernel's `written` flag says so, else as read. The first dispatch never
/// needs one (run() orders it after earlier submissions on its own).
std::vector<bool> vulkanBarriers(const VulkanCode &code);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANBARRIERS_H
