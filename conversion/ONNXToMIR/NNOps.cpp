//===- NNOps.cpp - ONNX products, convolutions, pooling, norms ------------===//
//
// MatMul and Gemm become mir.matmul (with transposes, scales and a bias
// add the epilogue fusion takes); Conv and the pools become mir.conv2d and
// mir.pool (1-D ones through a height of 1); the norms become mir.softmax
// and mir.layer_norm over the last dim after a reshape when they span
// several. BatchNormalization is its inference formula on the channel dim.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OpImporters.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"

namespace mlir::rlx::onnximport {

static LogicalResult done(Node &n, FailureOr<Value> v) {
  if (failed(v))
    return failure();
  n.setOutput(0, *v);
  return success();
}

static bool isFloat(Value v) { return isa<FloatType>(elementOf(v)); }

LogicalResult importMatMul(Node &n) {
  FailureOr<Value> a = n.input(0), b = n.input(1);
  if (failed(a) || failed(b))
    return failure();
  if (elementOf(*a) != elementOf(*b))
    return n.fail("the operands have different element types");
  // numpy's matmul: a 1-D lhs is a row, a 1-D rhs a column, each dropped
  // from the result.
  bool rowVector = rankOf(*a) == 1, columnVector = rankOf(*b) == 1;
  if (rankOf(*a) == 0 || rankOf(*b) == 0)
    return n.fail("MatMul takes operands of rank 1 or more");
  Value lhs = *a, rhs = *b;
  if (rowVector) {
    FailureOr<Value> r = n.reshape(lhs, {1, shapeOf(lhs)[0]});
    if (failed(r))
      return failure();
    lhs = *r;
  }
  if (columnVector) {
    FailureOr<Value> r = n.reshape(rhs, {shapeOf(rhs)[0], 1});
    if (failed(r))
      return failure();
    rhs = *r;
  }
  FailureOr<Value> y = n.matmul(lhs, rhs);
  if (failed(y) || (!rowVector && !columnVector))
    return done(n, y);
  SmallVector<int64_t> shape(shapeOf(*y));
  if (columnVector)
    shape.pop_back();
  if (rowVector)
    shape.erase(shape.end() - (columnVector ? 1 : 2));
  return done(n, n.reshape(*y, shape));
}

LogicalResult importGemm(Node &n) {
  FailureOr<Value> a = n.input(0), b = n.input(1);
  FailureOr<float> alpha = n.attrFloat("alpha", 1.0f);
  FailureOr<float> beta = n.attrFloat("beta", 1.0f);
  FailureOr<int64_t> transA = n.attrInt("transA", 0);
  FailureOr<int64_t> transB = n.attrInt("transB", 0);
  if (failed(a) || failed(b) || failed(alpha) || failed(beta) ||
      failed(transA) || failed(transB))
    return failure();
  if (rankOf(*a) != 2 || rankOf(*b) != 2)
    return n.fail("Gemm takes 2-D operands");
  if (!isFloat(*a))
    return n.unsupported("integer Gemm is not supported");
  Value lhs = *a, rhs = *b;
  if (*transA) {
    FailureOr<Value> t = n.transpose(lhs, {1, 0});
    if (failed(t))
      return failure();
    lhs = *t;
  }
  if (*transB) {
    FailureOr<Value> t = n.transpose(rhs, {1, 0});
    if (failed(t))
      return failure();
    rhs = *t;
  }
  FailureOr<Value> y = n.matmul(lhs, rhs);
  if (failed(y))
    return failure();
  Type t = elementOf(*y);
  if (*alpha != 1.0f) {
    y = n.binary(BinaryKind::mul, *y, n.scalar(t, *alpha));
    if (failed(y))
      return failure();
  }
  if (n.has(2) && *beta != 0.0f) {
    FailureOr<Value> c = n.input(2);
    if (failed(c))
      return failure();
    if (*beta != 1.0f) {
      c = n.binary(BinaryKind::mul, *c, n.scalar(t, *beta));
      if (failed(c))
        return failure();
    }
    y = n.binary(BinaryKind::add, *y, *c);
  }
  return done(n, y);
}

namespace {
/// The window attributes of Conv and the pools, for spatial dims of an
/// NCHW (or NCL) input, after auto_pad.
struct Window {
  SmallVector<int64_t> kernel, strides, dilations;
  /// ONNX order: begins, then ends.
  SmallVector<int64_t> pads;
};
} // namespace

/// Reads kernel (or `kernelFromFilter`), strides, dilations, pads and
/// auto_pad for `spatial` dims of `inShape`.
static FailureOr<Window> readWindow(Node &n, ArrayRef<int64_t> inShape,
                                    int64_t spatial,
                                    ArrayRef<int64_t> kernelFromFilter) {
  Window w;
  FailureOr<std::optional<SmallVector<int64_t>>> kernel =
      n.attrInts("kernel_shape");
  FailureOr<std::optional<SmallVector<int64_t>>> strides =
      n.attrInts("strides");
  FailureOr<std::optional<SmallVector<int64_t>>> dilations =
      n.attrInts("dilations");
  FailureOr<std::optional<SmallVector<int64_t>>> pads = n.attrInts("pads");
  FailureOr<std::string> autoPad = n.attrString("auto_pad", "NOTSET");
  if (failed(kernel) || failed(strides) || failed(dilations) ||
      failed(pads) || failed(autoPad))
    return failure();
  if (*kernel)
    w.kernel = **kernel;
  else if (!kernelFromFilter.empty())
    w.kernel.assign(kernelFromFilter.begin(), kernelFromFilter.end());
  else
    return n.fail("attribute 'kernel_shape' is required");
  if (!kernelFromFilter.empty() &&
      !llvm::equal(w.kernel, kernelFromFilter))
    return n.fail("'kernel_shape' does not match the filter");
  w.strides = *strides ? **strides : SmallVector<int64_t>(spatial, 1);
  w.dilations = *dilations ? **dilations : SmallVector<int64_t>(spatial, 1);
  w.pads = *pads ? **pads : SmallVector<int64_t>(2 * spatial, 0);
  if (static_cast<int64_t>(w.kernel.size()) != spatial ||
      static_cast<int64_t>(w.strides.size()) != spatial ||
      static_cast<int64_t>(w.dilations.size()) != spatial ||
      static_cast<int64_t>(w.pads.size()) != 2 * spatial)
    return n.fail("kernel_shape, strides, dilations and pads must have one "
                  "entry per spatial dim (pads two)");
  for (int64_t v : w.kernel)
    if (v < 1)
      return n.fail("a kernel dim is below 1");
  for (int64_t v : w.strides)
    if (v < 1)
      return n.fail("a stride is below 1");
  for (int64_t v : w.dilations)
    if (v < 1)
      return n.fail("a dilation is below 1");
  for (int64_t v : w.pads)
    if (v < 0)
      return n.fail("a pad is negative");
  if (*autoPad == "NOTSET")
    return w;
  if (*autoPad == "VALID") {
    w.pads.assign(2 * spatial, 0);
    return w;
  }
  if (*autoPad != "SAME_UPPER" && *autoPad != "SAME_LOWER")
    return n.fail("auto_pad '" + *autoPad + "' is not one of NOTSET, "
                  "SAME_UPPER, SAME_LOWER, VALID");
  // Output ceil(in / stride); the padding that needs, the odd one at the
  // end (UPPER) or the beginning (LOWER).
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t in = inShape[2 + d];
    if (ShapedType::isDynamic(in))
      return n.fail("auto_pad needs the spatial dims bound");
    int64_t out = (in + w.strides[d] - 1) / w.strides[d];
    int64_t extent = (w.kernel[d] - 1) * w.dilations[d] + 1;
    int64_t total =
        std::max<int64_t>(0, (out - 1) * w.strides[d] + extent - in);
    int64_t small = total / 2, large = total - small;
    bool upper = *autoPad == "SAME_UPPER";
    w.pads[d] = upper ? small : large;
    w.pads[spatial + d] = upper ? large : small;
  }
  return w;
}

