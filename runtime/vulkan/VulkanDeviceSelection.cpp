//===- VulkanDeviceSelection.cpp - Which Vulkan device the runtime uses ---===//
#include "runtime/vulkan/VulkanDeviceSelection.h"

#include <algorithm>
#include <cctype>

namespace rlx::runtime {

namespace {

/// Lower is preferred: a discrete GPU is the fastest one a machine has.
int preference(VulkanDeviceType type) {
  switch (type) {
  case VulkanDeviceType::discreteGpu:
    return 0;
  case VulkanDeviceType::integratedGpu:
    return 1;
  case VulkanDeviceType::virtualGpu:
    return 2;
  case VulkanDeviceType::cpu:
    return 3;
  case VulkanDeviceType::other:
    break;
  }
  return 4;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string deviceList(const std::vector<VulkanDeviceCandidate> &devices) {
  std::string out;
  for (size_t i = 0; i < devices.size(); ++i) {
    const VulkanDeviceCandidate &d = devices[i];
    out += (i ? "; " : "") + std::to_string(i) + ": " + d.name + " (" +
           vulkanDeviceTypeName(d.type) +
           (d.unusable.empty() ? "" : ", unusable: " + d.unusable) + ")";
  }
  return out;
}

Status unusable(size_t index, const VulkanDeviceCandidate &device,
                const std::string &selector) {
  return Status(StatusCode::unavailable,
                "Vulkan device " + std::to_string(index) + " '" + device.name +
                    "' (selected by RLX_VULKAN_DEVICE='" + selector +
                    "') cannot run rlx code: " + device.unusable);
}

} // namespace

Expected<size_t>
selectVulkanDevice(const std::vector<VulkanDeviceCandidate> &devices,
                   const std::string &selector) {
  if (devices.empty())
    return Status(StatusCode::unavailable,
                  "no Vulkan device: the Vulkan drivers report none");
  if (selector.empty()) {
    size_t best = devices.size();
    for (size_t i = 0; i < devices.size(); ++i) {
      if (!devices[i].unusable.empty())
        continue;
      if (best == devices.size() ||
          preference(devices[i].type) < preference(devices[best].type))
        best = i;
    }
    if (best == devices.size())
      return Status(StatusCode::unavailable,
                    "no usable Vulkan device: " + deviceList(devices));
    return best;
  }
  bool isIndex = std::all_of(selector.begin(), selector.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
  if (isIndex) {
    // At most 9 digits: no overflow, and no machine has more devices.
    if (selector.size() > 9 || std::stoul(selector) >= devices.size())
      return Status(StatusCode::invalid_argument,
                    "RLX_VULKAN_DEVICE=" + selector +
                        " is not a device index (the devices are " +
                        deviceList(devices) + ")");
    size_t index = std::stoul(selector);
    if (!devices[index].unusable.empty())
      return unusable(index, devices[index], selector);
    return index;
  }
  std::string want = lower(selector);
  size_t firstMatch = devices.size();
  for (size_t i = 0; i < devices.size(); ++i) {
    if (lower(devices[i].name).find(want) == std::string::npos)
      continue;
    if (devices[i].unusable.empty())
      return i;
    if (firstMatch == devices.size())
      firstMatch = i;
  }
  if (firstMatch != devices.size())
    return unusable(firstMatch, devices[firstMatch], selector);
  return Status(StatusCode::invalid_argument,
                "RLX_VULKAN_DEVICE='" + selector +
                    "' matches no Vulkan device name (the devices are " +
                    deviceList(devices) + ")");
}

std::string cooperativeMatrixWithheld(bool validation,
                                      uint32_t layerSpecVersion) {
  if (!validation || layerSpecVersion >= kCooperativeMatrixHeaderVersion)
    return "";
  auto version = [](uint32_t v) {
    return std::to_string(v >> 22 & 0x7f) + "." +
           std::to_string(v >> 12 & 0x3ff) + "." + std::to_string(v & 0xfff);
  };
  return "VK_KHR_cooperative_matrix is left off: the validation layer (" +
         version(layerSpecVersion) + ") predates it (" +
         version(kCooperativeMatrixHeaderVersion) +
         ") and would report its feature struct as unknown; without "
         "RLX_VULKAN_VALIDATION=1, or with a newer layer, it is enabled";
}

} // namespace rlx::runtime
