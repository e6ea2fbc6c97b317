//===- DevicePolicy.cpp - Which device a model runs on, and why -----------===//
#include "rlx/DevicePolicy.h"
#include "api/Backend.h"
#include "api/ManifestFromLIR.h"
#include "api/RunTiming.h"
#include "api/SessionInternals.h"
#include "rlx/Session.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace rlx {

bool DevicePolicy::allows(Device device) const {
  if (llvm::is_contained(deny, device))
    return false;
  return allow.empty() || llvm::is_contained(allow, device);
}

Expected<DevicePolicy> DevicePolicy::fromEnv(std::string_view prefix) {
  DevicePolicy policy;
  std::string deviceVar = std::string(prefix) + "_DEVICE";
  std::string chainVar = std::string(prefix) + "_DEVICE_CHAIN";
  if (const char *value = std::getenv(deviceVar.c_str()); value && *value) {
    Expected<Device> device = parseDevice(value);
    if (!device)
      return Status(device.status().code(),
                    deviceVar + ": " + device.status().message());
    policy.device = *device;
  }
  if (const char *value = std::getenv(chainVar.c_str()); value && *value) {
    Expected<std::vector<Device>> chain = parseDeviceChain(value);
    if (!chain)
      return Status(chain.status().code(),
                    chainVar + ": " + chain.status().message());
    policy.chain = std::move(*chain);
  }
  // One device and a fallback chain contradict each other: every user of
  // the policy would follow one and silently drop the other.
  if (policy.device && !policy.chain.empty())
    return Status(StatusCode::invalid_argument,
                  deviceVar + " and " + chainVar +
                      " are both set; set one of them (" + deviceVar +
                      " picks one device, " + chainVar +
                      " a fallback chain)");
  return policy;
}