/// A 1-D window op's input [N, C, L] as [N, C, 1, L] and its window with
/// a height of 1; 2-D ones as they are.
static FailureOr<Value> as2d(Node &n, Value x, Window &w) {
  if (w.kernel.size() == 2)
    return x;
  ArrayRef<int64_t> s = shapeOf(x);
  w.kernel.insert(w.kernel.begin(), 1);
  w.strides.insert(w.strides.begin(), 1);
  w.dilations.insert(w.dilations.begin(), 1);
  int64_t begin = w.pads[0], end = w.pads[1];
  w.pads = {0, begin, 0, end};
  return n.reshape(x, {s[0], s[1], 1, s[2]});
}

/// mir's padding order: [top, left, bottom, right] (ONNX's for 2-D).
static SmallVector<int64_t> mirPadding(const Window &w) { return w.pads; }

/// Back from [N, C, 1, L] for a 1-D op.
static FailureOr<Value> from2d(Node &n, Value y, int64_t spatial) {
  if (spatial == 2)
    return y;
  ArrayRef<int64_t> s = shapeOf(y);
  return n.reshape(y, {s[0], s[1], s[3]});
}

static FailureOr<int64_t> spatialDims(Node &n, Value x) {
  int64_t rank = rankOf(x);
  if (rank == 3 || rank == 4)
    return rank - 2;
  if (rank == 5)
    return n.unsupported("3-D windows are not supported here");
  return n.fail("the input must be [N, C, L] or [N, C, H, W]");
}

