//===- ObjectCode.cpp - LLVM dialect to object code for a CPU target ------===//
#include "conversion/LIRToLLVM/ObjectCode.h"
#include "conversion/LIRToLLVM/CpuBackend.h"
#include "dialects/Target/Target.h"
#include "runtime/HostCpu.h"
#include <chrono>

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::rlx;

namespace {
/// LLVM's default O2 module pipeline, with the target's cost model and
/// without LLVM's loop and SLP vectorizers and loop unroller: the kernels
/// arrive vectorized and unrolled where it pays (rlx-cpu-matmul-microkernel,
/// rlx-cpu-vectorize-loops). Against O3 with both vectorizers, the encoder
/// layer compiled 20% faster at the same run time; leaving out the unroller
/// took its cold compile from 483-530 ms to 322-328 ms, run time unchanged
/// (docs/Performance.md, "Cold compile and cache hits").
void optimize(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = false;
  tuning.SLPVectorization = false;
  tuning.LoopUnrolling = false;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  passes.run(module, mam);
}

/// Whether `op` is a global that no code refers to (a dispatch footprint):
/// any one part may define it.
static bool isUnreferencedGlobal(Operation &op,
                                 const llvm::StringSet<> &referenced) {
  auto global = dyn_cast<LLVM::GlobalOp>(op);
  return global && global.getLinkage() == LLVM::Linkage::External &&
         !referenced.contains(global.getSymName());
}

/// Splits `module` into at most `parts` modules that together define its
/// functions, each with declarations of every function (the calls between
/// parts and to libm resolve when the objects are linked), and the globals
/// no function refers to (the footprints) in the first part. Balanced by op
/// count. Empty when the module stays whole: one part asked for, fewer
/// than two definitions, anything but functions and such globals, or a
/// function with local linkage.
SmallVector<OwningOpRef<ModuleOp>> splitModule(ModuleOp module,
                                               unsigned parts) {
  SmallVector<OwningOpRef<ModuleOp>> result;
  SmallVector<LLVM::LLVMFuncOp> definitions;
  bool splittable = parts > 1;
  llvm::StringSet<> referenced;
  if (std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(&module.getBodyRegion()))
    for (const SymbolTable::SymbolUse &use : *uses)
      referenced.insert(use.getSymbolRef().getRootReference().getValue());
  else
    splittable = false;
  for (Operation &op : *module.getBody()) {
    if (isUnreferencedGlobal(op, referenced))
      continue;
    auto fn = dyn_cast<LLVM::LLVMFuncOp>(op);
    if (!fn) {
      splittable = false;
      break;
    }
    if (fn.isExternal())
      continue;
    // A local definition could be called from another part, which cannot
    // link to it.
    if (fn.getLinkage() != LLVM::Linkage::External) {
      splittable = false;
      break;
    }
    definitions.push_back(fn);
  }
  if (!splittable || definitions.size() < 2) {
    return result; // empty: compile `module` as it is
  }
  parts = std::min<unsigned>(parts, definitions.size());
  // Largest first, each to the lightest part so far.
  SmallVector<std::pair<int64_t, LLVM::LLVMFuncOp>> bySize;
  for (LLVM::LLVMFuncOp fn : definitions) {
    int64_t ops = 0;
    fn.walk([&](Operation *) { ++ops; });
    bySize.push_back({ops, fn});
  }
  llvm::stable_sort(bySize, [](auto &a, auto &b) { return a.first > b.first; });
  std::vector<int64_t> load(parts, 0);
  llvm::DenseMap<Operation *, unsigned> partOf;
  for (auto &[ops, fn] : bySize) {
    unsigned lightest = static_cast<unsigned>(
        std::min_element(load.begin(), load.end()) - load.begin());
    load[lightest] += ops;
    partOf[fn] = lightest;
  }
  OpBuilder b(module.getContext());
  for (unsigned p = 0; p < parts; ++p) {
    auto part = OwningOpRef<ModuleOp>(ModuleOp::create(module.getLoc()));
    part.get()->setAttrs(module->getAttrs());
    b.setInsertionPointToEnd(part->getBody());
    for (Operation &op : *module.getBody()) {
      if (isUnreferencedGlobal(op, referenced)) {
        if (p == 0)
          b.clone(op);
        continue;
      }
      auto fn = cast<LLVM::LLVMFuncOp>(op);
      if (fn.isExternal() || partOf.lookup(fn) == p) {
        b.clone(op);
        continue;
      }
      // A declaration of another part's function, in case one calls it.
      auto decl = cast<LLVM::LLVMFuncOp>(b.cloneWithoutRegions(op));
      decl.setLinkage(LLVM::Linkage::External);
    }
    result.push_back(std::move(part));
  }
  return result;
}

/// One part: its LLVM IR, optimized and compiled on the calling thread with
/// its own context and target machine (neither may be shared by threads).
struct PartJob {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::string object;
  std::string error;
  double optimizeMillis = 0, codegenMillis = 0;
};

double millisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

/// What the target machines are created with.
struct MachineSpec {
  const llvm::Target *target;
  std::string triple;
  std::string cpu;
  std::string features;
};

std::unique_ptr<llvm::TargetMachine> createMachine(const MachineSpec &spec) {
  return std::unique_ptr<llvm::TargetMachine>(spec.target->createTargetMachine(
      spec.triple, spec.cpu, spec.features, llvm::TargetOptions(),
      llvm::Reloc::PIC_, llvm::CodeModel::Small,
      llvm::CodeGenOptLevel::Aggressive));
}

/// The instruction-set features a machine for `spec` enables, sorted: what
/// the code may use, and so what the loader requires of a host. LLVM's
/// tuning features ("fast-lzcnt", "64bit-mode", ...) are not properties a
/// host reports: only the features host detection knows are kept.
std::string enabledFeatures(const llvm::TargetMachine &machine) {
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  llvm::StringSet<> detectable;
  for (const auto &[name, on] : ::rlx::host::cpuFeatures())
    detectable.insert(name);
  std::vector<std::string> names;
  for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures())
    if (info->getFeatureBits().test(kv.Value) && detectable.contains(kv.Key))
      names.push_back(std::string("+") + kv.Key);
  std::sort(names.begin(), names.end());
  std::string text;
  for (const std::string &name : names)
    text += (text.empty() ? "" : ",") + name;
  return text;
}

