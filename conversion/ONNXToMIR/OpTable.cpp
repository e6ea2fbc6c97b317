//===- OpTable.cpp - The ONNX ops rlx imports -----------------------------===//
//
// One row per op type: its importer, the inputs it needs at compile time
// (bit i: input i), which compileTimeInputs() walks back to graph inputs,
// and what it does with unsigned integers (refused unless the row says).
// docs/ONNX.md's table lists the same ops.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OpImporters.h"

namespace mlir::rlx::onnximport {

static constexpr uint32_t in(int i) { return 1u << i; }

static const OpEntry kOps[] = {
    // Elementwise (ElementwiseOps.cpp).
    {"Abs", importAbs, 0, UnsignedInputs::own},
    {"Add", importAdd, 0, UnsignedInputs::same},
    {"And", importAnd},
    {"Atan", importAtan},
    {"Cast", importCast, 0, UnsignedInputs::own},
    {"CastLike", importCastLike, 0, UnsignedInputs::own},
    {"Ceil", importCeil},
    {"Celu", importCelu},
    {"Clip", importClip, 0, UnsignedInputs::own},
    {"Cos", importCos},
    {"Div", importDiv, 0, UnsignedInputs::own},
    {"Dropout", importDropout, in(1) | in(2), UnsignedInputs::same},
    {"Elu", importElu},
    {"Equal", importEqual, 0, UnsignedInputs::same},
    {"Erf", importErf},
    {"Exp", importExp},
    {"Floor", importFloor},
    {"Greater", importGreater, 0, UnsignedInputs::own},
    {"GreaterOrEqual", importGreaterOrEqual, 0, UnsignedInputs::own},
    {"HardSigmoid", importHardSigmoid},
    {"HardSwish", importHardSwish},
    {"Identity", importIdentity, 0, UnsignedInputs::same},
    {"LeakyRelu", importLeakyRelu},
    {"Less", importLess, 0, UnsignedInputs::own},
    {"LessOrEqual", importLessOrEqual, 0, UnsignedInputs::own},
    {"Log", importLog},
    {"Max", importMax, 0, UnsignedInputs::own},
    {"Mean", importMean},
    {"Min", importMin, 0, UnsignedInputs::own},
    {"Mul", importMul, 0, UnsignedInputs::same},
    {"Neg", importNeg},
    {"Not", importNot},
    {"Or", importOr},
    {"PRelu", importPRelu},
    {"Pow", importPow, 0, UnsignedInputs::own},
    {"Reciprocal", importReciprocal},
    {"Relu", importRelu, 0, UnsignedInputs::own},
    {"Round", importRound},
    {"Selu", importSelu},
    {"Sigmoid", importSigmoid},
    {"Sin", importSin},
    {"Softplus", importSoftplus},
    {"Softsign", importSoftsign},
    {"Sqrt", importSqrt},
    {"Sub", importSub, 0, UnsignedInputs::same},
    {"Sum", importSum, 0, UnsignedInputs::same},
    {"Tan", importTan},
    {"Tanh", importTanh},
    {"Where", importWhere, 0, UnsignedInputs::same},
    {"Xor", importXor},
    // Shapes and data movement (TensorOps.cpp).
    {"Concat", importConcat, 0, UnsignedInputs::same},
    {"Constant", importConstant, 0, UnsignedInputs::own},
    {"ConstantOfShape", importConstantOfShape, in(0), UnsignedInputs::own},
    {"Expand", importExpand, in(1), UnsignedInputs::same},
    {"Flatten", importFlatten, 0, UnsignedInputs::same},
    {"Gather", importGather, 0, UnsignedInputs::own},
    {"Pad", importPad, in(1), UnsignedInputs::own},
    {"Range", importRange, in(0) | in(1) | in(2)},
    {"Reshape", importReshape, in(1), UnsignedInputs::same},
    {"Shape", importShape, 0, UnsignedInputs::own},
    {"Size", importSize, 0, UnsignedInputs::own},
    {"Slice", importSlice, in(1) | in(2) | in(3) | in(4), UnsignedInputs::same},
    {"Split", importSplit, in(1), UnsignedInputs::same},
    {"Squeeze", importSqueeze, in(1), UnsignedInputs::same},
    {"Tile", importTile, in(1), UnsignedInputs::same},
    {"Transpose", importTranspose, 0, UnsignedInputs::same},
    {"Unsqueeze", importUnsqueeze, in(1), UnsignedInputs::same},
    // Products, windows and norms (NNOps.cpp).
    {"AveragePool", importAveragePool},
    {"BatchNormalization", importBatchNormalization},
    {"Conv", importConv},
    {"Gemm", importGemm},
    {"GlobalAveragePool", importGlobalAveragePool},
    {"GlobalMaxPool", importGlobalMaxPool},
    {"LayerNormalization", importLayerNormalization},
    {"LogSoftmax", importLogSoftmax},
    {"MatMul", importMatMul},
    {"MaxPool", importMaxPool, 0, UnsignedInputs::own},
    {"Softmax", importSoftmax},
    // Reductions (ReductionOps.cpp).
    {"ReduceMax", importReduceMax, 0, UnsignedInputs::own},
    {"ReduceMean", importReduceMean},
    {"ReduceMin", importReduceMin, 0, UnsignedInputs::own},
    {"ReduceProd", importReduceProd, 0, UnsignedInputs::same},
    {"ReduceSum", importReduceSum, in(1), UnsignedInputs::same},
    {"ReduceSumSquare", importReduceSumSquare, 0, UnsignedInputs::same},
};

const OpEntry *findOp(StringRef type) {
  for (const OpEntry &e : kOps)
    if (type == e.type)
      return &e;
  return nullptr;
}

ArrayRef<OpEntry> allOps() { return kOps; }

} // namespace mlir::rlx::onnximport