/// A 3-D pool as two 2-D ones, which is exact when the window splits: max
/// always, avg when every window counts the same positions (no padding).
/// [N, C, D, H, W] pools H and W as [N, C*D, H, W], then D as
/// [N, C, D, Ho*Wo] with a [kd, 1] window.
static FailureOr<Value> pool3d(Node &n, Value x, PoolKind kind,
                               bool ceilMode) {
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(x, "the input");
  if (failed(shape))
    return failure();
  FailureOr<Window> w = readWindow(n, *shape, 3, {});
  if (failed(w))
    return failure();
  bool padded = llvm::any_of(w->pads, [](int64_t p) { return p != 0; });
  if (kind == PoolKind::avg && (padded || ceilMode))
    return n.unsupported("3-D average pooling with padding or ceil_mode is "
                         "not supported");
  const SmallVector<int64_t> &s = *shape;
  OpBuilder &b = n.builder();
  auto attrs = [&](ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                   ArrayRef<int64_t> padding, ArrayRef<int64_t> dilations) {
    SmallVector<NamedAttribute> a{
        b.getNamedAttr("kind", PoolKindAttr::get(n.ctx(), kind)),
        b.getNamedAttr("kernel", b.getDenseI64ArrayAttr(kernel)),
        b.getNamedAttr("strides", b.getDenseI64ArrayAttr(strides)),
        b.getNamedAttr("padding", b.getDenseI64ArrayAttr(padding)),
        b.getNamedAttr("dilations", b.getDenseI64ArrayAttr(dilations))};
    if (ceilMode)
      a.push_back(b.getNamedAttr("ceil_mode", b.getUnitAttr()));
    return a;
  };
  FailureOr<Value> y = n.reshape(x, {s[0], s[1] * s[2], s[3], s[4]});
  if (succeeded(y))
    y = n.create(mir::PoolOp::getOperationName(), {*y},
                 attrs({w->kernel[1], w->kernel[2]},
                       {w->strides[1], w->strides[2]},
                       {w->pads[1], w->pads[2], w->pads[4], w->pads[5]},
                       {w->dilations[1], w->dilations[2]}));
  if (failed(y))
    return failure();
  int64_t ho = shapeOf(*y)[2], wo = shapeOf(*y)[3];
  y = n.reshape(*y, {s[0], s[1], s[2], ho * wo});
  if (succeeded(y))
    y = n.create(mir::PoolOp::getOperationName(), {*y},
                 attrs({w->kernel[0], 1}, {w->strides[0], 1},
                       {w->pads[0], 0, w->pads[3], 0},
                       {w->dilations[0], 1}));
  if (failed(y))
    return failure();
  return n.reshape(*y, {s[0], s[1], shapeOf(*y)[2], ho, wo});
}

