//===- Compiler.cpp - Module text or HIR to an artifact -------------------===//
#include "api/Compiler.h"
#include "api/ManifestFromLIR.h"
#include "api/VulkanCodeFromLIR.h"
#include "api/VulkanDeviceTarget.h"
#include "conversion/LIRToLLVM/CpuBackend.h"
#include "conversion/LIRToLLVM/ObjectCode.h"
#include "conversion/LIRToSPIRV/SpirvBinary.h"
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/Common/InputLimits.h"
#include "dialects/Target/Target.h"
#include "runtime/Runtime.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include <algorithm>

namespace mlir::rlx {

using ::rlx::Status;
using ::rlx::StatusCode;

const DialectRegistry &compilerRegistry() {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    // The lowering passes load what else they need (dependent dialects).
    registerRlxCompiler(r);
    return r;
  }();
  return registry;
}

void fillPipelineOptions(PipelineOptions &p, const CompilerOptions &options) {
  const ::rlx::CompileOptions &o = options.options;
  p.policy = options.policy;
  p.precision = options.precision;
  p.customPrecision = o.customPrecision;
  SmallVector<SymbolBinding> bind;
  for (const auto &[symbol, size] : o.dims)
    bind.push_back({symbol, size});
  p.bind = bind;
  p.fuse = o.fuse;
  p.foldConstants = o.foldConstants;
  p.report = o.report;
  p.assertFusionClean = o.assertFusionClean;
  p.dumpDir = o.dumpDir;
  p.alignment = o.arenaAlignment;
  p.nativeMatmul = o.nativeMatmul;
}

/// Collects every diagnostic emitted while it lives, one per line.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &d) {
          llvm::raw_string_ostream os(text);
          if (!text.empty())
            os << "\n";
          // "file:line:col: message", as compilers print it.
          if (auto file = d.getLocation()->findInstanceOf<FileLineColLoc>())
            os << file.getFilename().getValue() << ":" << file.getLine() << ":"
               << file.getColumn() << ": " << d;
          else
            os << d.getLocation() << ": " << d;
          for (Diagnostic &note : d.getNotes())
            os << "\n  note: " << note;
          return success();
        }) {}
  /// The collected text, or `fallback` if nothing was emitted.
  std::string message(StringRef fallback) const {
    return text.empty() ? fallback.str() : text;
  }

private:
  std::string text;
  ScopedDiagnosticHandler handler;
};

/// The status code that fits a failed compilation's diagnostics.
static StatusCode codeFor(StringRef message) {
  if (message.contains("is not supported by target"))
    return StatusCode::unimplemented;
  return StatusCode::invalid_argument;
}

/// "the module's rlx.target #rlx.vulkan<...>".
static std::string describeTarget(TargetAttrInterface target) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the module's rlx.target " << target;
  return text;
}

/// Device::vulkan: the module's own Vulkan target, else the device's.
static Status attachVulkanTarget(ModuleOp module,
                                 const CompilerOptions &options) {
  if (!options.options.cpuTarget.isHost())
    return Status(StatusCode::invalid_argument,
                  "CompileOptions::cpuTarget is for Device::cpu; this "
                  "compilation is for Device::vulkan");
  if (options.options.nativeMatmul)
    return Status(StatusCode::invalid_argument,
                  "CompileOptions::nativeMatmul (OpenBLAS) is for "
                  "Device::cpu; this compilation is for Device::vulkan");
  if (TargetAttrInterface named = getTarget(module)) {
    if (isa<VulkanTargetAttr>(named))
      return Status::ok();
    return Status(StatusCode::invalid_argument,
                  describeTarget(named) +
                      " is not a Vulkan target; compile it for Device::cpu");
  }
  ::rlx::Expected<::rlx::runtime::VulkanDeviceInfo> device =
      ::rlx::runtime::vulkanDevice();
  if (!device)
    return device.status();
  setTarget(module, vulkanTargetFor(module.getContext(), *device));
  return Status::ok();
}

