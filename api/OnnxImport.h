//===- OnnxImport.h - ONNX models for the rest of api/ ----------*- C++ -*-===//
#ifndef RLX_API_ONNXIMPORT_H
#define RLX_API_ONNXIMPORT_H

#include "rlx/CompileOptions.h"
#include "rlx/CompiledGraph.h"
#include "conversion/ONNXToMIR/OnnxFile.h"
#include "rlx/Onnx.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

/// The model file an OnnxModel shares.
struct ::rlx::OnnxModel::Impl {
  std::shared_ptr<const mlir::rlx::onnximport::OnnxFile> file;
};

namespace mlir::rlx {

/// `model` imported as MIR with `options`' dims and constants bound
/// (conversion/ONNXToMIR/ONNXToMIR.h).
::rlx::Expected<OwningOpRef<ModuleOp>>
importOnnxModel(MLIRContext *ctx, const ::rlx::OnnxModel &model,
                const ::rlx::CompileOptions &options);

/// Sets every param of `graph` that `model` has an initializer for, from
/// the file's data.
::rlx::Status setParamsFromInitializers(::rlx::CompiledGraph &graph,
                                        const ::rlx::OnnxModel &model);

} // namespace mlir::rlx

#endif // RLX_API_ONNXIMPORT_H
