//===- Annotations.h - Function I/O annotations of HIR and MIR --*- C++ -*-===//
//
// A model function's arguments are its per-run inputs. Each may carry
// `<dialect>.name` (the name `run` binds it by) and `<dialect>.dims` (its
// symbolic dims); results may carry `<dialect>.name`. HIR and MIR verify
// their own prefix through these functions.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_ANNOTATIONS_H
#define RLX_DIALECTS_COMMON_ANNOTATIONS_H

#include "mlir/IR/Operation.h"

namespace mlir::rlx {

LogicalResult verifyArgAnnotation(Operation *op, unsigned region,
                                  unsigned index, NamedAttribute attr,
                                  StringRef dialect);

LogicalResult verifyResultAnnotation(Operation *op, unsigned index,
                                     NamedAttribute attr, StringRef dialect);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_ANNOTATIONS_H