Status attachTarget(ModuleOp module, const CompilerOptions &options) {
  if (options.device == ::rlx::Device::vulkan)
    return attachVulkanTarget(module, options);
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

/// Vulkan binds each buffer at its arena offset, which must be a multiple
/// of the device's minStorageBufferOffsetAlignment (256 at most, the
/// Vulkan limit, when the module names its own target and there is no
/// device to ask).
static int64_t vulkanArenaAlignment(int64_t requested) {
  ::rlx::Expected<::rlx::runtime::VulkanDeviceInfo> device =
      ::rlx::runtime::vulkanDevice();
  uint64_t needed = device ? device->minStorageBufferOffsetAlignment : 256;
  return std::max<int64_t>(requested,
                           static_cast<int64_t>(llvm::PowerOf2Ceil(needed)));
}

Status compileToLIR(ModuleOp module, const CompilerOptions &options) {
  MLIRContext *ctx = module.getContext();
  DiagnosticCollector diagnostics(ctx);
  if (failed(verify(module)))
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("the module does not verify"));
  if (Status s = attachTarget(module, options); !s)
    return s;
  PipelineOptions pipeline;
  fillPipelineOptions(pipeline, options);
  if (options.device == ::rlx::Device::vulkan)
    pipeline.alignment = vulkanArenaAlignment(pipeline.alignment);
  PassManager pm(ctx);
  buildMirToLirPipeline(pm, pipeline);
  if (failed(pm.run(module))) {
    std::string message = diagnostics.message("compilation failed");
    return Status(codeFor(message), message);
  }
  return Status::ok();
}

/// LIR (with its manifest) to a Vulkan artifact: the kernels' bindings from
/// LIR, then -rlx-lir-to-spirv and the validated SPIR-V words.
static ::rlx::Expected<::rlx::runtime::Artifact>
finishVulkan(ModuleOp module, const CompilerOptions &options,
             ::rlx::Manifest manifest) {
  ::rlx::Expected<::rlx::runtime::VulkanCode> code = vulkanCodeFromLIR(module);
  if (!code)
    return code.status();
  MLIRContext *ctx = module.getContext();
  DiagnosticCollector diagnostics(ctx);
  PipelineOptions pipeline;
  fillPipelineOptions(pipeline, options);
  PassManager lower(ctx);
  buildLirToSpirvPipeline(lower, pipeline);
  if (failed(lower.run(module))) {
    std::string message = diagnostics.message("lowering to SPIR-V failed");
    return Status(codeFor(message), message);
  }
  FailureOr<std::vector<SpirvBinary>> binaries = emitSpirvBinaries(module);
  if (failed(binaries))
    return Status(StatusCode::internal,
                  diagnostics.message("SPIR-V serialization failed"));
  if (Status s = addSpirvModules(*code, std::move(*binaries)); !s)
    return s;
  ::rlx::runtime::Artifact artifact;
  // Bindings span whole 32-bit words (vulkanCodeFromLIR).
  manifest.arenaSize = llvm::alignTo(manifest.arenaSize, 4);
  artifact.manifest = std::move(manifest);
  artifact.device = "vulkan";
  artifact.vulkan = std::move(*code);
  return artifact;
}

::rlx::Expected<::rlx::runtime::Artifact>
compileModule(ModuleOp module, const CompilerOptions &options) {
  if (options.device != ::rlx::Device::cpu &&
      options.device != ::rlx::Device::vulkan)
    return Status(StatusCode::unavailable,
                  std::string("rlx has no compiler for device '") +
                      ::rlx::deviceName(options.device) +
                      "' (it compiles for cpu and vulkan)");
  if (options.device == ::rlx::Device::cpu && options.options.nativeMatmul &&
      !::rlx::runtime::hasNativeMatmul())
    return Status(StatusCode::unimplemented,
                  "CompileOptions::nativeMatmul needs OpenBLAS, and this rlx "
                  "was built without it: install libopenblas-dev and "
                  "configure with -DRLX_ENABLE_OPENBLAS=ON");
  if (Status s = compileToLIR(module, options); !s)
    return s;
  ::rlx::Expected<::rlx::Manifest> manifest = manifestFromLIR(module);
  if (!manifest)
    return manifest.status();
  if (options.device == ::rlx::Device::vulkan)
    return finishVulkan(module, options, std::move(*manifest));

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
  artifact.manifest = std::move(*manifest);
  artifact.device = "cpu";
  artifact.cpu.triple = code->triple;
  artifact.cpu.cpuFeatures = code->features;
  for (const std::string &object : code->objects)
    artifact.cpu.objects.emplace_back(object.begin(), object.end());
  return artifact;
}

::rlx::Expected<::rlx::runtime::Artifact>
compileText(MLIRContext *ctx, std::string_view text,
            const CompilerOptions &options) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return Status(StatusCode::invalid_argument, "the module text is empty");
  std::string tooDeep = checkNestingDepth(StringRef(text.data(), text.size()));
  if (!tooDeep.empty())
    return Status(StatusCode::resource_exhausted, tooDeep);
  DiagnosticCollector diagnostics(ctx);
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(StringRef(text.data(), text.size()),
                                           "<module>"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sources, ctx);
  if (!module)
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("the module text does not parse"));
  return compileModule(*module, options);
}

} // namespace mlir::rlx
