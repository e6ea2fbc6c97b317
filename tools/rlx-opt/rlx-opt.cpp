//===- rlx-opt.cpp - The rlx pass driver ----------------------------------===//
//
// mlir-opt with rlx's dialects and passes and only the upstream pieces rlx
// uses. Before parsing, the input's nesting depth is checked (RELIABILITY.md
// contract 3): MLIR's recursive parser would overflow the stack on it.
// --version prints rlx's version (tools/ToolVersion.h).
//
//===----------------------------------------------------------------------===//
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/Common/InputLimits.h"
#include "tools/ToolVersion.h"

#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::rlx::tools::setVersionPrinter("rlx-opt");
  DialectRegistry registry;
  mlir::rlx::registerRlxCompiler(registry);
  registerPasses();

  auto [inputFile, outputFile] =
      registerAndParseCLIOptions(argc, argv, "rlx pass driver\n", registry);
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
