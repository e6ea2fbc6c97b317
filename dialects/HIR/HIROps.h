//===- HIROps.h - The rlx HIR operations ------------------------*- C++ -*-===//
#ifndef RLX_DIALECTS_HIR_HIROPS_H
#define RLX_DIALECTS_HIR_HIROPS_H

#include "dialects/Common/Enums.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/Traits.h"
#include "dialects/HIR/HIRDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/HIR/HIROps.h.inc"

#endif // RLX_DIALECTS_HIR_HIROPS_H
