//===- Device.h - The devices rlx knows by name ---------------------------===//
//
// The names only: what each device can do is rlx/Devices.h (compiler side).
// MLIR-free and part of the runtime library.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DEVICE_H
#define RLX_DEVICE_H

#include "rlx/Status.h"

#include <string_view>
#include <vector>

namespace rlx {

/// Every device rlx knows by name. cpu is always available; vulkan when rlx
/// was built with Vulkan and the process finds a driver and a device
/// (docs/VulkanBackend.md); the others have no built-in backend.
enum class Device { cpu, vulkan, cuda, rocm, metal, null };

/// Every Device, in declaration order.
const std::vector<Device> &allDevices();
/// "cpu", "vulkan", ...
const char *deviceName(Device device);
/// The device named `name` (as deviceName spells it); an unknown name is
/// invalid_argument listing the valid ones.
Expected<Device> parseDevice(std::string_view name);
/// A comma-separated chain, "vulkan,cpu": each name as parseDevice takes
/// it; an empty list, an empty entry or a device named twice is
/// invalid_argument.
Expected<std::vector<Device>> parseDeviceChain(std::string_view text);

} // namespace rlx

#endif // RLX_DEVICE_H
