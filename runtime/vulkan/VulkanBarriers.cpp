//===- VulkanBarriers.cpp - Where a Vulkan schedule needs barriers --------===//
#include "runtime/vulkan/VulkanBarriers.h"

#include <cstdint>

namespace rlx::runtime {

namespace {

/// [begin, end) in arena bytes.
struct Range {
  uint64_t begin;
  uint64_t end;
};

bool overlapsAny(const std::vector<Range> &ranges, Range r) {
  for (const Range &x : ranges)
    if (x.begin < r.end && r.begin < x.end)
      return true;
  return false;
}

} // namespace

std::vector<bool> vulkanBarriers(const VulkanCode &code) {
  std::vector<bool> barriers(code.dispatches.size(), false);
  // What the dispatches since the last barrier touched. A barrier orders
  // everything before it against everything after, so both sets restart.
  std::vector<Range> read;
  std::vector<Range> written;
  for (size_t i = 0; i < code.dispatches.size(); ++i) {
    const VulkanDispatch &dispatch = code.dispatches[i];
    const VulkanKernel &kernel = code.kernels[dispatch.kernel];
    bool barrier = false;
    for (size_t b = 0; b < dispatch.bindings.size() && !barrier; ++b) {
      const VulkanBinding &binding = dispatch.bindings[b];
      Range r{binding.offset, binding.offset + binding.size};
      barrier = overlapsAny(written, r) ||
                (kernel.written[b] && overlapsAny(read, r));
    }
    if (barrier) {
      barriers[i] = true;
      read.clear();
      written.clear();
    }
    for (size_t b = 0; b < dispatch.bindings.size(); ++b) {
      const VulkanBinding &binding = dispatch.bindings[b];
      Range r{binding.offset, binding.offset + binding.size};
      (kernel.written[b] ? written : read).push_back(r);
    }
  }
  return barriers;
}

} // namespace rlx::runtime