LogicalResult importConv(Node &n) {
  FailureOr<Value> x = n.input(0), w = n.input(1);
  FailureOr<int64_t> group = n.attrInt("group", 1);
  if (failed(x) || failed(w) || failed(group))
    return failure();
  if (!isFloat(*x))
    return n.unsupported("integer convolution is not supported");
  FailureOr<int64_t> spatial = spatialDims(n, *x);
  if (failed(spatial))
    return failure();
  if (rankOf(*w) != rankOf(*x))
    return n.fail("the filter's rank differs from the input's");
  ArrayRef<int64_t> filterShape = shapeOf(*w);
  FailureOr<Window> window =
      readWindow(n, shapeOf(*x), *spatial, filterShape.drop_front(2));
  if (failed(window))
    return failure();
  FailureOr<Value> in = as2d(n, *x, *window);
  Value filter = *w;
  if (failed(in))
    return failure();
  if (*spatial == 1) {
    FailureOr<Value> f = n.reshape(
        filter, {filterShape[0], filterShape[1], 1, filterShape[2]});
    if (failed(f))
      return failure();
    filter = *f;
  }
  SmallVector<Value> operands{*in, filter};
  if (n.has(2)) {
    FailureOr<Value> bias = n.input(2);
    if (failed(bias))
      return failure();
    operands.push_back(*bias);
  }
  OpBuilder &b = n.builder();
  FailureOr<Value> y = n.create(
      mir::Conv2dOp::getOperationName(), operands,
      {b.getNamedAttr("strides", b.getDenseI64ArrayAttr(window->strides)),
       b.getNamedAttr("padding", b.getDenseI64ArrayAttr(mirPadding(*window))),
       b.getNamedAttr("dilations",
                      b.getDenseI64ArrayAttr(window->dilations)),
       b.getNamedAttr("groups", b.getI64IntegerAttr(*group))});
  if (failed(y))
    return failure();
  return done(n, from2d(n, *y, *spatial));
}

/// MaxPool's Indices: for each output, the flat index (row-major over
/// [N, C, H, W], or with `columnMajor` over [N, C, W, H]) of the first
/// window position holding the maximum. Each window offset (kh, kw) is a
/// strided slice of the input padded with -inf; a running compare and
/// select keeps the best value and its index (base(n, c) + h * W + w, from
/// small constants). `x` is [N, C, H, W] and `outShape` the pool's result.
static FailureOr<Value> poolIndices(Node &n, Value x, const Window &w,
                                    ArrayRef<int64_t> outShape,
                                    bool columnMajor) {
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(x, "the input");
  if (failed(shape))
    return failure();
  const SmallVector<int64_t> &s = *shape;
  int64_t ho = outShape[2], wo = outShape[3];
  Type t = elementOf(x);
  Type i64 = n.builder().getI64Type();
  // Enough -inf around the input that every window (ceil mode's last ones
  // too) lies inside.
  int64_t needH = (ho - 1) * w.strides[0] + (w.kernel[0] - 1) * w.dilations[0] + 1;
  int64_t needW = (wo - 1) * w.strides[1] + (w.kernel[1] - 1) * w.dilations[1] + 1;
  int64_t top = w.pads[0], left = w.pads[1];
  int64_t bottom = std::max<int64_t>(0, needH - top - s[2]);
  int64_t right = std::max<int64_t>(0, needW - left - s[3]);
  Value lowest = n.constant(DenseElementsAttr::get(
      RankedTensorType::get({}, t),
      APFloat::getInf(cast<FloatType>(t).getFloatSemantics(), true)));
  Value padded = x;
  for (auto [dim, before, after] :
       {std::tuple<int64_t, int64_t, int64_t>{2, top, bottom},
        std::tuple<int64_t, int64_t, int64_t>{3, left, right}}) {
    SmallVector<Value> parts;
    for (int64_t width : {before, int64_t(-1), after}) {
      if (width == -1) {
        parts.push_back(padded);
        continue;
      }
      if (width == 0)
        continue;
      SmallVector<int64_t> block(shapeOf(padded));
      block[dim] = width;
      FailureOr<Value> b = n.broadcast(lowest, block);
      if (failed(b))
        return failure();
      parts.push_back(*b);
    }
    FailureOr<Value> joined = n.concat(parts, dim);
    if (failed(joined))
      return failure();
    padded = *joined;
  }
  // base[n, c] = (n * C + c) * H * W.
  SmallVector<int64_t> base;
  for (int64_t k = 0; k < s[0] * s[1]; ++k)
    base.push_back(k * s[2] * s[3]);
  FailureOr<Value> baseT = n.reshape(n.ints(base), {s[0], s[1], 1, 1});
  if (failed(baseT))
    return failure();
  Value best, bestIndex;
  for (int64_t kh = 0; kh < w.kernel[0]; ++kh)
    for (int64_t kw = 0; kw < w.kernel[1]; ++kw) {
      FailureOr<Value> patch = n.slice(
          padded, {0, 0, kh * w.dilations[0], kw * w.dilations[1]},
          {s[0], s[1], ho, wo}, {1, 1, w.strides[0], w.strides[1]});
      if (failed(patch))
        return failure();
      SmallVector<int64_t> rows, cols;
      for (int64_t o = 0; o < ho; ++o)
        rows.push_back(o * w.strides[0] - top + kh * w.dilations[0]);
      for (int64_t o = 0; o < wo; ++o)
        cols.push_back(o * w.strides[1] - left + kw * w.dilations[1]);
      FailureOr<Value> r = n.reshape(n.ints(rows), {ho, 1});
      FailureOr<Value> c = n.reshape(n.ints(cols), {1, wo});
      if (failed(r) || failed(c))
        return failure();
      // Row-major h * W + w; column-major w * H + h.
      FailureOr<Value> index =
          columnMajor ? n.binary(BinaryKind::mul, *c, n.scalar(i64, s[2]))
                      : n.binary(BinaryKind::mul, *r, n.scalar(i64, s[3]));
      if (succeeded(index))
        index = n.binary(BinaryKind::add, *index, columnMajor ? *r : *c);
      if (succeeded(index))
        index = n.binary(BinaryKind::add, *baseT, *index);
      if (failed(index))
        return failure();
      if (!best) {
        best = *patch;
        FailureOr<Value> full = n.broadcast(*index, {s[0], s[1], ho, wo});
        if (failed(full))
          return failure();
        bestIndex = *full;
        continue;
      }
      FailureOr<Value> take = n.compare(CompareKind::gt, *patch, best);
      if (failed(take))
        return failure();
      FailureOr<Value> v = n.select(*take, *patch, best);
      FailureOr<Value> i = n.select(*take, *index, bestIndex);
      if (failed(v) || failed(i))
        return failure();
      best = *v;
      bestIndex = *i;
    }
  return bestIndex;
}

