//===- ModelContract.cpp - Whole-function checks of a level ---------------===//
#include "passes/Common/ModelContract.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::rlx {

/// Records `name` in `seen`; emits on `op` if it was there already.
static bool checkUnique(llvm::StringMap<int> &seen, StringRef name,
                        StringRef what, int index, Operation *op) {
  auto [it, inserted] = seen.try_emplace(name, index);
  if (inserted)
    return true;
  op->emitError() << what << " name '" << name << "' is used by " << what
                  << "s " << it->second << " and " << index;
  return false;
}

static bool hasDynamicShape(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && shaped.hasRank() && !shaped.hasStaticShape();
}

static LogicalResult verifyFunction(func::FuncOp func,
                                    const ModelContract &contract) {
  bool ok = true;
  std::string nameAttr = (contract.prefix + ".name").str();
  if (func.getNumResults() == 0) {
    func.emitError() << contract.level << " model @" << func.getSymName()
                     << " has no outputs";
    ok = false;
  }
  llvm::StringMap<int> inputs, outputs;
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (auto name = func.getArgAttrOfType<StringAttr>(i, nameAttr))
      ok &= checkUnique(inputs, name.getValue(), "input", i, func);
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    if (auto name = func.getResultAttrOfType<StringAttr>(i, nameAttr))
      ok &= checkUnique(outputs, name.getValue(), "output", i, func);
  if (contract.staticShapes) {
    for (auto [i, type] : llvm::enumerate(func.getFunctionType().getInputs()))
      if (hasDynamicShape(type)) {
        func.emitError() << "input " << i << " has the dynamic type " << type
                         << "; specialize symbolic dims first";
        ok = false;
      }
  }

  llvm::StringMap<Type> params;
  std::string paramOp = (contract.prefix + ".param").str();
  func.walk([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect != "func" && !llvm::is_contained(contract.dialects, dialect)) {
      op->emitError() << "'" << op->getName() << "' is not allowed in "
                      << contract.level << " (allowed dialects: func, "
                      << llvm::join(contract.dialects, ", ") << ")";
      ok = false;
      return;
    }
    if (op->getName().getStringRef() == paramOp) {
      auto name = op->getAttrOfType<StringAttr>("name").getValue();
      auto [it, inserted] = params.try_emplace(name, op->getResultTypes()[0]);
      if (!inserted && it->second != op->getResultTypes()[0]) {
        op->emitError() << "parameter '" << name << "' is declared as both "
                        << it->second << " and " << op->getResultTypes()[0];
        ok = false;
      }
    }
    if (contract.staticShapes)
      for (Type type : op->getResultTypes())
        if (hasDynamicShape(type)) {
          op->emitError() << "result type " << type
                          << " is dynamic; specialize symbolic dims first";
          ok = false;
          return;
        }
  });
  return success(ok);
}

LogicalResult verifyModelContract(ModuleOp module,
                                  const ModelContract &contract) {
  bool ok = true;
  for (Operation &op : module.getBody()->getOperations()) {
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func) {
      op.emitError() << "'" << op.getName() << "' is not allowed at the top "
                     << "of a " << contract.level << " module (only func.func)";
      ok = false;
      continue;
    }
    if (!func.isDeclaration())
      ok &= succeeded(verifyFunction(func, contract));
  }
  return success(ok);
}

} // namespace mlir::rlx
