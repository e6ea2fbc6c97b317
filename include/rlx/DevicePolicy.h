//===- DevicePolicy.h - Which device a model runs on, and why -------------===//
//
// A DevicePolicy says which devices a program allows and how to pick among
// them; resolveDevice picks one for a model (an explicit hint, else the
// environment, else the cheapest), resolveDeviceChain orders the fallbacks,
// and deviceReport explains every device's standing. docs/Devices.md.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DEVICEPOLICY_H
#define RLX_DEVICEPOLICY_H

#include "rlx/CostModel.h"
#include "rlx/Devices.h"
#include "rlx/Model.h"
#include "rlx/Status.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rlx {

/// How the cheapest device is picked.
enum class PickStrategy {
  /// The device cost model's estimate of one run of the compiled model.
  costModel,
  /// The median of `benchmarkRuns` measured runs (inputs and parameters
  /// filled with zeros) on each candidate.
  benchmark,
};

struct DevicePolicy {
  /// Devices that may be used; empty: all.
  std::vector<Device> allow;
  /// Devices that may not be used (wins over allow).
  std::vector<Device> deny;
  PickStrategy strategy = PickStrategy::costModel;
  /// Runs per device for PickStrategy::benchmark (1 to 1000).
  int benchmarkRuns = 5;
  /// The device the environment asks for (<PREFIX>_DEVICE).
  std::optional<Device> device;
  /// The fallback chain the environment asks for (<PREFIX>_DEVICE_CHAIN).
  std::vector<Device> chain;
  /// Where cost models are kept.
  CalibrationOptions calibration;

  /// allow (if any) has it and deny has not.
  bool allows(Device device) const;

  /// The policy of the environment: <PREFIX>_DEVICE ("vulkan") and
  /// <PREFIX>_DEVICE_CHAIN ("vulkan,cpu"), with `prefix` "RLX" or an
  /// application's own ("MYAPP" reads MYAPP_DEVICE, MYAPP_DEVICE_CHAIN).
  /// An unset or empty variable leaves the field empty; a misspelled
  /// device name is invalid_argument naming the variable and listing the
  /// valid names; both variables set is invalid_argument naming both.
  static Expected<DevicePolicy> fromEnv(std::string_view prefix = "RLX");
};

/// One device's standing for a model under a policy.
struct DeviceReportRow {
  Device device = Device::cpu;
  /// fullName(device).
  std::string fullName;
  bool allowed = false;
  bool available = false;
  /// Every op of the model runs on it (false when not available).
  bool supported = false;
  /// The cost model's estimate of one run (µs), when available, allowed
  /// and supported and the model compiles for it.
  std::optional<double> estimatedMicros;
  /// The device resolveDevice picks.
  bool chosen = false;
  /// Why it is not a candidate (empty for candidates): denied, not
  /// available (and why), an unsupported op (which and where), or the
  /// compile error.
  std::string skipped;
};

/// The device to run `model` on: `hint` if given, else the policy's
/// `device` (the environment), each of which must be allowed, available
/// and support the model (an error says which fails); else, among the
/// allowed, available devices that support the model, the cheapest by the
/// policy's strategy. unavailable when no device qualifies (the message
/// lists why for each).
Expected<Device> resolveDevice(const Model &model,
                               std::optional<Device> hint = std::nullopt,
                               const DevicePolicy &policy = DevicePolicy());

/// The devices to try in order: the policy's chain if it has one (as
/// given, minus denied devices), else the hint, else the policy's device,
/// followed by every other allowed, available device that supports the
/// model, cheapest first. A chain entry that is unavailable stays in it
/// (trying it records why); unavailable when nothing is left.
Expected<std::vector<Device>>
resolveDeviceChain(const Model &model,
                   std::optional<Device> hint = std::nullopt,
                   const DevicePolicy &policy = DevicePolicy());

/// One row per device (allDevices() order), cost estimated for each
/// candidate; the row resolveDevice(model, nullopt, policy) picks is
/// chosen.
Expected<std::vector<DeviceReportRow>>
deviceReport(const Model &model, const DevicePolicy &policy = DevicePolicy());

/// The report as an aligned text table, one line per device.
std::string formatDeviceReport(const std::vector<DeviceReportRow> &rows);

} // namespace rlx

#endif // RLX_DEVICEPOLICY_H