/// MaxPool and AveragePool.
static LogicalResult pool(Node &n, PoolKind kind) {
  FailureOr<Value> x = n.input(0);
  FailureOr<int64_t> ceilMode = n.attrInt("ceil_mode", 0);
  FailureOr<int64_t> countIncludePad = n.attrInt("count_include_pad", 0);
  FailureOr<int64_t> storageOrder = n.attrInt("storage_order", 0);
  if (failed(x) || failed(ceilMode) || failed(countIncludePad) ||
      failed(storageOrder))
    return failure();
  if (*storageOrder != 0 && *storageOrder != 1)
    return n.fail("storage_order must be 0 or 1");
  if (n.wants(1) && (!isFloat(*x) || rankOf(*x) != 4))
    return n.unsupported("the Indices output is supported for float 2-D "
                         "pooling only");
  // Integer max pooling runs on the values as floats that hold them
  // exactly: f32 for 8 bits (a device without f64 runs it too), f64 for 32.
  Type integer = isFloat(*x) ? Type() : elementOf(*x);
  bool isUnsigned = n.isUnsigned(*x);
  if (integer) {
    if (kind != PoolKind::max || integer.getIntOrFloatBitWidth() > 32)
      return n.unsupported("integer pooling is max pooling of 8 and 32 bit "
                           "integers only");
    x = isUnsigned ? n.zeroExtend(*x) : *x;
    OpBuilder &b = n.builder();
    if (succeeded(x))
      x = n.cast(*x, integer.getIntOrFloatBitWidth() <= 8 ? b.getF32Type()
                                                          : b.getF64Type());
    if (failed(x))
      return failure();
  }
  if (rankOf(*x) == 5) {
    if (*countIncludePad && kind == PoolKind::avg)
      return n.unsupported("3-D average pooling with count_include_pad is "
                           "not supported");
    FailureOr<Value> y = pool3d(n, *x, kind, *ceilMode != 0);
    if (succeeded(y) && integer) {
      y = n.cast(*y, integer);
      if (succeeded(y) && isUnsigned)
        n.markUnsigned(*y);
    }
    return done(n, y);
  }
  FailureOr<int64_t> spatial = spatialDims(n, *x);
  if (failed(spatial))
    return failure();
  FailureOr<Window> window = readWindow(n, shapeOf(*x), *spatial, {});
  if (failed(window))
    return failure();
  FailureOr<Value> in = as2d(n, *x, *window);
  if (failed(in))
    return failure();
  OpBuilder &b = n.builder();
  SmallVector<NamedAttribute> attrs{
      b.getNamedAttr("kind", PoolKindAttr::get(n.ctx(), kind)),
      b.getNamedAttr("kernel", b.getDenseI64ArrayAttr(window->kernel)),
      b.getNamedAttr("strides", b.getDenseI64ArrayAttr(window->strides)),
      b.getNamedAttr("padding", b.getDenseI64ArrayAttr(mirPadding(*window)))};
  if (llvm::any_of(window->dilations, [](int64_t d) { return d != 1; }))
    attrs.push_back(b.getNamedAttr(
        "dilations", b.getDenseI64ArrayAttr(window->dilations)));
  if (*ceilMode)
    attrs.push_back(b.getNamedAttr("ceil_mode", b.getUnitAttr()));
  if (*countIncludePad && kind == PoolKind::avg)
    attrs.push_back(b.getNamedAttr("count_include_pad", b.getUnitAttr()));
  FailureOr<Value> y = n.create(mir::PoolOp::getOperationName(), {*in}, attrs);
  if (succeeded(y) && n.wants(1)) {
    FailureOr<Value> indices =
        poolIndices(n, *in, *window, shapeOf(*y), *storageOrder == 1);
    if (failed(indices))
      return failure();
    n.setOutput(1, *indices);
  }
  if (succeeded(y))
    y = from2d(n, *y, *spatial);
  if (succeeded(y) && integer) {
    y = n.cast(*y, integer);
    if (succeeded(y) && isUnsigned)
      n.markUnsigned(*y);
  }
  return done(n, y);
}

