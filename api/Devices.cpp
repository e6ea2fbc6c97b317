//===- Devices.cpp - Which devices there are and what they can run --------===//
//
// The public device queries (include/rlx/Devices.h), all answered by the
// registered backends (api/Backend.h).
//
//===----------------------------------------------------------------------===//
#include "rlx/Devices.h"
#include "api/Backend.h"
#include "conversion/Pipelines/PipelineOptions.h"
#include "conversion/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>

namespace rlx {

using mlir::rlx::Backend;

Status availability(Device device) {
  Expected<Backend *> backend = mlir::rlx::usableBackend(device);
  return backend ? Status::ok() : backend.status();
}

bool isAvailable(Device device) { return availability(device).isOk(); }

std::vector<Device> availableDevices() {
  std::vector<std::pair<int, Device>> ranked;
  for (Device device : allDevices())
    if (Expected<Backend *> backend = mlir::rlx::usableBackend(device))
      ranked.push_back({(*backend)->priority(), device});
  // Highest priority first; ties in declaration order.
  std::stable_sort(
      ranked.begin(), ranked.end(),
      [](const auto &a, const auto &b) { return a.first > b.first; });
  std::vector<Device> devices;
  for (auto &[priority, device] : ranked)
    devices.push_back(device);
  return devices;
}

Expected<Device> fastestDevice() {
  std::vector<Device> devices = availableDevices();
  if (devices.empty())
    return Status(StatusCode::unavailable, "no device is available");
  return devices.front();
}

std::string fullName(Device device) {
  Expected<Backend *> backend = mlir::rlx::usableBackend(device);
  if (!backend)
    return std::string(deviceName(device)) + " (" + backend.status().message() +
           ")";
  return (*backend)->fullName();
}

const char *opSupportName(OpSupport support) {
  switch (support) {
  case OpSupport::native:
    return "native";
  case OpSupport::rewritten:
    return "rewritten";
  case OpSupport::unsupported:
    return "unsupported";
  }
  return "unknown";
}

/// A context to look op names up in, made once (never destroyed: queries
/// may come from static destructors).
static mlir::MLIRContext &queryContext() {
  static mlir::MLIRContext *context =
      mlir::rlx::makeCompilerContext().release();
  return *context;
}

OpSupport supportOf(Device device, std::string_view opKind) {
  Backend *backend = mlir::rlx::backendFor(device);
  llvm::StringRef kind(opKind.data(), opKind.size());
  if (!backend || !mlir::RegisteredOperationName::lookup(kind, &queryContext()))
    return OpSupport::unsupported;
  // HIR blocks are lowered to MIR ops before any backend sees them.
  if (kind.starts_with("hir."))
    return OpSupport::rewritten;
  return backend->claimKind(kind);
}

bool supportsRunSlots(Device device) {
  Backend *backend = mlir::rlx::backendFor(device);
  return backend && backend->supportsRunSlots();
}

bool DispatchReport::supported() const {
  return llvm::none_of(kinds, [](const OpKindReport &k) {
    return k.support == OpSupport::unsupported;
  });
}

std::string DispatchReport::toString() const {
  std::string text;
  for (const OpKindReport &k : kinds) {
    text += k.kind + " x" + std::to_string(k.count) + ": " +
            opSupportName(k.support);
    if (!k.loweredTo.empty()) {
      text += " ->";
      for (const std::string &to : k.loweredTo)
        text += " " + to;
    }
    if (!k.reason.empty())
      text += " (" + k.reason + ")";
    text += "\n";
  }
  return text;
}

namespace {

/// One op of the model as written.
struct SourceOp {
  std::string kind;
  std::string location;
  mlir::Location loc;
  std::set<std::string> loweredTo;
  std::string unsupportedReason;
};

std::string describeLocation(mlir::Location loc) {
  if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(loc))
    return file.getFilename().str() + ":" + std::to_string(file.getLine()) +
           ":" + std::to_string(file.getColumn());
  if (auto name = mlir::dyn_cast<mlir::NameLoc>(loc))
    return name.getName().str();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << loc;
  return text;
}

/// The leaf locations `loc` stands for (a fused op's are its parts').
void leafLocations(mlir::Location loc,
                   llvm::SmallVectorImpl<mlir::Location> &leaves) {
  if (auto fused = mlir::dyn_cast<mlir::FusedLoc>(loc)) {
    for (mlir::Location part : fused.getLocations())
      leafLocations(part, leaves);
    return;
  }
  leaves.push_back(loc);
}

/// The ops a model's function is made of (not its terminator).
template <typename Fn> void forEachModelOp(mlir::ModuleOp module, Fn fn) {
  module.walk([&](mlir::func::FuncOp func) {
    for (mlir::Operation &op : func.getBody().getOps())
      if (!op.hasTrait<mlir::OpTrait::IsTerminator>())
        fn(&op);
  });
}

struct Legalization {
  std::string mirText;
  std::vector<SourceOp> sources;
};

/// The model lowered to optimized MIR for `device`, each op as written
/// mapped to the MIR ops that carry its location.
Expected<Legalization> legalize(Device device, const Model &model) {
  Expected<Backend *> backend = mlir::rlx::usableBackend(device);
  if (!backend)
    return backend.status();
  std::unique_ptr<mlir::MLIRContext> ctx = mlir::rlx::makeCompilerContext();
  auto module = mlir::rlx::modelModule(ctx.get(), model);
  if (!module)
    return module.status();
  mlir::ModuleOp m = **module;
  Legalization result;
  std::map<const void *, size_t> byLocation;
  forEachModelOp(m, [&](mlir::Operation *op) {
    byLocation.emplace(op->getLoc().getAsOpaquePointer(),
                       result.sources.size());
    result.sources.push_back({op->getName().getStringRef().str(),
                              describeLocation(op->getLoc()),
                              op->getLoc(),
                              {},
                              ""});
  });

  mlir::rlx::DiagnosticCollector diagnostics(ctx.get());
  mlir::rlx::CompilerOptions options =
      mlir::rlx::compilerOptionsFor(model, device);
  if (mlir::failed(mlir::verify(m)))
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("the module does not verify"));
  if (Status s = mlir::rlx::checkModelShape(m); !s)
    return s;
  if (Status s = (*backend)->attachTarget(m, options); !s)
    return s;
  mlir::rlx::PipelineOptions pipeline;
  mlir::rlx::fillPipelineOptions(pipeline, options);
  mlir::PassManager pm(ctx.get());
  mlir::rlx::buildMirPipeline(pm, pipeline);
  if (mlir::failed(pm.run(m)))
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("lowering to MIR failed"));

  forEachModelOp(m, [&](mlir::Operation *op) {
    llvm::SmallVector<mlir::Location> leaves;
    leafLocations(op->getLoc(), leaves);
    mlir::rlx::OpClaim claim = (*backend)->claim(op);
    for (mlir::Location leaf : leaves) {
      auto it = byLocation.find(leaf.getAsOpaquePointer());
      if (it == byLocation.end())
        continue;
      SourceOp &source = result.sources[it->second];
      source.loweredTo.insert(op->getName().getStringRef().str());
      if (claim.support == OpSupport::unsupported &&
          source.unsupportedReason.empty())
        source.unsupportedReason =
            op->getName().getStringRef().str() + ": " +
            (claim.reason.empty() ? "no kernel for it" : claim.reason);
    }
  });
  llvm::raw_string_ostream os(result.mirText);
  m.print(os);
  return result;
}

