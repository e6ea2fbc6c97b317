//===- LIROps.h - The rlx LIR operations ------------------------*- C++ -*-===//
#ifndef RLX_DIALECTS_LIR_LIROPS_H
#define RLX_DIALECTS_LIR_LIROPS_H

#include "dialects/Common/Enums.h"
#include "dialects/Common/Traits.h"
#include "dialects/LIR/LIRDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/LIR/LIROps.h.inc"

#endif // RLX_DIALECTS_LIR_LIROPS_H
