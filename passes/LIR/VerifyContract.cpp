//===- VerifyContract.cpp - lir-verify-contract ---------------------------===//
#include "dialects/LIR/LIROps.h"
#include "passes/LIR/Passes.h"

namespace mlir::rlx::lir {
#define GEN_PASS_DEF_LIRVERIFYCONTRACT
#include "passes/LIR/Passes.h.inc"
} // namespace mlir::rlx::lir

using namespace mlir;
using namespace mlir::rlx::lir;

namespace {
/// The dialects a kernel body may use: what both backends lower; a GPU
/// kernel (one with a workgroup_size) may also use gpu ops.
constexpr StringLiteral kKernelDialects[] = {
    "arith", "math", "memref", "scf", "linalg", "affine", "vector", "lir"};

struct VerifyContract
    : mlir::rlx::lir::impl::LIRVerifyContractBase<VerifyContract> {
  void runOnOperation() override {
    markAllAnalysesPreserved();
    bool ok = true;
    for (Operation &op : getOperation().getBody()->getOperations()) {
      if (!isa<ProgramOp>(op)) {
        op.emitError() << "'" << op.getName()
                       << "' is not allowed at the top of an LIR module "
                          "(only lir.program)";
        ok = false;
      }
    }
    getOperation().walk([&](KernelOp kernel) {
      bool gpuKernel = kernel.getWorkgroupSize().has_value();
      kernel.getBody().walk([&](Operation *op) {
        StringRef dialect = op->getName().getDialectNamespace();
        if (gpuKernel && dialect == "gpu")
          return;
        if (!llvm::is_contained(kKernelDialects, dialect)) {
          op->emitError() << "'" << op->getName()
                          << "' is not allowed in a kernel body (allowed "
                             "dialects: arith, math, memref, scf, linalg, "
                             "affine, vector, lir; and gpu in a kernel with "
                             "a workgroup_size)";
          ok = false;
          return;
        }
        for (Type t : op->getResultTypes())
          if (isa<TensorType>(t)) {
            op->emitError() << "kernel bodies work on memrefs; this op "
                               "produces the tensor "
                            << t;
            ok = false;
            return;
          }
      });
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
