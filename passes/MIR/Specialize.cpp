//===- Specialize.cpp - mir-specialize ------------------------------------===//
//
// Binds the symbols of `mir.dims` to sizes, makes argument types static,
// re-infers every result type in order and re-verifies the function. Ops
// that only stood in for a constant of a symbolic shape (mir.causal_mask)
// then become that constant, so the rest of the pipeline sees what a
// static model gives.
//
//===----------------------------------------------------------------------===//
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Passes.h"
#include "passes/MIR/ShapeInference.h"

#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRSPECIALIZE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;

static constexpr llvm::StringLiteral kDimsAttr = "mir.dims";

namespace {
/// The `bind` option, checked: one size per symbol.
struct Bindings {
  llvm::StringMap<int64_t> sizes;
  /// "batch=4, seq=8" in the order given, for diagnostics.
  std::string text;
};
} // namespace

/// The bindings, or an error on `anchor` (the option has no location of its
/// own) when a symbol is bound twice. Each entry was parsed and checked by
/// the option's parser (passes/MIR/SymbolBinding.h).
static FailureOr<Bindings> collectBindings(ArrayRef<SymbolBinding> list,
                                           Operation *anchor) {
  Bindings bindings;
  for (const SymbolBinding &binding : list)
    if (!bindings.sizes.try_emplace(binding.symbol, binding.size).second)
      return anchor->emitError()
             << "bind entry '" << binding.symbol << "=" << binding.size
             << "': symbol '" << binding.symbol << "' is bound twice";
  bindings.text = list.empty() ? "" : describeBindings(list);
  return bindings;
}

namespace {
struct Specialize : mlir::rlx::mir::impl::MIRSpecializeBase<Specialize> {
  using MIRSpecializeBase::MIRSpecializeBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // A declaration has no body to infer its results from.
    if (func.isExternal())
      return;
    FailureOr<Bindings> bindings = collectBindings(bind, func);
    if (failed(bindings))
      return signalPassFailure();
    // Asked before binding: afterwards a `?` bound to 1 looks like any 1.
    DenseMap<Operation *, SmallVector<bool>> passThrough;
    func.walk([&](Operation *op) {
      SmallVector<bool> dims = mlir::rlx::mir::passThroughDims(op);
      if (!dims.empty())
        passThrough[op] = std::move(dims);
    });
    if (failed(bindArguments(func, *bindings)) ||
        failed(inferTypes(func, passThrough)))
      return signalPassFailure();

    // Results take the types func.return now returns. A MIR function is one
    // block (inference rejects any terminator but func.return); the verifier
    // below checks any other block's return against this type.
    Block &entry = func.getBody().front();
    func.setType(FunctionType::get(&getContext(), entry.getArgumentTypes(),
                                   entry.getTerminator()->getOperandTypes()));

    // The verifiers check what inference leaves to them (matmul K, norm
    // parameter sizes, ...): a binding can contradict a static dim there.
    if (failed(mlir::verify(func))) {
      func.emitError() << "the function does not verify after binding "
                       << (bindings->text.empty() ? "nothing" : bindings->text);
      return signalPassFailure();
    }
    materializeShapeConstants(func);
  }

  /// Replaces each mir.causal_mask, static now, with the constant it folds
  /// to. The verifier has checked the size limit, so every one folds.
  static void materializeShapeConstants(func::FuncOp func) {
    func.walk([](mir::CausalMaskOp op) {
      DenseElementsAttr value = op.getStaticValue();
      if (!value)
        return;
      OpBuilder builder(op);
      Value constant = builder.create<mir::ConstantOp>(op.getLoc(), value);
      op.replaceAllUsesWith(constant);
      op.erase();
    });
  }

  /// " 'x'" for an argument named by a `<dialect>.name` annotation, else "".
  static std::string argumentName(func::FuncOp func, unsigned index) {
    if (DictionaryAttr attrs = func.getArgAttrDict(index))
      for (NamedAttribute attr : attrs)
        if (attr.getName().strref().ends_with(".name"))
          if (auto name = dyn_cast<StringAttr>(attr.getValue()))
            return " '" + name.str() + "'";
    return "";
  }

