//===- Device.cpp - The devices rlx knows by name -------------------------===//
#include "rlx/Device.h"

#include <algorithm>
#include <string>

namespace rlx {

const std::vector<Device> &allDevices() {
  static const std::vector<Device> devices = {Device::cpu,   Device::vulkan,
                                              Device::cuda,  Device::rocm,
                                              Device::metal, Device::null};
  return devices;
}

const char *deviceName(Device device) {
  switch (device) {
  case Device::cpu:
    return "cpu";
  case Device::vulkan:
    return "vulkan";
  case Device::cuda:
    return "cuda";
  case Device::rocm:
    return "rocm";
  case Device::metal:
    return "metal";
  case Device::null:
    return "null";
  }
  return "unknown";
}

Expected<Device> parseDevice(std::string_view name) {
  std::string valid;
  for (Device device : allDevices()) {
    if (name == deviceName(device))
      return device;
    valid += (valid.empty() ? "" : ", ") + std::string(deviceName(device));
  }
  return Status(StatusCode::invalid_argument,
                "unknown device '" + std::string(name) +
                    "' (the devices: " + valid + ")");
}

Expected<std::vector<Device>> parseDeviceChain(std::string_view text) {
  std::vector<Device> chain;
  if (text.empty())
    return Status(StatusCode::invalid_argument,
                  "the device chain is empty (give devices as vulkan,cpu)");
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string_view name = text.substr(
        start, comma == std::string_view::npos ? comma : comma - start);
    if (name.empty())
      return Status(StatusCode::invalid_argument, "the device chain '" +
                                                      std::string(text) +
                                                      "' has an empty entry");
    Expected<Device> device = parseDevice(name);
    if (!device)
      return Status(device.status().code(),
                    "in the device chain '" + std::string(text) +
                        "': " + device.status().message());
    if (std::find(chain.begin(), chain.end(), *device) != chain.end())
      return Status(StatusCode::invalid_argument,
                    "the device chain '" + std::string(text) + "' names '" +
                        std::string(name) + "' twice");
    chain.push_back(*device);
    if (comma == std::string_view::npos)
      return chain;
    start = comma + 1;
  }
}

} // namespace rlx