OpSupport supportOfSource(Backend &backend, const SourceOp &source) {
  if (!source.unsupportedReason.empty())
    return OpSupport::unsupported;
  llvm::StringRef kind(source.kind);
  if (kind.starts_with("hir."))
    return OpSupport::rewritten;
  return backend.claimKind(kind);
}

DispatchReport reportOf(Device device, const Legalization &legalized) {
  Backend &backend = *mlir::rlx::backendFor(device);
  DispatchReport report;
  report.device = device;
  std::map<std::string, size_t> rows;
  for (const SourceOp &source : legalized.sources) {
    auto [it, added] = rows.emplace(source.kind, report.kinds.size());
    if (added) {
      OpKindReport row;
      row.kind = source.kind;
      row.support = OpSupport::native;
      report.kinds.push_back(row);
    }
    OpKindReport &row = report.kinds[it->second];
    ++row.count;
    OpSupport support = supportOfSource(backend, source);
    row.support = std::max(row.support, support);
    for (const std::string &to : source.loweredTo)
      if (!llvm::is_contained(row.loweredTo, to))
        row.loweredTo.push_back(to);
    if (support == OpSupport::unsupported && row.reason.empty())
      row.reason = source.location + ": " +
                   (source.unsupportedReason.empty()
                        ? "the device has no kernel for " + source.kind
                        : source.unsupportedReason);
  }
  for (OpKindReport &row : report.kinds)
    std::sort(row.loweredTo.begin(), row.loweredTo.end());
  return report;
}

} // namespace

Expected<DispatchReport> dispatchReportForDevice(Device device,
                                                 const Model &model) {
  Expected<Legalization> legalized = legalize(device, model);
  if (!legalized)
    return legalized.status();
  return reportOf(device, *legalized);
}

Expected<LegalizedModel> legalizeGraphForDevice(Device device,
                                                const Model &model) {
  Expected<Legalization> legalized = legalize(device, model);
  if (!legalized)
    return legalized.status();
  LegalizedModel result;
  result.report = reportOf(device, *legalized);
  result.mirText = std::move(legalized->mirText);
  return result;
}

Expected<bool> supportsGraph(Device device, const Model &model) {
  Expected<DispatchReport> report = dispatchReportForDevice(device, model);
  if (!report)
    return report.status();
  return report->supported();
}

Expected<std::optional<UnsupportedOp>> firstUnsupportedOp(Device device,
                                                          const Model &model) {
  Expected<Legalization> legalized = legalize(device, model);
  if (!legalized)
    return legalized.status();
  Backend &backend = *mlir::rlx::backendFor(device);
  for (const SourceOp &source : legalized->sources)
    if (supportOfSource(backend, source) == OpSupport::unsupported)
      return std::optional<UnsupportedOp>(
          UnsupportedOp{source.kind, source.location,
                        source.unsupportedReason.empty()
                            ? "the device has no kernel for " + source.kind
                            : source.unsupportedReason});
  return std::optional<UnsupportedOp>();
}

} // namespace rlx
