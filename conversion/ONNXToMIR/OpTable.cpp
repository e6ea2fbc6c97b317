//===- OpTable.cpp - The ONNX ops rlx imports -----------------------------===//
//
// One row per op type: its importer and the inputs it needs at compile
// time (bit i: input i), which compileTimeInputs() walks back to graph
// inputs. docs/ONNX.md's table lists the same ops.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OpImporters.h"

namespace mlir::rlx::onnximport {

static constexpr uint32_t in(int i) { return 1u << i; }

static const OpEntry kOps[] = {
    // Elementwise (ElementwiseOps.cpp).
    {"Abs", importAbs},
    {"Add", importAdd},
    {"And", importAnd},
    {"Atan", importAtan},
    {"Cast", importCast},
    {"CastLike", importCastLike},
    {"Ceil", importCeil},
    {"Celu", importCelu},
    {"Clip", importClip},
    {"Cos", importCos},
    {"Div", importDiv},
    {"Dropout", importDropout, in(2)},
    {"Elu", importElu},
    {"Equal", importEqual},
    {"Erf", importErf},
    {"Exp", importExp},
    {"Floor", importFloor},
    {"Greater", importGreater},
    {"GreaterOrEqual", importGreaterOrEqual},
    {"HardSigmoid", importHardSigmoid},
    {"HardSwish", importHardSwish},
    {"Identity", importIdentity},
    {"LeakyRelu", importLeakyRelu},
    {"Less", importLess},
    {"LessOrEqual", importLessOrEqual},
    {"Log", importLog},
    {"Max", importMax},
    {"Mean", importMean},
    {"Min", importMin},
    {"Mul", importMul},
    {"Neg", importNeg},
    {"Not", importNot},
    {"Or", importOr},
    {"PRelu", importPRelu},
    {"Pow", importPow},
    {"Reciprocal", importReciprocal},
    {"Relu", importRelu},
    {"Round", importRound},
    {"Selu", importSelu},
    {"Sigmoid", importSigmoid},
    {"Sin", importSin},
    {"Softplus", importSoftplus},
    {"Softsign", importSoftsign},
    {"Sqrt", importSqrt},
    {"Sub", importSub},
    {"Sum", importSum},
    {"Tan", importTan},
    {"Tanh", importTanh},
    {"Where", importWhere},
    {"Xor", importXor},
    // Shapes and data movement (TensorOps.cpp).
    {"Concat", importConcat},
    {"Constant", importConstant},
    {"ConstantOfShape", importConstantOfShape, in(0)},
    {"Expand", importExpand, in(1)},
    {"Flatten", importFlatten},
    {"Gather", importGather},
    {"Range", importRange, in(0) | in(1) | in(2)},
    {"Reshape", importReshape, in(1)},
    {"Shape", importShape},
    {"Size", importSize},
    {"Slice", importSlice, in(1) | in(2) | in(3) | in(4)},
    {"Split", importSplit, in(1)},
    {"Squeeze", importSqueeze, in(1)},
    {"Tile", importTile, in(1)},
    {"Transpose", importTranspose},
    {"Unsqueeze", importUnsqueeze, in(1)},
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
    {"MaxPool", importMaxPool},
    {"Softmax", importSoftmax},
    // Reductions (ReductionOps.cpp).
    {"ReduceMax", importReduceMax},
    {"ReduceMean", importReduceMean},
    {"ReduceMin", importReduceMin},
    {"ReduceProd", importReduceProd},
    {"ReduceSum", importReduceSum, in(1)},
    {"ReduceSumSquare", importReduceSumSquare},
};

const OpEntry *findOp(StringRef type) {
  for (const OpEntry &e : kOps)
    if (type == e.type)
      return &e;
  return nullptr;
}

ArrayRef<OpEntry> allOps() { return kOps; }

} // namespace mlir::rlx::onnximport
