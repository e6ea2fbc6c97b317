//===- VulkanCodeVerifier.cpp - Rules every loadable Vulkan section obeys -===//
#include "runtime/VulkanCodeVerifier.h"

#include "runtime/SpirvModule.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace rlx::runtime {

namespace {

Status invalid(std::string message) {
  return Status(StatusCode::invalid_argument, std::move(message));
}

std::string hex(uint32_t v) {
  char buf[11];
  std::snprintf(buf, sizeof(buf), "0x%x", v);
  return buf;
}

std::string kernelLabel(size_t index, const VulkanKernel &kernel) {
  return "vulkan kernel " + std::to_string(index) + " ('" + kernel.entryPoint +
         "')";
}

std::string entryPointList(const SpirvModuleInfo &module) {
  std::string names;
  for (const SpirvEntryPoint &entry : module.entryPoints) {
    if (entry.executionModel != kSpirvGLCompute)
      continue;
    names += (names.empty() ? "" : ", ") + entry.name;
  }
  return names.empty() ? "none" : names;
}

Status verifyKernel(size_t index, const VulkanKernel &kernel,
                    const std::vector<SpirvModuleInfo> &modules) {
  if (kernel.entryPoint.empty())
    return invalid("vulkan kernel " + std::to_string(index) +
                   ": empty entry point name");
  // The driver takes the name as a C string, and messages print it.
  size_t bad = firstUnprintableByte(kernel.entryPoint);
  if (bad != kernel.entryPoint.size()) {
    char hex[8];
    snprintf(hex, sizeof hex, "0x%02x",
             static_cast<unsigned char>(kernel.entryPoint[bad]));
    return invalid("vulkan kernel " + std::to_string(index) +
                   ": entry point byte " + std::to_string(bad) + " (" + hex +
                   ") is not printable ASCII");
  }
  std::string label = kernelLabel(index, kernel);
  uint32_t invocations = 1;
  for (size_t d = 0; d < 3; ++d) {
    uint32_t n = kernel.workgroupSize[d];
    if (n < 1)
      return invalid(label + ": workgroup size[" + std::to_string(d) +
                     "] is 0 (must be >= 1)");
    if (__builtin_mul_overflow(invocations, n, &invocations))
      return invalid(label + ": workgroup size " +
                     vulkanSizeString(kernel.workgroupSize) + " overflows u32");
  }
  if (kernel.written.size() != kernel.bindingCount)
    return invalid(label + ": " + std::to_string(kernel.written.size()) +
                   " written flags for " + std::to_string(kernel.bindingCount) +
                   " bindings");
  for (size_t b = 0; b < kernel.written.size(); ++b)
    if (kernel.written[b] > 1)
      return invalid(label + ": written flag of binding " + std::to_string(b) +
                     " is " + std::to_string(kernel.written[b]) +
                     " (must be 0 or 1)");
  if (kernel.module >= modules.size())
    return invalid(label + ": module " + std::to_string(kernel.module) +
                   " does not exist (there are " +
                   std::to_string(modules.size()) + ")");
  const SpirvModuleInfo &module = modules[kernel.module];
  const SpirvEntryPoint *entry = module.findCompute(kernel.entryPoint);
  if (!entry)
    return invalid(label + ": entry point '" + kernel.entryPoint +
                   "' is not a GLCompute entry point of SPIR-V module " +
                   std::to_string(kernel.module) +
                   " (it has: " + entryPointList(module) + ")");
  if (entry->hasLocalSize && entry->localSize != kernel.workgroupSize)
    return invalid(label + ": workgroup size " +
                   vulkanSizeString(kernel.workgroupSize) +
                   " differs from the module's LocalSize " +
                   vulkanSizeString(entry->localSize));
  // What the code itself declares it touches: every buffer it names must be
  // one of the manifest's bindings, and of a size a binding can bound.
  for (const SpirvBinding &b : entry->bindings) {
    std::string where = label + ": its SPIR-V uses descriptor set " +
                        std::to_string(b.set) + " binding " +
                        std::to_string(b.binding);
    if (b.set != 0)
      return invalid(where + " (rlx binds set 0 only)");
    if (b.binding >= kernel.bindingCount)
      return invalid(where + ", but the manifest gives the kernel " +
                     std::to_string(kernel.bindingCount) + " bindings");
  }
  return Status::ok();
}

/// The SPIR-V entry point of `kernel` (verifyKernel found it).
const SpirvEntryPoint &entryOf(const VulkanKernel &kernel,
                               const std::vector<SpirvModuleInfo> &modules) {
  return *modules[kernel.module].findCompute(kernel.entryPoint);
}

/// Whether `binding` is what the compiler binds for `view`: its bytes from
/// the same offset, rounded up to whole 32-bit words; for an empty view,
/// which the kernel never touches, one word anywhere in the arena (the
/// compiler binds the first: the view's offset may be the arena's end).
bool bindsView(const VulkanBinding &binding, const ArenaRange &view) {
  if (view.size == 0)
    return binding.size == 4;
  return binding.offset == view.offset && binding.size % 4 == 0 &&
         binding.size >= view.size && binding.size - view.size < 4;
}

Status verifyDispatch(size_t index, const VulkanDispatch &dispatch,
                      const VulkanCode &code, const Manifest &manifest,
                      const std::vector<SpirvModuleInfo> &modules) {
  std::string label = "vulkan dispatch " + std::to_string(index);
  const std::vector<ArenaRange> &views = manifest.dispatches[index].views;
  if (dispatch.kernel >= code.kernels.size())
    return invalid(label + ": kernel " + std::to_string(dispatch.kernel) +
                   " is out of range (" + std::to_string(code.kernels.size()) +
                   " kernels)");
  const VulkanKernel &kernel = code.kernels[dispatch.kernel];
  if (dispatch.bindings.size() != kernel.bindingCount)
    return invalid(label + ": " + std::to_string(dispatch.bindings.size()) +
                   " bindings but " + kernelLabel(dispatch.kernel, kernel) +
                   " has " + std::to_string(kernel.bindingCount));
  if (dispatch.bindings.size() != views.size())
    return invalid(label + ": " + std::to_string(dispatch.bindings.size()) +
                   " bindings but manifest dispatch " + std::to_string(index) +
                   " has " + std::to_string(views.size()) + " views");
  for (size_t b = 0; b < dispatch.bindings.size(); ++b) {
    const VulkanBinding &binding = dispatch.bindings[b];
    std::string where = label + " binding " + std::to_string(b);
    // A descriptor's range must be non-zero (VkDescriptorBufferInfo).
    if (binding.size == 0)
      return invalid(where + ": size 0 (a binding sees at least one byte)");
    // Written so that neither side can wrap around.
    if (binding.offset > manifest.arenaSize ||
        binding.size > manifest.arenaSize - binding.offset)
      return invalid(where + ": offset " + std::to_string(binding.offset) +
                     " + size " + std::to_string(binding.size) +
                     " exceeds arena size " +
                     std::to_string(manifest.arenaSize));
    if (binding.offset % manifest.alignment)
      return invalid(where + ": offset " + std::to_string(binding.offset) +
                     " is not a multiple of the alignment " +
                     std::to_string(manifest.alignment));
    if (!bindsView(binding, views[b]))
      return invalid(where + ": offset " + std::to_string(binding.offset) +
                     " size " + std::to_string(binding.size) +
                     " does not bind manifest view " + std::to_string(b) +
                     " (offset " + std::to_string(views[b].offset) + " size " +
                     std::to_string(views[b].size) +
                     ", rounded up to whole words; one word if empty)");
  }
  // The arrays the code declares lie inside the ranges bound to them, so
  // no in-bounds access of the SPIR-V leaves its binding.
  for (const SpirvBinding &b : entryOf(kernel, modules).bindings) {
    const VulkanBinding &binding = dispatch.bindings[b.binding];
    if (b.bytes > binding.size)
      return invalid(label + " binding " + std::to_string(b.binding) + ": " +
                     kernelLabel(dispatch.kernel, kernel) + " declares it as " +
                     std::to_string(b.bytes) +
                     " bytes, but the dispatch binds " +
                     std::to_string(binding.size) + " bytes (at offset " +
                     std::to_string(binding.offset) + ")");
  }
  return Status::ok();
}

} // namespace

