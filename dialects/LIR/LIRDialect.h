//===- LIRDialect.h - The rlx LIR dialect -----------------------*- C++ -*-===//
#ifndef RLX_DIALECTS_LIR_LIRDIALECT_H
#define RLX_DIALECTS_LIR_LIRDIALECT_H

#include "mlir/IR/Dialect.h"

#include "dialects/LIR/LIRDialect.h.inc"

#endif // RLX_DIALECTS_LIR_LIRDIALECT_H