namespace {

/// Why `device` cannot run `model` under `policy`; empty if it can.
/// `supported` says whether the ops were checked and all run.
std::string whyNot(Device device, const Model &model,
                   const DevicePolicy &policy, bool &available,
                   bool &supported) {
  supported = false;
  Status live = availability(device);
  available = live.isOk();
  if (!policy.allows(device))
    return "not allowed by the device policy";
  if (!available)
    return live.message();
  Expected<std::optional<UnsupportedOp>> unsupported =
      firstUnsupportedOp(device, model);
  if (!unsupported)
    return unsupported.status().message();
  if (*unsupported)
    return "cannot run " + (*unsupported)->kind + " at " +
           (*unsupported)->location + ": " + (*unsupported)->reason;
  supported = true;
  return "";
}

/// The cost model's estimate of one run of `model` on `device`: the model
/// compiled to LIR (no code generation) and its manifest priced.
Expected<double> estimate(Device device, const Model &model,
                          const DevicePolicy &policy) {
  Expected<DeviceCostModel> cost = costModel(device, policy.calibration);
  if (!cost)
    return cost.status();
  std::unique_ptr<mlir::MLIRContext> ctx = mlir::rlx::makeCompilerContext();
  auto module = mlir::rlx::modelModule(ctx.get(), model);
  if (!module)
    return module.status();
  if (Status s = mlir::rlx::compileToLIR(
          **module, mlir::rlx::compilerOptionsFor(model, device));
      !s)
    return s;
  Expected<Manifest> manifest = mlir::rlx::manifestFromLIR(**module);
  if (!manifest)
    return manifest.status();
  return cost->estimateMicros(*manifest);
}

/// The measured median run of `model` on `device`, inputs and parameters
/// zero.
Expected<double> benchmarkModel(Device device, const Model &model, int runs) {
  Expected<CompiledGraph> compiled = compileModel(device, model);
  if (!compiled)
    return compiled.status();
  std::vector<std::vector<uint8_t>> storage;
  std::vector<const void *> inputs;
  if (Status s = fillGraph(*compiled, /*ones=*/false, storage, inputs); !s)
    return s;
  return medianRunMicros(*compiled, inputs, runs);
}

Status checkRuns(const DevicePolicy &policy) {
  if (policy.benchmarkRuns < 1 || policy.benchmarkRuns > 1000)
    return Status(StatusCode::invalid_argument,
                  "DevicePolicy::benchmarkRuns is " +
                      std::to_string(policy.benchmarkRuns) +
                      "; it must be 1 to 1000");
  return Status::ok();
}

/// Every device's row, with the cost of each candidate by the policy's
/// strategy (nothing chosen yet).
std::vector<DeviceReportRow> evaluate(const Model &model,
                                      const DevicePolicy &policy) {
  std::vector<DeviceReportRow> rows;
  for (Device device : allDevices()) {
    DeviceReportRow row;
    row.device = device;
    row.fullName = fullName(device);
    row.allowed = policy.allows(device);
    row.skipped = whyNot(device, model, policy, row.available, row.supported);
    if (row.skipped.empty()) {
      Expected<double> cost =
          policy.strategy == PickStrategy::benchmark
              ? benchmarkModel(device, model, policy.benchmarkRuns)
              : estimate(device, model, policy);
      if (cost)
        row.estimatedMicros = *cost;
      else
        row.skipped = cost.status().message();
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

/// The candidate rows, cheapest first.
std::vector<const DeviceReportRow *>
cheapestFirst(const std::vector<DeviceReportRow> &rows) {
  std::vector<const DeviceReportRow *> candidates;
  for (const DeviceReportRow &row : rows)
    if (row.estimatedMicros)
      candidates.push_back(&row);
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const DeviceReportRow *a, const DeviceReportRow *b) {
                     return *a->estimatedMicros < *b->estimatedMicros;
                   });
  return candidates;
}

Status noCandidate(const std::vector<DeviceReportRow> &rows) {
  std::string why;
  for (const DeviceReportRow &row : rows)
    why += std::string("\n  ") + deviceName(row.device) + ": " + row.skipped;
  return Status(StatusCode::unavailable, "no device can run the model:" + why);
}

/// `device` as the one asked for by `who`, or why it cannot be.
Expected<Device> asked(Device device, const char *who, const Model &model,
                       const DevicePolicy &policy) {
  bool available, supported;
  std::string why = whyNot(device, model, policy, available, supported);
  if (why.empty())
    return device;
  return Status(available ? StatusCode::unimplemented : StatusCode::unavailable,
                std::string(who) + " asks for device '" + deviceName(device) +
                    "': " + why);
}

} // namespace

Expected<Device> resolveDevice(const Model &model, std::optional<Device> hint,
                               const DevicePolicy &policy) {
  if (Status s = checkRuns(policy); !s)
    return s;
  if (hint)
    return asked(*hint, "the hint", model, policy);
  if (policy.device)
    return asked(*policy.device, "the device policy (RLX_DEVICE)", model,
                 policy);
  std::vector<DeviceReportRow> rows = evaluate(model, policy);
  std::vector<const DeviceReportRow *> candidates = cheapestFirst(rows);
  if (candidates.empty())
    return noCandidate(rows);
  return candidates.front()->device;
}

Expected<std::vector<Device>> resolveDeviceChain(const Model &model,
                                                 std::optional<Device> hint,
                                                 const DevicePolicy &policy) {
  if (Status s = checkRuns(policy); !s)
    return s;
  std::vector<Device> chain;
  if (!policy.chain.empty()) {
    for (Device device : policy.chain)
      if (policy.allows(device))
        chain.push_back(device);
    if (chain.empty())
      return Status(StatusCode::unavailable,
                    "the device policy denies every device of its chain");
    return chain;
  }
  std::optional<Device> first = hint ? hint : policy.device;
  if (first && policy.allows(*first))
    chain.push_back(*first);
  std::vector<DeviceReportRow> rows = evaluate(model, policy);
  for (const DeviceReportRow *row : cheapestFirst(rows))
    if (!llvm::is_contained(chain, row->device))
      chain.push_back(row->device);
  if (chain.empty())
    return noCandidate(rows);
  return chain;
}

Expected<std::vector<DeviceReportRow>>
deviceReport(const Model &model, const DevicePolicy &policy) {
  if (Status s = checkRuns(policy); !s)
    return s;
  std::vector<DeviceReportRow> rows = evaluate(model, policy);
  std::optional<Device> chosen = policy.device;
  if (!chosen) {
    std::vector<const DeviceReportRow *> candidates = cheapestFirst(rows);
    if (!candidates.empty())
      chosen = candidates.front()->device;
  }
  for (DeviceReportRow &row : rows)
    row.chosen = chosen && row.device == *chosen && row.skipped.empty();
  return rows;
}

std::string formatDeviceReport(const std::vector<DeviceReportRow> &rows) {
  std::string text = "device  available  supported  est. us  chosen  "
                     "name / why skipped\n";
  char line[128];
  for (const DeviceReportRow &row : rows) {
    std::string cost = "-";
    if (row.estimatedMicros) {
      char buffer[32];
      std::snprintf(buffer, sizeof(buffer), "%.1f", *row.estimatedMicros);
      cost = buffer;
    }
    std::snprintf(line, sizeof(line), "%-7s %-10s %-10s %8s  %-6s  ",
                  deviceName(row.device), row.available ? "yes" : "no",
                  row.supported ? "yes" : "no", cost.c_str(),
                  row.chosen ? "*" : "");
    text += line;
    text += row.skipped.empty() ? row.fullName : row.skipped;
    text += "\n";
  }
  return text;
}

} // namespace rlx
