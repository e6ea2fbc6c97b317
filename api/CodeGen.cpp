//===- CodeGen.cpp - LLVM dialect to host object code ---------------------===//
#include "api/CodeGen.h"

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
} // namespace

FailureOr<std::string> mlir::rlx::emitObjectCode(ModuleOp llvmDialectModule,
                                                 std::string &triple,
                                                 std::string &cpuFeatures) {
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
  // PIC: the loader places the object anywhere; calls to libm go through
  // the PLT/GOT it builds.
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      hostTriple, llvm::sys::getHostCPUName(), features.all,
      llvm::TargetOptions(), llvm::Reloc::PIC_, llvm::CodeModel::Small,
      llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return emitError(loc) << "cannot create an LLVM target machine for '"
                          << hostTriple << "'";

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(llvmDialectModule, llvmContext, "rlx");
  if (!module)
    return emitError(loc) << "cannot translate the module to LLVM IR";
  module->setTargetTriple(hostTriple);
  module->setDataLayout(machine->createDataLayout());

  optimize(*module, *machine);

  llvm::SmallString<0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return emitError(loc) << "the LLVM target for '" << hostTriple
                          << "' cannot emit object files";
  codegen.run(*module);

  triple = hostTriple;
  cpuFeatures = features.enabled;
  return std::string(object.str());
}
