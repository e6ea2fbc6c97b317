//===- MIRDialect.h - The rlx MIR dialect -----------------------*- C++ -*-===//
#ifndef RLX_DIALECTS_MIR_MIRDIALECT_H
#define RLX_DIALECTS_MIR_MIRDIALECT_H

#include "mlir/IR/Dialect.h"

#include "dialects/MIR/MIRDialect.h.inc"

#endif // RLX_DIALECTS_MIR_MIRDIALECT_H