LogicalResult importMaxPool(Node &n) { return pool(n, PoolKind::max); }
LogicalResult importAveragePool(Node &n) { return pool(n, PoolKind::avg); }

static LogicalResult globalPool(Node &n, ReduceKind kind) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (rankOf(*x) < 3)
    return n.fail("the input must be [N, C, spatial...]");
  if (!isFloat(*x))
    return n.unsupported("integer pooling is not supported");
  SmallVector<int64_t> axes;
  for (int64_t d = 2; d < rankOf(*x); ++d)
    axes.push_back(d);
  return done(n, n.reduce(kind, *x, axes, /*keepDim=*/true));
}

LogicalResult importGlobalAveragePool(Node &n) {
  return globalPool(n, ReduceKind::mean);
}
LogicalResult importGlobalMaxPool(Node &n) {
  return globalPool(n, ReduceKind::max);
}

LogicalResult importBatchNormalization(Node &n) {
  FailureOr<int64_t> training = n.attrInt("training_mode", 0);
  FailureOr<float> eps = n.attrFloat("epsilon", 1e-5f);
  FailureOr<float> momentum = n.attrFloat("momentum", 0.9f);
  if (failed(training) || failed(eps) || failed(momentum))
    return failure();
  if (!*training && (n.wants(1) || n.wants(2)))
    return n.fail("the running statistics are outputs in training mode only");
  FailureOr<Value> x = n.input(0), scale = n.input(1), bias = n.input(2),
                   mean = n.input(3), var = n.input(4);
  if (failed(x) || failed(scale) || failed(bias) || failed(mean) ||
      failed(var))
    return failure();
  if (!isFloat(*x) || rankOf(*x) < 2)
    return n.fail("the input must be float [N, C, ...]");
  int64_t channels = shapeOf(*x)[1];
  for (Value p : {*scale, *bias, *mean, *var})
    if (rankOf(p) != 1 || (!ShapedType::isDynamic(channels) &&
                           shapeOf(p)[0] != channels))
      return n.fail("scale, B, mean and var must have one entry per channel");
  Type t = elementOf(*x);
  SmallVector<int64_t> perChannel(rankOf(*x) - 1, 1);
  perChannel[0] = shapeOf(*scale)[0];
  if (*training) {
    // The batch's statistics over every dim but the channel (population
    // variance) normalize; the running ones blend in with `momentum`.
    SmallVector<int64_t> axes{0};
    for (int64_t d = 2; d < rankOf(*x); ++d)
      axes.push_back(d);
    FailureOr<Value> batchMean = n.reduce(ReduceKind::mean, *x, axes, false);
    if (failed(batchMean))
      return failure();
    FailureOr<Value> centered = n.reshape(*batchMean, perChannel);
    if (succeeded(centered))
      centered = n.binary(BinaryKind::sub, *x, *centered);
    FailureOr<Value> batchVar =
        succeeded(centered) ? n.binary(BinaryKind::mul, *centered, *centered)
                            : centered;
    if (succeeded(batchVar))
      batchVar = n.reduce(ReduceKind::mean, *batchVar, axes, false);
    if (failed(batchVar))
      return failure();
    auto blend = [&](Value running, Value batch) -> FailureOr<Value> {
      FailureOr<Value> a =
          n.binary(BinaryKind::mul, running, n.scalar(t, *momentum));
      FailureOr<Value> c =
          n.binary(BinaryKind::mul, batch, n.scalar(t, 1.0 - *momentum));
      if (failed(a) || failed(c))
        return failure();
      return n.binary(BinaryKind::add, *a, *c);
    };
    if (n.wants(1)) {
      FailureOr<Value> m = blend(*mean, *batchMean);
      if (failed(m))
        return failure();
      n.setOutput(1, *m);
    }
    if (n.wants(2)) {
      FailureOr<Value> v = blend(*var, *batchVar);
      if (failed(v))
        return failure();
      n.setOutput(2, *v);
    }
    mean = *batchMean;
    var = *batchVar;
  }
  // y = (x - mean) * (scale / sqrt(var + eps)) + B, per channel: [C] as
  // [C, 1, ...] against [N, C, ...].
  FailureOr<Value> inv = n.binary(BinaryKind::add, *var, n.scalar(t, *eps));
  if (succeeded(inv))
    inv = n.unary(UnaryKind::sqrt, *inv);
  if (succeeded(inv))
    inv = n.binary(BinaryKind::div, *scale, *inv);
  if (succeeded(inv))
    inv = n.reshape(*inv, perChannel);
  FailureOr<Value> m = n.reshape(*mean, perChannel);
  FailureOr<Value> c = n.reshape(*bias, perChannel);
  if (failed(inv) || failed(m) || failed(c))
    return failure();
  FailureOr<Value> y = n.binary(BinaryKind::sub, *x, *m);
  if (succeeded(y))
    y = n.binary(BinaryKind::mul, *y, *inv);
  if (succeeded(y))
    y = n.binary(BinaryKind::add, *y, *c);
  return done(n, y);
}