void compilePart(PartJob &job, const MachineSpec &spec) {
  std::unique_ptr<llvm::TargetMachine> machine = createMachine(spec);
  if (!machine) {
    job.error = "cannot create an LLVM target machine for '" + spec.triple +
                "' (cpu '" + spec.cpu + "')";
    return;
  }
  const std::string &triple = spec.triple;
  job.module->setTargetTriple(triple);
  job.module->setDataLayout(machine->createDataLayout());
  auto start = std::chrono::steady_clock::now();
  optimize(*job.module, *machine);
  job.optimizeMillis = millisSince(start);
  start = std::chrono::steady_clock::now();
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    job.error = "the LLVM target for '" + triple + "' cannot emit object files";
    return;
  }
  codegen.run(*job.module);
  job.codegenMillis = millisSince(start);
  job.object = std::string(object.str());
}
} // namespace

namespace {
void initializeNativeTarget() {
  static std::once_flag initTarget;
  std::call_once(initTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// The machine spec of `cpu`, its names checked against what LLVM knows:
/// unknown ones are errors, not LLVM's "ignoring" warnings on stderr.
FailureOr<MachineSpec>
machineSpecFor(CpuTargetAttr cpu,
               function_ref<InFlightDiagnostic()> emitError) {
  initializeNativeTarget();
  if (cpu.getTriple().empty())
    return emitError() << "the CPU target " << cpu
                       << " names no triple; give one, or compile for the "
                          "default target (this machine)";
  MachineSpec spec;
  spec.triple = llvm::Triple::normalize(cpu.getTriple());
  spec.cpu = cpu.getCpu().str();
  spec.features = cpu.getFeatures().str();
  std::string error;
  spec.target = llvm::TargetRegistry::lookupTarget(spec.triple, error);
  if (!spec.target)
    return emitError() << "no LLVM target for triple '" << cpu.getTriple()
                       << "' in this build (only the native target is "
                          "linked): "
                       << error;
  std::unique_ptr<llvm::MCSubtargetInfo> known(
      spec.target->createMCSubtargetInfo(spec.triple, "", ""));
  if (!known || !known->isCPUStringValid(spec.cpu))
    return emitError() << "LLVM does not know the CPU '" << spec.cpu
                       << "' of target " << cpu;
  SmallVector<StringRef> entries;
  cpu.getFeatures().split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    StringRef name = entry.drop_front();
    if (!llvm::any_of(
            known->getAllProcessorFeatures(),
            [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; }))
      return emitError() << "LLVM does not know the feature '" << name
                         << "' of target " << cpu;
  }
  return spec;
}
} // namespace

FailureOr<CpuTargetAttr>
mlir::rlx::resolveCpuTarget(MLIRContext *ctx, StringRef triple, StringRef cpu,
                            StringRef features,
                            function_ref<InFlightDiagnostic()> emitError) {
  std::string tripleText =
      triple.empty() ? hostCpuTarget(ctx).getTriple().str() : triple.str();
  auto attr = CpuTargetAttr::getChecked(
      emitError, ctx, StringRef(tripleText),
      cpu.empty() ? StringRef("generic") : cpu, features,
      /*vectorBits=*/int64_t(0));
  if (!attr)
    return failure();
  FailureOr<MachineSpec> spec = machineSpecFor(attr, emitError);
  if (failed(spec))
    return failure();
  std::unique_ptr<llvm::TargetMachine> machine = createMachine(*spec);
  if (!machine)
    return emitError() << "cannot create an LLVM target machine for " << attr;
  const llvm::MCSubtargetInfo *info = machine->getMCSubtargetInfo();
  int64_t vectorBits = info->checkFeatures("+avx512f") ? 512
                       : info->checkFeatures("+avx")   ? 256
                                                       : 128;
  return CpuTargetAttr::get(ctx, attr.getTriple(), attr.getCpu(),
                            attr.getFeatures(), vectorBits);
}

FailureOr<CpuObjectCode> mlir::rlx::emitObjectCode(ModuleOp llvmDialectModule,
                                                   unsigned parts) {
  auto wall = std::chrono::steady_clock::now();
  Location loc = llvmDialectModule.getLoc();
  MLIRContext *ctx = llvmDialectModule.getContext();
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);

