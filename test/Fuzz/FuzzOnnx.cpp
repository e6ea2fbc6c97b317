//===- FuzzOnnx.cpp - Fuzz target: ONNX model bytes to MIR ----------------===//
//
// rlx-fuzz-onnx: the bytes are an .onnx file, taken the way the public API
// takes it (rlx::OnnxModel::fromBytes: protobuf, ONNX's checker and version
// converter, the initializers decoded), then imported and run through the
// MIR pipeline for the CPU (rlx::dispatchReportForDevice), with any
// symbolic dim bound to 2. It stops before code generation. An error
// Status is a correct answer; a crash, an exception escaping, a sanitizer
// report, a hang or unbounded memory is a finding.
//
//===----------------------------------------------------------------------===//
#include "rlx/Devices.h"
#include "rlx/Model.h"
#include "rlx/Onnx.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char *>(data), size);
  rlx::Expected<rlx::OnnxModel> onnx =
      rlx::OnnxModel::fromBytes(bytes, "fuzz.onnx");
  if (!onnx)
    return 0;
  rlx::Model model = rlx::Model::fromOnnx(*onnx);
  std::set<std::string> symbols;
  for (const rlx::OnnxModel::ValueInfo &in : onnx->inputs())
    for (const std::string &s : in.symbols)
      if (!s.empty() && symbols.insert(s).second)
        model.options.dims.push_back({s, 2});
  rlx::Expected<rlx::DispatchReport> report =
      rlx::dispatchReportForDevice(rlx::Device::cpu, model);
  (void)report;
  return 0;
}