std::string vulkanSizeString(const std::array<uint32_t, 3> &size) {
  return "[" + std::to_string(size[0]) + ", " + std::to_string(size[1]) + ", " +
         std::to_string(size[2]) + "]";
}

std::string vulkanFeatureNames(uint32_t features) {
  static const std::pair<uint32_t, const char *> names[] = {
      {kVulkanFloat16, "shaderFloat16"},
      {kVulkanStorage16Bit, "storageBuffer16BitAccess"},
      {kVulkanInt64, "shaderInt64"},
      {kVulkanSubgroupArithmetic, "subgroup arithmetic"},
      {kVulkanCooperativeMatrix,
       "cooperativeMatrix (VK_KHR_cooperative_matrix)"},
      {kVulkanStorage8Bit, "storageBuffer8BitAccess + shaderInt8"},
  };
  std::string out;
  for (const auto &[bit, name] : names)
    if (features & bit)
      out += (out.empty() ? "" : ", ") + std::string(name);
  if (uint32_t unknown = features & ~uint32_t(kVulkanKnownFeatures))
    out += (out.empty() ? "" : ", ") + ("unknown bits " + hex(unknown));
  return out.empty() ? "none" : out;
}

Status verifyVulkanCode(const Manifest &manifest, const VulkanCode &code) {
  if (uint32_t unknown =
          code.requiredFeatures & ~uint32_t(kVulkanKnownFeatures))
    return invalid("vulkan required features " + hex(code.requiredFeatures) +
                   " include unknown bits " + hex(unknown) +
                   " (known: " + hex(kVulkanKnownFeatures) + ")");
  std::vector<SpirvModuleInfo> modules;
  for (size_t i = 0; i < code.modules.size(); ++i) {
    Expected<SpirvModuleInfo> scanned = scanSpirvModule(code.modules[i]);
    if (!scanned)
      return invalid("vulkan module " + std::to_string(i) + ": " +
                     scanned.status().message());
    modules.push_back(std::move(scanned.value()));
  }
  for (size_t i = 0; i < code.kernels.size(); ++i)
    if (Status s = verifyKernel(i, code.kernels[i], modules); !s)
      return s;
  if (code.dispatches.size() != manifest.dispatches.size())
    return invalid("vulkan code has " + std::to_string(code.dispatches.size()) +
                   " dispatches but the manifest has " +
                   std::to_string(manifest.dispatches.size()));
  for (size_t i = 0; i < code.dispatches.size(); ++i)
    if (Status s =
            verifyDispatch(i, code.dispatches[i], code, manifest, modules);
        !s)
      return s;
  return Status::ok();
}

} // namespace rlx::runtime
