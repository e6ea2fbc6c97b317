//===- ManifestFromLIR.h - The runtime's view of an LIR program -*- C++ -*-===//
#ifndef RLX_API_MANIFESTFROMLIR_H
#define RLX_API_MANIFESTFROMLIR_H

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include "mlir/IR/BuiltinOps.h"
#include <optional>

namespace mlir::rlx {

/// The manifest of the single lir.program in `module`: its slots (with
/// constant data), arena size and alignment, and its dispatches in schedule
/// order named `rlx_dispatch_<i>` (the symbols convert-lir-to-llvm emits),
/// each with its kernel's `rlx.flops` and the byte size of its views.
::rlx::Expected<::rlx::Manifest> manifestFromLIR(ModuleOp module);

} // namespace mlir::rlx

#endif // RLX_API_MANIFESTFROMLIR_H
