//===- ReductionOps.cpp - ONNX reductions as mir.reduce -------------------===//
//
// Opset 13 reductions: the axes are an attribute (ReduceSum's are an
// input, known at compile time); none means every axis, unless
// noop_with_empty_axes makes the op the identity.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OpImporters.h"

namespace mlir::rlx::onnximport {

/// Reduces input 0 with `kind` after `pre` (applied to the input, e.g.
/// squaring), over the node's axes.
static LogicalResult reduction(
    Node &n, ReduceKind kind, bool axesAsInput,
    function_ref<FailureOr<Value>(Value)> pre = nullptr) {
  FailureOr<Value> x = n.input(0);
  FailureOr<int64_t> keep = n.attrInt("keepdims", 1);
  FailureOr<int64_t> noop = n.attrInt("noop_with_empty_axes", 0);
  if (failed(x) || failed(keep) || failed(noop))
    return failure();
  int64_t rank = rankOf(*x);
  SmallVector<int64_t> given;
  if (axesAsInput) {
    if (n.has(1)) {
      FailureOr<SmallVector<int64_t>> axes = n.intsInput(1, "axes");
      if (failed(axes))
        return failure();
      given = *axes;
    }
  } else {
    FailureOr<std::optional<SmallVector<int64_t>>> axes = n.attrInts("axes");
    if (failed(axes))
      return failure();
    if (*axes)
      given = **axes;
  }
  Value in = *x;
  if (pre) {
    FailureOr<Value> p = pre(in);
    if (failed(p))
      return failure();
    in = *p;
  }
  if (given.empty() && *noop) {
    n.setOutput(0, in);
    return success();
  }
  SmallVector<int64_t> axes;
  if (given.empty()) {
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
  } else {
    for (int64_t a : given) {
      FailureOr<int64_t> axis = axisIn(n, a, rank, "axis");
      if (failed(axis))
        return failure();
      if (llvm::is_contained(axes, *axis))
        return n.fail("axis " + Twine(a) + " is given twice");
      axes.push_back(*axis);
    }
    llvm::sort(axes);
  }
  if (axes.empty()) {
    // A rank-0 input: reducing over nothing is the identity.
    n.setOutput(0, in);
    return success();
  }
  if (kind == ReduceKind::mean && !isa<FloatType>(elementOf(in)))
    return n.unsupported("the mean of integers is not supported");
  // Unsigned max and min reduce with the sign bits flipped.
  bool flip = n.isUnsigned(in) &&
              (kind == ReduceKind::max || kind == ReduceKind::min);
  if (flip) {
    FailureOr<Value> flipped = n.flipSign(in);
    if (failed(flipped))
      return failure();
    in = *flipped;
  }
  FailureOr<Value> y = n.reduce(kind, in, axes, *keep != 0);
  if (succeeded(y) && flip) {
    y = n.flipSign(*y);
    if (succeeded(y))
      n.markUnsigned(*y);
  }
  if (failed(y))
    return failure();
  n.setOutput(0, *y);
  return success();
}

LogicalResult importReduceMean(Node &n) {
  return reduction(n, ReduceKind::mean, false);
}
LogicalResult importReduceSum(Node &n) {
  return reduction(n, ReduceKind::sum, true);
}
LogicalResult importReduceMax(Node &n) {
  return reduction(n, ReduceKind::max, false);
}
LogicalResult importReduceMin(Node &n) {
  return reduction(n, ReduceKind::min, false);
}
LogicalResult importReduceProd(Node &n) {
  return reduction(n, ReduceKind::prod, false);
}
LogicalResult importReduceSumSquare(Node &n) {
  return reduction(n, ReduceKind::sum, false, [&](Value x) {
    return n.binary(BinaryKind::mul, x, x);
  });
}

} // namespace mlir::rlx::onnximport
