//===- Enums.h - Op kinds shared by the HIR and MIR dialects ----*- C++ -*-===//
#ifndef RLX_DIALECTS_COMMON_ENUMS_H
#define RLX_DIALECTS_COMMON_ENUMS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "dialects/Common/Enums.h.inc"

#endif // RLX_DIALECTS_COMMON_ENUMS_H
