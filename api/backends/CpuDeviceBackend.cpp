//===- CpuDeviceBackend.cpp - The CPU as a device
//--------------------------===//
//
// This machine's CPU: always there; its target the host's, or the one
// CompileOptions::cpuTarget names; LIR lowered to LLVM and compiled to
// object code, one piece per core; artifacts loaded by runtime/cpu with a
// thread pool per executable.
//
//===----------------------------------------------------------------------===//
#include "api/backends/BuiltinBackends.h"
#include "conversion/LIRToLLVM/CpuBackend.h"
#include "conversion/LIRToLLVM/ObjectCode.h"
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/Target/Target.h"
#include "runtime/HostCpu.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Threading.h"
#include <algorithm>
#include <thread>

namespace mlir::rlx {

using ::rlx::Status;
using ::rlx::StatusCode;

namespace {

unsigned hostThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

class CpuDeviceBackend final : public Backend {
public:
  Status probe() override { return Status::ok(); }

  std::string fullName() override {
    return "CPU (" + ::rlx::host::cpuName() + ", " +
           std::to_string(hostThreads()) + " threads" +
           (::rlx::runtime::hasNativeMatmul() ? ", OpenBLAS" : "") + ")";
  }

  int priority() override { return 100; }

  std::string fingerprint() override {
    return "cpu " + ::rlx::host::processTriple() + " " +
           ::rlx::host::cpuName() +
           " threads=" + std::to_string(hostThreads()) + " " +
           ::rlx::host::signedCpuFeatures();
  }

  std::string codeFingerprint(const CompilerOptions &options) override {
    const ::rlx::CpuTarget &cpu = options.options.cpuTarget;
    if (!cpu.isHost())
      return "cpu target " + cpu.triple + " " + cpu.cpu + " " + cpu.features;
    return "cpu " + ::rlx::host::processTriple() + " " +
           ::rlx::host::cpuName() + " " + ::rlx::host::signedCpuFeatures();
  }

  ::rlx::OpSupport claimKind(StringRef opName) override {
    return claimOfTarget("cpu", opName);
  }

  OpClaim claim(Operation *op) override {
    return {claimKind(op->getName().getStringRef()), ""};
  }

  Status attachTarget(ModuleOp module,
                      const CompilerOptions &options) override {
    if (options.options.nativeMatmul && !::rlx::runtime::hasNativeMatmul())
      return Status(StatusCode::unimplemented,
                    "CompileOptions::nativeMatmul needs OpenBLAS, and this "
                    "rlx was built without it: install libopenblas-dev and "
                    "configure with -DRLX_ENABLE_OPENBLAS=ON");
    MLIRContext *ctx = module.getContext();
    const ::rlx::CpuTarget &cpu = options.options.cpuTarget;
    TargetAttrInterface named = getTarget(module);
    if (isa_and_nonnull<VulkanTargetAttr>(named))
      return Status(StatusCode::invalid_argument,
                    describeTarget(named) +
                        " is a Vulkan target; compile it for Device::vulkan");
    if (cpu.isHost()) {
      if (!named)
        setTarget(module, hostCpuTarget(ctx));
      return Status::ok();
    }
    DiagnosticCollector diagnostics(ctx);
    FailureOr<CpuTargetAttr> target =
        resolveCpuTarget(ctx, cpu.triple, cpu.cpu, cpu.features, [&] {
          return emitError(module.getLoc()) << "CompileOptions::cpuTarget: ";
        });
    if (failed(target))
      return Status(StatusCode::invalid_argument,
                    diagnostics.message("invalid CompileOptions::cpuTarget"));
    if (named && named != *target) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << describeTarget(named) << " differs from CompileOptions::cpuTarget "
         << *target;
      return Status(StatusCode::invalid_argument, text);
    }
    setTarget(module, *target);
    return Status::ok();
  }

  ::rlx::Expected<::rlx::runtime::Artifact>
  compileLIR(ModuleOp module, const CompilerOptions &options,
             ::rlx::Manifest manifest) override {
    MLIRContext *ctx = module.getContext();
    DiagnosticCollector diagnostics(ctx);
    PipelineOptions pipeline;
    fillPipelineOptions(pipeline, options);
    PassManager lower(ctx);
    buildLirToLlvmPipeline(lower, pipeline);
    if (failed(lower.run(module)))
      return Status(StatusCode::internal,
                    diagnostics.message("lowering to LLVM failed"));
    // One piece of object code per core, compiled in parallel.
    FailureOr<CpuObjectCode> code = emitObjectCode(
        module,
        std::max(1u, llvm::hardware_concurrency().compute_thread_count()));
    if (failed(code))
      return Status(StatusCode::internal,
                    diagnostics.message("object code generation failed"));
    ::rlx::runtime::Artifact artifact;
    artifact.manifest = std::move(manifest);
    artifact.device = "cpu";
    artifact.cpu.triple = code->triple;
    artifact.cpu.cpuFeatures = code->features;
    for (const std::string &object : code->objects)
      artifact.cpu.objects.emplace_back(object.begin(), object.end());
    return artifact;
  }

  ::rlx::Expected<LoadedExecutable>
  load(const ::rlx::runtime::Artifact &artifact, int threads) override {
    if (artifact.device != "cpu")
      return Status(StatusCode::incompatible,
                    "the artifact is for device '" + artifact.device +
                        "', the session's device is 'cpu'");
    return ::rlx::runtime::loadWithThreads(artifact, threads);
  }
};

} // namespace

std::unique_ptr<Backend> makeCpuBackend() {
  return std::make_unique<CpuDeviceBackend>();
}

} // namespace mlir::rlx