  TargetAttrInterface targetAttr = getTargetOrDefault(llvmDialectModule);
  auto cpu = dyn_cast<CpuTargetAttr>(targetAttr);
  if (!cpu)
    return emitError(loc) << "object code is for CPU targets (#rlx.cpu<...>); "
                             "the module's target is "
                          << targetAttr;
  FailureOr<MachineSpec> checked =
      machineSpecFor(cpu, [&] { return emitError(loc); });
  if (failed(checked))
    return failure();
  const MachineSpec &spec = *checked;
  // One machine up front: the features the code may use, for the artifact.
  std::unique_ptr<llvm::TargetMachine> probe = createMachine(spec);
  if (!probe)
    return emitError(loc) << "cannot create an LLVM target machine for " << cpu;
  CpuObjectCode code;
  code.triple = spec.triple;
  code.features = enabledFeatures(*probe);

  // Translation uses the MLIR context: on this thread, part after part.
  // Optimization and code generation own their LLVM state: one thread per
  // part (the object files are linked at load time).
  SmallVector<OwningOpRef<ModuleOp>> split =
      splitModule(llvmDialectModule, std::max(1u, parts));
  SmallVector<ModuleOp> modules;
  for (OwningOpRef<ModuleOp> &part : split)
    modules.push_back(*part);
  if (modules.empty())
    modules.push_back(llvmDialectModule);
  std::vector<PartJob> jobs(modules.size());
  auto translating = std::chrono::steady_clock::now();
  for (auto [job, part] : llvm::zip(jobs, modules)) {
    job.context = std::make_unique<llvm::LLVMContext>();
    job.module = translateModuleToLLVMIR(part, *job.context, "rlx");
    if (!job.module)
      return emitError(loc) << "cannot translate the module to LLVM IR";
  }
  code.translateMillis = millisSince(translating);
  std::vector<std::thread> threads;
  for (size_t i = 1; i < jobs.size(); ++i)
    threads.emplace_back(compilePart, std::ref(jobs[i]), std::cref(spec));
  compilePart(jobs[0], spec);
  for (std::thread &t : threads)
    t.join();

  for (PartJob &job : jobs) {
    if (!job.error.empty())
      return emitError(loc) << job.error;
    code.objects.push_back(std::move(job.object));
    code.optimizeMillis += job.optimizeMillis;
    code.codegenMillis += job.codegenMillis;
  }
  code.wallMillis = millisSince(wall);
  return code;
}
