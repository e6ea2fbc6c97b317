//===- Annotations.cpp - Function I/O annotations of HIR and MIR ----------===//
#include "dialects/Common/Annotations.h"
#include "dialects/Common/ShapeRules.h"
#include "rlx/Manifest.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::rlx {

/// The type of argument `index` of `op`'s region, also for bodiless
/// function declarations; null when there is none.
static Type regionArgumentType(Operation *op, unsigned region, unsigned index) {
  if (auto fn = dyn_cast<FunctionOpInterface>(op)) {
    if (index < fn.getNumArguments())
      return fn.getArgumentTypes()[index];
    return Type();
  }
  Region &r = op->getRegion(region);
  if (r.empty() || index >= r.front().getNumArguments())
    return Type();
  return r.front().getArgument(index).getType();
}

LogicalResult verifyArgAnnotation(Operation *op, unsigned region,
                                  unsigned index, NamedAttribute attr,
                                  StringRef dialect) {
  auto emit = [&] {
    return op->emitOpError() << "argument " << index << " attribute '"
                             << attr.getName().getValue() << "': ";
  };
  StringRef suffix = attr.getName().getValue().drop_front(dialect.size() + 1);
  if (suffix == "name") {
    if (!isa<StringAttr>(attr.getValue()) ||
        cast<StringAttr>(attr.getValue()).getValue().empty())
      return emit() << "must be a non-empty string";
    if (const char *problem = ::rlx::slotNameProblem(
            cast<StringAttr>(attr.getValue()).getValue().str()))
      return emit() << "the name " << problem;
    return success();
  }
  if (suffix == "dims")
    return verifyDimsAnnotation(emit, attr.getValue(),
                                regionArgumentType(op, region, index));
  return emit() << "unknown argument attribute; known: " << dialect << ".name, "
                << dialect << ".dims";
}

LogicalResult verifyResultAnnotation(Operation *op, unsigned index,
                                     NamedAttribute attr, StringRef dialect) {
  StringRef suffix = attr.getName().getValue().drop_front(dialect.size() + 1);
  auto str = dyn_cast<StringAttr>(attr.getValue());
  if (suffix == "name" && str && !str.getValue().empty()) {
    if (const char *problem = ::rlx::slotNameProblem(str.getValue().str()))
      return op->emitOpError()
             << "result " << index << " attribute '"
             << attr.getName().getValue() << "': the name " << problem;
    return success();
  }
  return op->emitOpError() << "result " << index << " attribute '"
                           << attr.getName().getValue() << "': only " << dialect
                           << ".name (a non-empty string) is allowed";
}

} // namespace mlir::rlx
