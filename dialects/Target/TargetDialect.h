//===- TargetDialect.h - The rlx dialect: compilation targets ---*- C++ -*-===//
#ifndef RLX_DIALECTS_TARGET_TARGETDIALECT_H
#define RLX_DIALECTS_TARGET_TARGETDIALECT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "dialects/Target/TargetDialect.h.inc"
#include "dialects/Target/TargetInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Target/TargetAttrs.h.inc"

#endif // RLX_DIALECTS_TARGET_TARGETDIALECT_H