  /// Makes every argument type static from its `mir.dims` symbols and drops
  /// the annotation. Reports each unbound symbol once.
  LogicalResult bindArguments(func::FuncOp func, const Bindings &bindings) {
    bool ok = true;
    llvm::StringSet<> reported;
    Block &entry = func.getBody().front();
    for (auto [index, arg] : llvm::enumerate(entry.getArguments())) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      // The verifier guarantees one entry per dim and a symbol on each `?`.
      auto dims = func.getArgAttrOfType<ArrayAttr>(index, kDimsAttr);
      func.removeArgAttr(index, kDimsAttr);
      if (!type || type.hasStaticShape())
        continue;
      SmallVector<int64_t> shape(type.getShape());
      for (int64_t d = 0, e = shape.size(); d < e; ++d) {
        if (!ShapedType::isDynamic(shape[d]))
          continue;
        if (!dims) {
          func.emitError() << "argument " << index << " dim " << d
                           << " is dynamic but the argument has no "
                           << kDimsAttr << " annotation naming its symbol";
          return failure();
        }
        StringRef symbol = cast<StringAttr>(dims[d]).getValue();
        auto it = bindings.sizes.find(symbol);
        if (it != bindings.sizes.end()) {
          shape[d] = it->second;
          continue;
        }
        if (reported.insert(symbol).second)
          func.emitError() << "symbol '" << symbol << "' (argument " << index
                           << argumentName(func, index) << " dim " << d
                           << ") is not bound: bind it with --bind " << symbol
                           << "=<size> (rlx-run), bind=" << symbol
                           << "=<size> (the pipelines' option) or "
                              "CompileOptions::dims; bindings: "
                           << (bindings.text.empty() ? "none" : bindings.text);
        ok = false;
      }
      if (!ok)
        continue;
      auto bound = type.clone(shape);
      // Inference multiplies sizes; it relies on every type fitting int64.
      if (failed(verifyBoundedType(
              [&, index = index] {
                return func.emitError() << "argument " << index << ": ";
              },
              bound)))
        return failure();
      arg.setType(bound);
    }
    return success(ok);
  }

  /// Sets every result type from inferResultTypes, in order, so each op sees
  /// its operands' new types. Nested regions (elementwise bodies) are
  /// walked too; their scalar steps come back unchanged.
  LogicalResult
  inferTypes(func::FuncOp func,
             const DenseMap<Operation *, SmallVector<bool>> &passThrough) {
    WalkResult walk =
        func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
          FailureOr<SmallVector<Type>> types =
              mlir::rlx::mir::inferResultTypes(op, passThrough.lookup(op));
          if (failed(types))
            return WalkResult::interrupt();
          assert(types->size() == op->getNumResults() &&
                 "one inferred type per result");
          for (auto [index, pair] :
               llvm::enumerate(llvm::zip(op->getResults(), *types))) {
            auto [result, type] = pair;
            if (failed(verifyBoundedType(
                    [&, index = index] {
                      return op->emitOpError() << "result " << index << ": ";
                    },
                    type)))
              return WalkResult::interrupt();
            auto shaped = dyn_cast<ShapedType>(type);
            if (shaped && !shaped.hasStaticShape()) {
              auto dynamicDim = llvm::find_if(shaped.getShape(), [](int64_t d) {
                return ShapedType::isDynamic(d);
              });
              op->emitOpError()
                  << "result " << index << " dim "
                  << dynamicDim - shaped.getShape().begin()
                  << " is still dynamic after binding: no argument symbol "
                     "determines it";
              return WalkResult::interrupt();
            }
            result.setType(type);
          }
          return WalkResult::advance();
        });
    return failure(walk.wasInterrupted());
  }
};

} // namespace