LogicalResult importSoftmax(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<int64_t> axisAttr = n.attrInt("axis", -1);
  if (failed(x) || failed(axisAttr))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  FailureOr<int64_t> axis = axisIn(n, *axisAttr, rankOf(*x), "axis");
  if (failed(axis))
    return failure();
  return done(n, n.create(mir::SoftmaxOp::getOperationName(), {*x},
                          {n.builder().getNamedAttr(
                              "axis", n.builder().getI64IntegerAttr(*axis))}));
}

LogicalResult importLogSoftmax(Node &n) {
  // x - max - log(sum(exp(x - max))) along the axis.
  FailureOr<Value> x = n.input(0);
  FailureOr<int64_t> axisAttr = n.attrInt("axis", -1);
  if (failed(x) || failed(axisAttr))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  FailureOr<int64_t> axis = axisIn(n, *axisAttr, rankOf(*x), "axis");
  if (failed(axis))
    return failure();
  FailureOr<Value> m = n.reduce(ReduceKind::max, *x, {*axis}, true);
  if (failed(m))
    return failure();
  FailureOr<Value> shifted = n.binary(BinaryKind::sub, *x, *m);
  if (failed(shifted))
    return failure();
  FailureOr<Value> s = n.unary(UnaryKind::exp, *shifted);
  if (succeeded(s))
    s = n.reduce(ReduceKind::sum, *s, {*axis}, true);
  if (succeeded(s))
    s = n.unary(UnaryKind::log, *s);
  if (failed(s))
    return failure();
  return done(n, n.binary(BinaryKind::sub, *shifted, *s));
}

