//===- FuzzModel.cpp - Fuzz target: model text to MIR ---------------------===//
//
// rlx-fuzz-model: the bytes are a model's text (HIR or MIR), taken the way
// the public API takes it: the nesting check, parse, verify, the CPU target
// and the MIR pipeline (rlx::dispatchReportForDevice). It stops before
// convert-mir-to-lir and LLVM code generation, which would cost ~100x the
// time per input. An error Status is a correct answer; a crash, a sanitizer
// report, a hang or unbounded memory is a finding.
//
//===----------------------------------------------------------------------===//
#include "rlx/Devices.h"
#include "rlx/Model.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  rlx::Expected<rlx::DispatchReport> report = rlx::dispatchReportForDevice(
      rlx::Device::cpu, rlx::Model::fromText(text));
  (void)report;
  return 0;
}
