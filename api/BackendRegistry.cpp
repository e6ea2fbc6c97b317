//===- BackendRegistry.cpp - Which backend serves which device ------------===//
#include "api/Backend.h"
#include "api/backends/BuiltinBackends.h"
#include "passes/MIR/Target.h"

#include <map>

namespace mlir::rlx {

using ::rlx::Device;

Backend::~Backend() = default;

::rlx::OpSupport claimOfTarget(StringRef targetName, StringRef opName) {
  const mir::Target *target = mir::lookupTarget(targetName);
  if (!target || !opName.starts_with("mir."))
    return ::rlx::OpSupport::unsupported;
  return target->claims(opName) ? ::rlx::OpSupport::native
                                : ::rlx::OpSupport::rewritten;
}

/// The backends rlx registers itself, by device (none: no backend).
static BackendFactory builtinFactory(Device device) {
  static const std::map<Device, BackendFactory> builtins = {
      {Device::cpu, makeCpuBackend}, {Device::vulkan, makeVulkanBackend}};
  auto it = builtins.find(device);
  return it == builtins.end() ? BackendFactory() : it->second;
}

class BackendRegistry {
public:
  static BackendRegistry &get() {
    // Never destroyed: backends (and the executables they loaded) may be
    // used from static destructors of the program.
    static auto *registry = new BackendRegistry();
    return *registry;
  }

  Backend *backend(Device device) {
    std::lock_guard<std::mutex> lock(mutex);
    Entry &entry = entries[device];
    if (!entry.instance && entry.factory) {
      std::unique_ptr<Backend> made = entry.factory();
      if (!made)
        return nullptr;
      made->device_ = device;
      entry.instance = made.get();
      kept.push_back(std::move(made));
    }
    return entry.instance;
  }

  void set(Device device, BackendFactory factory) {
    std::lock_guard<std::mutex> lock(mutex);
    entries[device] = Entry{std::move(factory), nullptr};
  }

private:
  struct Entry {
    BackendFactory factory;
    Backend *instance = nullptr;
  };

  BackendRegistry() {
    for (Device device : ::rlx::allDevices())
      entries[device].factory = builtinFactory(device);
  }

  std::mutex mutex;
  std::map<Device, Entry> entries;
  /// Every backend ever made: a replaced one may still serve the
  /// CompiledGraphs it loaded.
  std::vector<std::unique_ptr<Backend>> kept;
};

void registerBackend(Device device, BackendFactory factory) {
  BackendRegistry::get().set(device, std::move(factory));
}

void resetBackend(Device device) {
  BackendRegistry::get().set(device, builtinFactory(device));
}

Backend *backendFor(Device device) {
  return BackendRegistry::get().backend(device);
}

::rlx::Expected<Backend *> usableBackend(Device device) {
  Backend *backend = backendFor(device);
  if (!backend)
    return ::rlx::Status(::rlx::StatusCode::unavailable,
                         std::string("device '") + ::rlx::deviceName(device) +
                             "' has no backend in rlx (built in: cpu, vulkan; "
                             "a program may register one, docs/Devices.md)");
  if (::rlx::Status s = backend->probe(); !s)
    return s;
  return backend;
}

} // namespace mlir::rlx
