//===- Devices.h - Which devices there are and what they can run ----------===//
//
// Every device rlx knows by name, whether it can be used now, what it is
// called, and which ops and graphs it runs. A device is usable when a
// backend is registered for it (cpu and vulkan are built in; a program may
// register its own, api/Backend.h) and that backend finds its hardware.
// docs/Devices.md.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DEVICES_H
#define RLX_DEVICES_H

#include "rlx/Device.h"
#include "rlx/Model.h"
#include "rlx/Status.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rlx {

/// ok when `device` has a backend and the backend finds its hardware now
/// (Vulkan: an instance and a device); otherwise unavailable, saying why.
Status availability(Device device);
bool isAvailable(Device device);
/// The available devices, fastest first (fastestDevice's order).
std::vector<Device> availableDevices();
/// The first available device in the documented priority order: a
/// discrete, integrated or virtual GPU, then the CPU, then a software GPU
/// (a Vulkan device whose type is CPU, such as lavapipe), docs/Devices.md.
/// unavailable only when no device is (the CPU backend was replaced).
Expected<Device> fastestDevice();
/// What the device is: "CPU (znver4, 2 threads, OpenBLAS)", "Vulkan
/// (NVIDIA H100 80GB HBM3, discrete GPU)"; for a device without a backend
/// or hardware, its name and why it cannot be used.
std::string fullName(Device device);

/// How a device runs an op kind.
enum class OpSupport {
  /// It has kernels for the kind as it is.
  native,
  /// The kind is lowered into other kinds it runs natively (HIR blocks
  /// into MIR ops).
  rewritten,
  /// It cannot run the kind (or, for a graph's op, its element types).
  unsupported,
};
const char *opSupportName(OpSupport support);

/// How `device` runs ops of kind `opKind` ("mir.matmul", "hir.attention"),
/// whatever their element types; an unknown kind, or a device without a
/// backend, is unsupported.
OpSupport supportOf(Device device, std::string_view opKind);
inline bool supports(Device device, std::string_view opKind) {
  return supportOf(device, opKind) != OpSupport::unsupported;
}
/// Whether the device's executables take CompiledGraph::runSlots (true for
/// cpu and vulkan; false without a backend).
bool supportsRunSlots(Device device);

/// One op kind of a model on one device: how many ops of the kind the model
/// has, how the device runs them, the MIR kinds they became, and for an
/// unsupported kind why (the first such op and its location).
struct OpKindReport {
  std::string kind;
  int count = 0;
  OpSupport support = OpSupport::native;
  std::vector<std::string> loweredTo;
  std::string reason;
};

/// How a device runs every op kind of a model, in order of first use.
struct DispatchReport {
  Device device = Device::cpu;
  std::vector<OpKindReport> kinds;
  /// No kind is unsupported.
  bool supported() const;
  /// One line per kind: "hir.linear x2: rewritten -> mir.fused_matmul".
  std::string toString() const;
};

/// An op of a model a device cannot run: its kind, where it is ("graph op
/// #3 (hir.linear)" or "model.mlir:12:8") and why.
struct UnsupportedOp {
  std::string kind;
  std::string location;
  std::string reason;
};

/// The report of `model` on `device`: the model lowered to MIR for the
/// device's target (what the device's kernels are built from) and each op
/// kind of the model checked against the backend's claims. Errors: the
/// model does not translate, parse or lower (invalid_argument, as compile
/// would say), unavailable (no backend, or no hardware to take the target
/// from).
Expected<DispatchReport> dispatchReportForDevice(Device device,
                                                 const Model &model);

/// The model at MIR for `device` (its text) and its dispatch report.
struct LegalizedModel {
  std::string mirText;
  DispatchReport report;
};
Expected<LegalizedModel> legalizeGraphForDevice(Device device,
                                                const Model &model);

/// Whether every op of `model` runs on `device` (errors as above).
Expected<bool> supportsGraph(Device device, const Model &model);
/// The first op of `model`, in program order, that `device` cannot run;
/// none when it runs them all.
Expected<std::optional<UnsupportedOp>> firstUnsupportedOp(Device device,
                                                          const Model &model);

} // namespace rlx

#endif // RLX_DEVICES_H
