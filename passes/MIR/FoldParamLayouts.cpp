//===- FoldParamLayouts.cpp - mir-fold-param-layouts ----------------------===//
//
// A param that every use transposes the same way (ONNX Gemm's transB, a
// torch Linear exported with its [out, in] weight, nn.MultiheadAttention's
// out_proj) becomes a param stored transposed, `mir.param ... permuted
// [p...]`: the runtime transposes its values once, when they are set
// (rlx::Slot::permutation), instead of a transpose kernel on every run
// (MobileNetV2's classifier weight: 1.2 ms of a 9 ms run).
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFOLDPARAMLAYOUTS
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

namespace {
struct FoldParamLayouts
    : mlir::rlx::mir::impl::MIRFoldParamLayoutsBase<FoldParamLayouts> {
  using MIRFoldParamLayoutsBase::MIRFoldParamLayoutsBase;
  void runOnOperation() override {
    // Every mir.param of a name (mir.param C2: one type), in order.
    llvm::MapVector<StringRef, SmallVector<ParamOp>> byName;
    getOperation().walk(
        [&](ParamOp param) { byName[param.getName()].push_back(param); });
    for (auto &[name, params] : byName) {
      // Each one read once, by a transpose, all with one permutation; none
      // already permuted (the permutations would compose; no exporter
      // writes that).
      std::optional<ArrayRef<int64_t>> permutation;
      bool folds = true;
      for (ParamOp param : params) {
        auto transpose = param->hasOneUse()
                             ? dyn_cast<TransposeOp>(*param->getUsers().begin())
                             : TransposeOp();
        // An identity transpose stores nothing differently (canonicalize
        // removes it; this pass may run without it).
        bool identity =
            llvm::all_of(llvm::enumerate(transpose ? transpose.getPermutation()
                                                   : ArrayRef<int64_t>()),
                         [](auto p) {
                           return p.value() == static_cast<int64_t>(p.index());
                         });
        if (!transpose || identity || param.getPermuted() ||
            (permutation && *permutation != transpose.getPermutation())) {
          folds = false;
          break;
        }
        permutation = transpose.getPermutation();
      }
      if (!folds || !permutation)
        continue;
      for (ParamOp param : params) {
        auto transpose = cast<TransposeOp>(*param->getUsers().begin());
        OpBuilder b(transpose);
        auto folded = b.create<ParamOp>(
            b.getFusedLoc({param.getLoc(), transpose.getLoc()}),
            transpose.getType(), param.getNameAttr(), param.getGivenAttr(),
            b.getDenseI64ArrayAttr(*permutation));
        transpose.replaceAllUsesWith(folded.getOutput());
        transpose.erase();
        param.erase();
      }
    }
  }
};
} // namespace
