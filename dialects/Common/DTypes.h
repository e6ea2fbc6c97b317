//===- DTypes.h - MLIR element types as the runtime's dtypes -----*- C++
//-*-===//
//
// The one mapping between MLIR element types and rlx::DType (the manifest's
// dtypes, include/rlx/Manifest.h): for the verifiers that apply the
// manifest's rules to IR (lir.io, mir.param) and for the manifest built from
// LIR (api/ManifestFromLIR.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_DTYPES_H
#define RLX_DIALECTS_COMMON_DTYPES_H

#include "rlx/Manifest.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include <optional>

namespace mlir::rlx {

/// The runtime's dtype of element type `t`, or nullopt for one the runtime
/// does not carry.
std::optional<::rlx::DType> dtypeOf(Type t);

/// The element type of `dtype` (the inverse of dtypeOf).
Type elementTypeOf(MLIRContext *ctx, ::rlx::DType dtype);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_DTYPES_H
