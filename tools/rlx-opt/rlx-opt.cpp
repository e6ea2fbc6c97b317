//===- rlx-opt.cpp - The rlx pass driver ----------------------------------===//
//
// mlir-opt with rlx's dialects and passes and only the upstream pieces rlx
// uses. Before parsing, the input's nesting depth is checked (RELIABILITY.md
// contract 3): MLIR's recursive parser would overflow the stack on it.
// --help lists rlx's and MLIR's options; libLLVM's code generator flags are
// in --help-hidden. --version prints rlx's version (tools/ToolVersion.h).
//
//===----------------------------------------------------------------------===//
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/Common/InputLimits.h"
#include "tools/FileSizeLimit.h"
#include "tools/ToolVersion.h"

#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// rlx's passes and pipelines, and the upstream passes rlx-opt offers by
/// name.
static void registerPasses() {
  mlir::rlx::registerRlxPasses();
  registerConvertLinalgToLoopsPass();
  registerCanonicalizerPass();
  registerCSEPass();
  registerSymbolDCEPass();
  registerInlinerPass();
}

// Option categories print sorted by name: this one comes first.
static llvm::cl::OptionCategory
    rlxCategory("Compiler passes and pipelines",
                "rlx's passes and pipelines and the upstream passes rlx-opt "
                "offers; run one by its flag (--mir-fuse) or a textual "
                "pipeline");

static llvm::cl::opt<bool>
    listPasses("list-passes",
               llvm::cl::desc("print every pass and pipeline with its "
                              "options, and exit"),
               llvm::cl::cat(rlxCategory));

/// The option whose values are the pass and pipeline flags (MLIR's pass
/// list), found by a flag rlx registers.
static llvm::cl::Option *passList() {
  return llvm::cl::getRegisteredOptions().lookup("rlx-cpu-pipeline");
}

/// Keeps --help short: the options registered before main runs are
/// libLLVM's (every code generator's flags: aarch64, amdgpu, x86, polly,
/// ...) and move to --help-hidden, as does the pass list (its 200 lines are
/// --list-passes); MLIR's options, registered here, stay.
static void arrangeOptions(DialectRegistry &registry) {
  llvm::StringMap<llvm::cl::Option *> &options =
      llvm::cl::getRegisteredOptions();
  for (auto &[name, option] : options) {
    if (option->getOptionHiddenFlag() != llvm::cl::NotHidden ||
        llvm::is_contained(option->Categories, &rlxCategory) ||
        llvm::is_contained({"help", "help-list", "version"}, name))
      continue;
    option->setHiddenFlag(llvm::cl::Hidden);
  }
  MlirOptMainConfig::registerCLOptions(registry);
  for (const char *name : {"pass-pipeline", "p"})
    if (llvm::cl::Option *option = options.lookup(name))
      option->addCategory(rlxCategory);
  if (llvm::cl::Option *option = passList()) {
    option->addCategory(rlxCategory);
    option->setHiddenFlag(llvm::cl::Hidden);
  }
}

static const char overview[] =
    "rlx pass driver: rlx's passes and pipelines on MLIR text\n\n"
    "  rlx-opt m.mlir --rlx-cpu-pipeline=\"bind=batch=64\"  HIR to LLVM "
    "for the CPU\n"
    "  rlx-opt m.mlir --convert-hir-to-mir --mir-fuse     passes by flag\n"
    "  rlx-opt --list-passes      every pass and pipeline with its options\n"
    "  rlx-opt --help-hidden      every option, LLVM's included\n";

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::rlx::tools::reportFileSizeLimitAsWriteError();
  ::rlx::tools::setVersionPrinter("rlx-opt");
  DialectRegistry registry;
  mlir::rlx::registerRlxCompiler(registry);
  registerPasses();
  arrangeOptions(registry);

  auto [inputFile, outputFile] =
      registerAndParseCLIOptions(argc, argv, overview, registry);
  if (listPasses) {
    if (llvm::cl::Option *option = passList())
      option->printOptionInfo(option->getOptionWidth());
    return 0;
  }
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleaveComma(registry.getDialectNames(), llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "rlx-opt: " << error << "\n";
    return 1;
  }
  std::string tooDeep = mlir::rlx::checkNestingDepth(input->getBuffer());
  if (!tooDeep.empty()) {
    llvm::errs() << inputFile << ": error: " << tooDeep << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "rlx-opt: " << error << "\n";
    return 1;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