LogicalResult importLayerNormalization(Node &n) {
  FailureOr<Value> x = n.input(0), scale = n.input(1);
  FailureOr<int64_t> axisAttr = n.attrInt("axis", -1);
  FailureOr<float> eps = n.attrFloat("epsilon", 1e-5f);
  FailureOr<int64_t> stash = n.attrInt("stash_type", 1);
  if (failed(x) || failed(scale) || failed(axisAttr) || failed(eps) ||
      failed(stash))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  if (*stash != 1)
    return n.unsupported("stash_type " + Twine(*stash) +
                         " is not supported (statistics are computed in f32)");
  int64_t rank = rankOf(*x);
  FailureOr<int64_t> axis = axisIn(n, *axisAttr, rank, "axis");
  if (failed(axis))
    return failure();
  // Over the last dim the op applies as it is (leading dims may be
  // symbolic); over several, on the input as [outer, inner] rows.
  SmallVector<int64_t> shape(shapeOf(*x));
  bool lastDim = *axis == rank - 1;
  if (!lastDim) {
    FailureOr<SmallVector<int64_t>> fixed = n.staticShape(*x, "the input");
    if (failed(fixed))
      return failure();
  }
  ArrayRef<int64_t> normalized = ArrayRef<int64_t>(shape).drop_front(*axis);
  if (llvm::any_of(normalized, ShapedType::isDynamic))
    return n.fail("the normalized dims must be static: bind the model's "
                  "symbolic dims");
  int64_t outer = 1, inner = 1;
  for (int64_t d = *axis; d < rank; ++d)
    inner *= shape[d];
  for (int64_t d = 0; d < *axis && !lastDim; ++d)
    outer *= shape[d];
  Type t = elementOf(*x);
  // Scale and bias broadcast to the normalized dims, then as one row.
  auto row = [&](Value p) -> FailureOr<Value> {
    if (elementOf(p) != t)
      return n.fail("scale and B must have the input's element type");
    if (!broadcastsTo(shapeOf(p), normalized))
      return n.fail("scale and B must broadcast to the normalized dims");
    FailureOr<Value> full = n.broadcast(p, normalized);
    if (failed(full))
      return failure();
    return n.reshape(*full, {inner});
  };
  if (n.wants(0)) {
    FailureOr<Value> flat = lastDim ? *x : n.reshape(*x, {outer, inner});
    FailureOr<Value> gamma = row(*scale);
    if (failed(flat) || failed(gamma))
      return failure();
    SmallVector<Value> operands{*flat, *gamma};
    if (n.has(2)) {
      FailureOr<Value> bias = n.input(2);
      if (failed(bias))
        return failure();
      FailureOr<Value> beta = row(*bias);
      if (failed(beta))
        return failure();
      operands.push_back(*beta);
    }
    FailureOr<Value> y = n.create(
        mir::LayerNormOp::getOperationName(), operands,
        {n.builder().getNamedAttr("eps", n.builder().getF32FloatAttr(*eps))});
    if (succeeded(y) && !lastDim)
      y = n.reshape(*y, shape);
    if (failed(y))
      return failure();
    n.setOutput(0, *y);
  }
  if (!n.wants(1) && !n.wants(2))
    return success();
  // Mean and 1 / sqrt(var + eps) over the normalized dims, kept as 1s.
  SmallVector<int64_t> axes;
  for (int64_t d = *axis; d < rank; ++d)
    axes.push_back(d);
  FailureOr<Value> mean = n.reduce(ReduceKind::mean, *x, axes, true);
  if (failed(mean))
    return failure();
  n.setOutput(1, *mean);
  FailureOr<Value> centered = n.binary(BinaryKind::sub, *x, *mean);
  if (failed(centered))
    return failure();
  FailureOr<Value> var = n.binary(BinaryKind::mul, *centered, *centered);
  if (succeeded(var))
    var = n.reduce(ReduceKind::mean, *var, axes, true);
  if (succeeded(var))
    var = n.binary(BinaryKind::add, *var, n.scalar(t, *eps));
  if (succeeded(var))
    var = n.unary(UnaryKind::rsqrt, *var);
  if (failed(var))
    return failure();
  n.setOutput(2, *var);
  return success();
}

} // namespace mlir::rlx::onnximport
