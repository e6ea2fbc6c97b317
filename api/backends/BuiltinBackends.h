//===- BuiltinBackends.h - The backends rlx registers itself ----*- C++ -*-===//
//
// The CPU backend (conversion/LIRToLLVM + runtime/cpu) and the Vulkan
// backend (conversion/LIRToSPIRV + runtime/vulkan) as api/Backend.h sees
// them: the registry makes them for Device::cpu and Device::vulkan, and a
// test backend may wrap one.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_BACKENDS_BUILTINBACKENDS_H
#define RLX_API_BACKENDS_BUILTINBACKENDS_H

#include "api/Backend.h"

namespace mlir::rlx {

std::unique_ptr<Backend> makeCpuBackend();
std::unique_ptr<Backend> makeVulkanBackend();

} // namespace mlir::rlx

#endif // RLX_API_BACKENDS_BUILTINBACKENDS_H
