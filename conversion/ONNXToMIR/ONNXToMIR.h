//===- ONNXToMIR.h - An ONNX graph as a MIR function ------------*- C++ -*-===//
//
// The importer (docs/ONNX.md): one func.func of MIR ops, named after the
// graph, whose arguments are the graph inputs that are not bound as
// constants and whose results are the graph outputs (`mir.name`), with
// initializers as params (weights) or constants (scalars and small integer
// tensors). Shape arithmetic (Shape, Gather, Concat, ... on shapes) is
// evaluated while importing, once the dims it reads are bound: symbolic
// dims it does not read stay symbolic (`mir.dims`).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_ONNXTOMIR_ONNXTOMIR_H
#define RLX_CONVERSION_ONNXTOMIR_ONNXTOMIR_H

#include "conversion/ONNXToMIR/OnnxFile.h"
#include "rlx/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::rlx::onnximport {

struct ImportOptions {
  /// Symbolic dims (dim_param) bound to sizes; the others stay symbolic.
  std::vector<std::pair<std::string, int64_t>> dims;
  /// Graph inputs bound to compile-time values (they leave the function's
  /// arguments).
  std::vector<::rlx::ConstantInput> constants;
};

/// The MIR module of `file`. Errors name the node ("model.onnx: node
/// 'Reshape_3' (Reshape, opset 17): ..."): an op rlx does not implement is
/// unimplemented, a model that breaks ONNX's rules invalid_argument.
::rlx::Expected<OwningOpRef<ModuleOp>>
importOnnx(MLIRContext *ctx, const OnnxFile &file,
           const ImportOptions &options = ImportOptions());

/// Whether an initializer becomes a param (a weight, set by name) rather
/// than a constant of the module: float tensors of more than one element
/// and integer tensors of more than kConstantIntegerLimit elements.
bool initializerIsParam(const TensorData &initializer);
constexpr int64_t kConstantIntegerLimit = 4096;

/// The ONNX op types (default domain, opset 17 semantics) the importer
/// translates.
std::vector<std::string> importedOpTypes();

/// The graph inputs whose values the import needs at compile time (they
/// reach an input such as Reshape's shape or Slice's starts): bind each
/// with ImportOptions::constants.
std::vector<std::string> compileTimeInputs(const OnnxFile &file);

} // namespace mlir::rlx::onnximport

#endif // RLX_CONVERSION_ONNXTOMIR_ONNXTOMIR_H
