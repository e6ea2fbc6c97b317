//===- GraphToHIR.h - Translate a C++ Graph into an HIR module --*- C++ -*-===//
#ifndef RLX_API_GRAPHTOHIR_H
#define RLX_API_GRAPHTOHIR_H

#include "dialects/Common/DTypes.h"
#include "rlx/Graph.h"
#include "rlx/Status.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir::rlx {

/// A module with one func.func `name` holding `graph` in HIR (unverified:
/// the caller verifies and reports diagnostics). Errors name the node.
::rlx::Expected<OwningOpRef<ModuleOp>>
translateGraphToHIR(MLIRContext *ctx, const ::rlx::Graph &graph,
                    StringRef name);

} // namespace mlir::rlx

#endif // RLX_API_GRAPHTOHIR_H
