//===- Stages.cpp - One model through the compiler, a stage at a time -----===//
//
// The same functions Session's compile runs (api/Compiler.h), one per call,
// on a module the object keeps; fusion records come from the fusion passes
// through the context's fusion sink (passes/Common/Log.h).
//
//===----------------------------------------------------------------------===//
#include "rlx/Stages.h"
#include "api/Backend.h"
#include "api/CachedCompile.h"
#include "api/Compiler.h"
#include "api/ManifestFromLIR.h"
#include "passes/Common/Log.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace rlx {

const char *compileStageName(CompileStage stage) {
  switch (stage) {
  case CompileStage::none:
    return "none";
  case CompileStage::hir:
    return "hir";
  case CompileStage::mir:
    return "mir";
  case CompileStage::optimizedMir:
    return "optimized-mir";
  case CompileStage::lir:
    return "lir";
  case CompileStage::executable:
    return "executable";
  }
  return "?";
}

struct StagedCompile::Impl {
  Device device;
  std::unique_ptr<mlir::MLIRContext> context = mlir::rlx::makeCompilerContext();
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::rlx::CompilerOptions options;
  CompileStage stage = CompileStage::none;
  std::vector<FusionEvent> fusions;
  std::optional<Manifest> manifest;

  ~Impl() {
    mlir::rlx::setFusionSink(context.get(), {});
    mlir::rlx::setLogSink(context.get(), {});
  }

  /// ok when the object is at `expected`; a failed stage leaves it at none.
  Status require(CompileStage expected, const char *call) const {
    if (stage == expected)
      return Status::ok();
    return Status(
        StatusCode::failed_precondition,
        std::string(call) + " needs the " + compileStageName(expected) +
            " stage; the compile is at '" + compileStageName(stage) + "'" +
            (stage == CompileStage::none
                 ? " (call load, again after a failed stage)"
                 : ""));
  }

  /// Runs `step`; on success the object is at `next`, else at none.
  Status advance(CompileStage next, const std::function<Status()> &step) {
    Status s = step();
    stage = s ? next : CompileStage::none;
    return s;
  }
};

StagedCompile::StagedCompile(Device device) : impl_(std::make_unique<Impl>()) {
  impl_->device = device;
}
StagedCompile::StagedCompile(StagedCompile &&) noexcept = default;
StagedCompile &StagedCompile::operator=(StagedCompile &&) noexcept = default;
StagedCompile::~StagedCompile() = default;

Status StagedCompile::load(const Model &model) {
  Impl &s = *impl_;
  s.fusions.clear();
  s.manifest.reset();
  s.module = nullptr;
  s.options = mlir::rlx::compilerOptionsFor(model, s.device);
  return s.advance(CompileStage::hir, [&]() -> Status {
    if (Status usable = mlir::rlx::usableBackend(s.device).status(); !usable)
      return usable;
    auto module = mlir::rlx::modelModule(s.context.get(), model);
    if (!module)
      return module.status();
    s.module = std::move(*module);
    mlir::rlx::DiagnosticCollector diagnostics(s.context.get());
    if (mlir::failed(mlir::verify(*s.module)))
      return Status(StatusCode::invalid_argument,
                    diagnostics.message("the module does not verify"));
    return mlir::rlx::checkModelShape(*s.module);
  });
}

Status StagedCompile::lowerToMIR() {
  Impl &s = *impl_;
  if (Status r = s.require(CompileStage::hir, "lowerToMIR"); !r)
    return r;
  return s.advance(CompileStage::mir, [&] {
    return mlir::rlx::compileTemplate(*s.module, s.options);
  });
}

Status StagedCompile::optimize() {
  Impl &s = *impl_;
  if (Status r = s.require(CompileStage::mir, "optimize"); !r)
    return r;
  s.fusions.clear();
  mlir::rlx::setFusionSink(
      s.context.get(), [&s](const mlir::rlx::FusionRecord &r) {
        s.fusions.push_back({r.function, r.pattern, r.op, r.message, r.fused});
      });
  Status result = s.advance(CompileStage::optimizedMir, [&] {
    return mlir::rlx::optimizeMIR(*s.module, s.options);
  });
  mlir::rlx::setFusionSink(s.context.get(), {});
  return result;
}

Status StagedCompile::lowerToLIR() {
  Impl &s = *impl_;
  if (Status r = s.require(CompileStage::optimizedMir, "lowerToLIR"); !r)
    return r;
  return s.advance(CompileStage::lir, [&]() -> Status {
    if (Status lowered = mlir::rlx::lowerMIRToLIR(*s.module, s.options);
        !lowered)
      return lowered;
    Expected<Manifest> manifest = mlir::rlx::manifestFromLIR(*s.module);
    if (!manifest)
      return manifest.status();
    s.manifest = std::move(*manifest);
    return Status::ok();
  });
}

Expected<CompiledGraph> StagedCompile::compile() {
  Impl &s = *impl_;
  if (Status r = s.require(CompileStage::lir, "compile"); !r)
    return r;
  Expected<mlir::rlx::Backend *> backend = mlir::rlx::usableBackend(s.device);
  if (!backend)
    return backend.status();
  // The backend lowers what it is given: a clone, so moduleText stays LIR.
  mlir::OwningOpRef<mlir::ModuleOp> clone(s.module->clone());
  Expected<runtime::Artifact> artifact =
      mlir::rlx::compileLIRToArtifact(*clone, s.options);
  if (!artifact) {
    s.stage = CompileStage::none;
    return artifact.status();
  }
  Expected<CompiledGraph> graph = mlir::rlx::loadArtifact(
      **backend, std::move(*artifact), s.options.options.threads);
  s.stage = graph ? CompileStage::executable : CompileStage::none;
  return graph;
}

CompileStage StagedCompile::stage() const { return impl_->stage; }

std::string StagedCompile::moduleText() const {
  if (!impl_->module)
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  impl_->module->print(os);
  return text;
}

const std::vector<FusionEvent> &StagedCompile::fusions() const {
  return impl_->fusions;
}

Expected<Manifest> StagedCompile::manifest() const {
  if (!impl_->manifest)
    return Status(StatusCode::failed_precondition,
                  std::string("the manifest exists from the lir stage on; "
                              "the compile is at '") +
                      compileStageName(impl_->stage) + "'");
  return *impl_->manifest;
}

} // namespace rlx
