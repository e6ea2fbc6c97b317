//===- MIRDialect.cpp - The rlx MIR dialect -------------------------------===//
#include "dialects/MIR/MIRDialect.h"
#include "dialects/Common/Annotations.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

#include "dialects/MIR/MIRDialect.cpp.inc"

void MIRDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/MIR/MIROps.cpp.inc"
      >();
}

Operation *MIRDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type)
    return nullptr;
  return builder.create<ConstantOp>(loc, typed);
}

LogicalResult MIRDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned region,
                                                   unsigned index,
                                                   NamedAttribute attr) {
  return verifyArgAnnotation(op, region, index, attr, getNamespace());
}

LogicalResult MIRDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned index,
                                                      NamedAttribute attr) {
  return verifyResultAnnotation(op, index, attr, getNamespace());
}
