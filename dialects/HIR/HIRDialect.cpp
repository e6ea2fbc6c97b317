//===- HIRDialect.cpp - The rlx HIR dialect -------------------------------===//
#include "dialects/HIR/HIRDialect.h"
#include "dialects/Common/Annotations.h"
#include "dialects/HIR/HIROps.h"
#include "dialects/MIR/MIRDialect.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::hir;

#include "dialects/HIR/HIRDialect.cpp.inc"

void HIRDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/HIR/HIROps.cpp.inc"
      >();
}

LogicalResult HIRDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned region,
                                                   unsigned index,
                                                   NamedAttribute attr) {
  return verifyArgAnnotation(op, region, index, attr, getNamespace());
}

LogicalResult HIRDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned index,
                                                      NamedAttribute attr) {
  return verifyResultAnnotation(op, index, attr, getNamespace());
}
