//===- HIRDialect.h - The rlx HIR dialect -----------------------*- C++ -*-===//
#ifndef RLX_DIALECTS_HIR_HIRDIALECT_H
#define RLX_DIALECTS_HIR_HIRDIALECT_H

#include "mlir/IR/Dialect.h"

#include "dialects/HIR/HIRDialect.h.inc"

#endif // RLX_DIALECTS_HIR_HIRDIALECT_H
