//===- LIRDialect.cpp - The rlx LIR dialect -------------------------------===//
#include "dialects/LIR/LIRDialect.h"
#include "dialects/LIR/LIROps.h"

using namespace mlir;
using namespace mlir::rlx::lir;

#include "dialects/LIR/LIRDialect.cpp.inc"

void LIRDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/LIR/LIROps.cpp.inc"
      >();
}
