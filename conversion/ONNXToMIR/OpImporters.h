//===- OpImporters.h - One function per ONNX op type ------------*- C++ -*-===//
//
// Declared here, defined in the family files (ElementwiseOps.cpp,
// TensorOps.cpp, NNOps.cpp, ReductionOps.cpp), listed once in OpTable.cpp.
// Each implements the op's opset-17 semantics (docs/ONNX.md).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_ONNXTOMIR_OPIMPORTERS_H
#define RLX_CONVERSION_ONNXTOMIR_OPIMPORTERS_H

#include "conversion/ONNXToMIR/Importer.h"

namespace mlir::rlx::onnximport {

// ElementwiseOps.cpp
LogicalResult importAdd(Node &n);
LogicalResult importSub(Node &n);
LogicalResult importMul(Node &n);
LogicalResult importDiv(Node &n);
LogicalResult importPow(Node &n);
LogicalResult importMax(Node &n);
LogicalResult importMin(Node &n);
LogicalResult importSum(Node &n);
LogicalResult importMean(Node &n);
LogicalResult importAbs(Node &n);
LogicalResult importNeg(Node &n);
LogicalResult importSqrt(Node &n);
LogicalResult importExp(Node &n);
LogicalResult importLog(Node &n);
LogicalResult importErf(Node &n);
LogicalResult importTanh(Node &n);
LogicalResult importSigmoid(Node &n);
LogicalResult importRelu(Node &n);
LogicalResult importSin(Node &n);
LogicalResult importCos(Node &n);
LogicalResult importTan(Node &n);
LogicalResult importAtan(Node &n);
LogicalResult importRound(Node &n);
LogicalResult importFloor(Node &n);
LogicalResult importCeil(Node &n);
LogicalResult importReciprocal(Node &n);
LogicalResult importLeakyRelu(Node &n);
LogicalResult importElu(Node &n);
LogicalResult importSelu(Node &n);
LogicalResult importCelu(Node &n);
LogicalResult importPRelu(Node &n);
LogicalResult importHardSigmoid(Node &n);
LogicalResult importHardSwish(Node &n);
LogicalResult importSoftplus(Node &n);
LogicalResult importSoftsign(Node &n);
LogicalResult importClip(Node &n);
LogicalResult importWhere(Node &n);
LogicalResult importEqual(Node &n);
LogicalResult importLess(Node &n);
LogicalResult importLessOrEqual(Node &n);
LogicalResult importGreater(Node &n);
LogicalResult importGreaterOrEqual(Node &n);
LogicalResult importNot(Node &n);
LogicalResult importAnd(Node &n);
LogicalResult importOr(Node &n);
LogicalResult importXor(Node &n);
LogicalResult importCast(Node &n);
LogicalResult importCastLike(Node &n);
LogicalResult importIdentity(Node &n);
LogicalResult importDropout(Node &n);

// TensorOps.cpp
LogicalResult importConstant(Node &n);
LogicalResult importConstantOfShape(Node &n);
LogicalResult importShape(Node &n);
LogicalResult importSize(Node &n);
LogicalResult importReshape(Node &n);
LogicalResult importFlatten(Node &n);
LogicalResult importTranspose(Node &n);
LogicalResult importSqueeze(Node &n);
LogicalResult importUnsqueeze(Node &n);
LogicalResult importConcat(Node &n);
LogicalResult importSplit(Node &n);
LogicalResult importSlice(Node &n);
LogicalResult importGather(Node &n);
LogicalResult importExpand(Node &n);
LogicalResult importRange(Node &n);
LogicalResult importTile(Node &n);
LogicalResult importPad(Node &n);

// NNOps.cpp
LogicalResult importMatMul(Node &n);
LogicalResult importGemm(Node &n);
LogicalResult importConv(Node &n);
LogicalResult importBatchNormalization(Node &n);
LogicalResult importMaxPool(Node &n);
LogicalResult importAveragePool(Node &n);
LogicalResult importGlobalAveragePool(Node &n);
LogicalResult importGlobalMaxPool(Node &n);
LogicalResult importSoftmax(Node &n);
LogicalResult importLogSoftmax(Node &n);
LogicalResult importLayerNormalization(Node &n);

// ReductionOps.cpp
LogicalResult importReduceMean(Node &n);
LogicalResult importReduceSum(Node &n);
LogicalResult importReduceMax(Node &n);
LogicalResult importReduceMin(Node &n);
LogicalResult importReduceProd(Node &n);
LogicalResult importReduceSumSquare(Node &n);

//===--- Shared by the family files ---------------------------------------===//

/// `axis` in [-rank, rank) as a dim index; fails naming `what`.
FailureOr<int64_t> axisIn(Node &n, int64_t axis, int64_t rank, StringRef what);
/// The element type of a tensor value.
Type elementOf(Value v);
int64_t rankOf(Value v);
ArrayRef<int64_t> shapeOf(Value v);

} // namespace mlir::rlx::onnximport

#endif // RLX_CONVERSION_ONNXTOMIR_OPIMPORTERS_H
