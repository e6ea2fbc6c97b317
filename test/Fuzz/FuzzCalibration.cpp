//===- FuzzCalibration.cpp - Fuzz target: a calibration file --------------===//
//
// rlx-fuzz-calibration: the bytes are a calibration file, read by
// rlx::parseCalibration for the CPU and fingerprint "fuzz" (the seeds carry
// that line, so mutations reach past it). Findings besides crashes and
// sanitizer reports: an accepted model that is not valid, or that does not
// read back identically from its own formatted text.
//
//===----------------------------------------------------------------------===//
#include "api/CalibrationText.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  std::optional<rlx::DeviceCostModel> model =
      rlx::parseCalibration(text, rlx::Device::cpu, "fuzz");
  if (!model)
    return 0;
  if (!model->valid() || model->fingerprint != "fuzz")
    __builtin_trap();
  std::optional<rlx::DeviceCostModel> again = rlx::parseCalibration(
      rlx::formatCalibration(*model), rlx::Device::cpu, "fuzz");
  if (!again || again->matmulGflops != model->matmulGflops ||
      again->bandwidthGBps != model->bandwidthGBps ||
      again->dispatchMicros != model->dispatchMicros ||
      again->runMicros != model->runMicros)
    __builtin_trap();
  return 0;
}
