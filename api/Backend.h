//===- Backend.h - What a device's backend does, and the registry -*- C++
//-*-===//
//
// A backend is everything the API layer needs from one device: whether its
// hardware is there, what it is called, which ops it claims, how fast it is,
// how a module gets its target, how LIR becomes an artifact and how an
// artifact is loaded. Session, the device queries, the device policy and
// GraphDevices reach devices only through the registry below, so api/ has no
// per-device branch outside the backends themselves (api/backends/).
//
// This is the compiler's extension point: it speaks MLIR and the runtime's
// internal types, so it is not a public header (include/rlx/ is MLIR-free).
// docs/Devices.md ("Backends").
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_BACKEND_H
#define RLX_API_BACKEND_H

#include "api/Compiler.h"
#include "rlx/CostModel.h"
#include "rlx/Devices.h"
#include "runtime/CompiledGraphImpl.h"
#include "runtime/Runtime.h"

#include "mlir/IR/BuiltinOps.h"
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace mlir::rlx {

using ::rlx::runtime::LoadedExecutable;

/// Whether a backend runs one op, and why not.
struct OpClaim {
  ::rlx::OpSupport support = ::rlx::OpSupport::native;
  std::string reason;
};

class Backend {
public:
  virtual ~Backend();

  /// ok when the hardware is there now; unavailable saying why otherwise.
  /// Called before every compile and load, so it should be cheap after
  /// its first call.
  virtual ::rlx::Status probe() = 0;
  /// "CPU (znver4, 2 threads, OpenBLAS)"; called only when probe() is ok.
  virtual std::string fullName() = 0;
  /// fastestDevice's order: the higher, the earlier (docs/Devices.md gives
  /// the built-in backends' ranks).
  virtual int priority() = 0;
  /// What the hardware is, for calibration files: a stale file is one of
  /// another fingerprint.
  virtual std::string fingerprint() = 0;
  /// What, besides the module and the options, the code compiled with
  /// `options` depends on: the AOT cache key's target part (api/CacheKey.h).
  /// By default fingerprint(); a backend whose fingerprint names things the
  /// code does not depend on (the CPU's thread count) narrows it.
  virtual std::string codeFingerprint(const CompilerOptions &options) {
    (void)options;
    return fingerprint();
  }
  /// Whether CompiledGraph::runSlots works on its executables.
  virtual bool supportsRunSlots() { return true; }

  /// How it runs MIR ops of kind `opName` ("mir.matmul"), any types.
  virtual ::rlx::OpSupport claimKind(StringRef opName) = 0;
  /// How it runs `op`, a MIR op of a module whose target this backend
  /// attached: its kind and element types.
  virtual OpClaim claim(Operation *op) = 0;

  /// Checks that `options` fit this device and gives `module` its target
  /// (the one the module names if it is this device's, else this device's
  /// own); invalid_argument naming the option or target that does not fit.
  virtual ::rlx::Status attachTarget(ModuleOp module,
                                     const CompilerOptions &options) = 0;
  /// The arena alignment to plan with when `requested` is asked for.
  virtual int64_t arenaAlignment(int64_t requested) { return requested; }
  /// Compiles `module`, LIR with `manifest` made from it, to an artifact.
  virtual ::rlx::Expected<::rlx::runtime::Artifact>
  compileLIR(ModuleOp module, const CompilerOptions &options,
             ::rlx::Manifest manifest) = 0;
  /// Loads an artifact of this device; incompatible for another device's.
  /// `threads` as CompileOptions::threads.
  virtual ::rlx::Expected<LoadedExecutable>
  load(const ::rlx::runtime::Artifact &artifact, int threads) = 0;

  /// The device's cost model. By default calibrated through this backend
  /// (api/CostModel.cpp) and cached; a backend may give its own.
  virtual ::rlx::Expected<::rlx::DeviceCostModel>
  costModel(const ::rlx::CalibrationOptions &options);

  /// The device this backend was registered for (set by the registry).
  ::rlx::Device device() const { return device_; }

private:
  friend class BackendRegistry;
  ::rlx::Device device_ = ::rlx::Device::null;
  /// The default costModel's calibration, once per backend.
  std::mutex costMutex_;
  std::optional<::rlx::DeviceCostModel> cost_;
};

/// How the MIR op claims of target `targetName` (passes/MIR/Target.h) run
/// `opName`: native if claimed, rewritten if legalization rewrites it into
/// claimed ops, unsupported if it is not a MIR op.
::rlx::OpSupport claimOfTarget(StringRef targetName, StringRef opName);

using BackendFactory = std::function<std::unique_ptr<Backend>()>;

/// Registers `factory` for `device`, replacing the backend there (built-in
/// or not); the factory is called on the backend's first use. Later
/// compiles, loads and queries use the new backend; objects already made
/// by the old one keep working (backends are kept until exit). Thread-safe.
void registerBackend(::rlx::Device device, BackendFactory factory);
/// Back to the built-in backend of `device` (none for cuda, rocm, metal,
/// null).
void resetBackend(::rlx::Device device);

/// The backend registered for `device`, made on first use; null when none
/// is. The pointer stays valid until exit.
Backend *backendFor(::rlx::Device device);
/// backendFor(device) if its probe is ok; otherwise unavailable, saying
/// whether there is no backend or why the backend's hardware is missing.
::rlx::Expected<Backend *> usableBackend(::rlx::Device device);

} // namespace mlir::rlx

namespace rlx {
/// Calibrates `backend`'s device (api/CostModel.cpp): a valid stored
/// calibration of its fingerprint, else measured now and stored.
Expected<DeviceCostModel> calibrateDevice(mlir::rlx::Backend &backend,
                                          const CalibrationOptions &options);
} // namespace rlx

#endif // RLX_API_BACKEND_H
