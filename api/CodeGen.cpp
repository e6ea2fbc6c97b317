//===- CodeGen.cpp - LLVM dialect to host object code ---------------------===//
#include "api/CodeGen.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace mlir;

namespace {
/// The host's CPU features: every known one signed (`+x` / `-x`) for the
/// TargetMachine, which must not assume a feature the CPU name implies but
/// this host (e.g. a VM) lacks; and the enabled ones alone for the artifact.
struct HostFeatures {
  std::string all;
  std::string enabled;
};

HostFeatures hostFeatures() {
  std::vector<std::pair<std::string, bool>> features;
  for (const auto &entry : llvm::sys::getHostCPUFeatures())
    features.emplace_back(entry.getKey().str(), entry.getValue());
  std::sort(features.begin(), features.end());
  HostFeatures result;
  for (const auto &[name, on] : features) {
    std::string signedName = (on ? "+" : "-") + name;
    result.all += (result.all.empty() ? "" : ",") + signedName;
    if (on)
      result.enabled += (result.enabled.empty() ? "" : ",") + signedName;
  }
  return result;
}

/// LLVM's default O2 module pipeline, with the target's cost model and
/// without LLVM's loop and SLP vectorizers: the kernels arrive vectorized
/// (rlx-cpu-matmul-microkernel, rlx-cpu-vectorize-loops). Against O3 with
/// both vectorizers, the encoder layer compiled 20% faster at the same run
/// time (docs/Performance.md).
void optimize(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = false;
  tuning.SLPVectorization = false;
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

/// Splits `module` into at most `parts` modules that together define its
/// functions, each with declarations of every function (the calls between
/// parts and to libm resolve when the objects are linked). Balanced by op
/// count. Empty when the module stays whole: one part asked for, fewer
/// than two definitions, anything but functions, or a function with local
/// linkage.
SmallVector<OwningOpRef<ModuleOp>> splitModule(ModuleOp module,
                                               unsigned parts) {
  SmallVector<OwningOpRef<ModuleOp>> result;
  SmallVector<LLVM::LLVMFuncOp> definitions;
  bool splittable = parts > 1;
  for (Operation &op : *module.getBody()) {
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
};

void compilePart(PartJob &job, const llvm::Target &target,
                 const std::string &triple, const HostFeatures &features) {
  std::unique_ptr<llvm::TargetMachine> machine(target.createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features.all, llvm::TargetOptions(),
      llvm::Reloc::PIC_, llvm::CodeModel::Small,
      llvm::CodeGenOptLevel::Aggressive));
  if (!machine) {
    job.error = "cannot create an LLVM target machine for '" + triple + "'";
    return;
  }
  job.module->setTargetTriple(triple);
  job.module->setDataLayout(machine->createDataLayout());
  optimize(*job.module, *machine);
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    job.error = "the LLVM target for '" + triple + "' cannot emit object files";
    return;
  }
  codegen.run(*job.module);
  job.object = std::string(object.str());
}
} // namespace

FailureOr<std::vector<std::string>>
mlir::rlx::emitObjectCode(ModuleOp llvmDialectModule, std::string &triple,
                          std::string &cpuFeatures, unsigned parts) {
  static std::once_flag initTarget;
  std::call_once(initTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  Location loc = llvmDialectModule.getLoc();
  MLIRContext *ctx = llvmDialectModule.getContext();
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);

  std::string hostTriple = llvm::sys::getProcessTriple();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(hostTriple, error);
  if (!target)
    return emitError(loc) << "no LLVM target for the host triple '"
                          << hostTriple << "': " << error;
  HostFeatures features = hostFeatures();

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
  for (auto [job, part] : llvm::zip(jobs, modules)) {
    job.context = std::make_unique<llvm::LLVMContext>();
    job.module = translateModuleToLLVMIR(part, *job.context, "rlx");
    if (!job.module)
      return emitError(loc) << "cannot translate the module to LLVM IR";
  }
  std::vector<std::thread> threads;
  for (size_t i = 1; i < jobs.size(); ++i)
    threads.emplace_back(compilePart, std::ref(jobs[i]), std::cref(*target),
                         std::cref(hostTriple), std::cref(features));
  compilePart(jobs[0], *target, hostTriple, features);
  for (std::thread &t : threads)
    t.join();

  std::vector<std::string> objects;
  for (PartJob &job : jobs) {
    if (!job.error.empty())
      return emitError(loc) << job.error;
    objects.push_back(std::move(job.object));
  }
  triple = hostTriple;
  cpuFeatures = features.enabled;
  return objects;
}
