//===- TensorOps.cpp - ONNX shape and data movement ops as MIR ------------===//
//
// Constants, shapes and their arithmetic, reshapes, transposes, slicing,
// joining, gathering and broadcasting. Inputs that determine a result
// shape are read at compile time (Node::intsInput); indices and bounds
// are normalized here (negative indices, clamped slice ends), so MIR sees
// only in-range static windows.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OpImporters.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"

#include <cmath>

namespace mlir::rlx::onnximport {

static LogicalResult done(Node &n, FailureOr<Value> v) {
  if (failed(v))
    return failure();
  n.setOutput(0, *v);
  return success();
}

/// A tensor attribute's value as a MIR constant.
static FailureOr<Value> tensorAttr(Node &n, const ::onnx::TensorProto &t) {
  std::deque<std::vector<uint8_t>> owned;
  TensorData data;
  if (::rlx::Status s = decodeTensor(t, nullptr, owned, data); !s)
    return n.fail(s.message());
  if (!data.problem.empty())
    return n.unsupported(data.problem);
  Type element = elementTypeOfOnnx(n.ctx(), data.elementType);
  if (!element)
    return n.unsupported("a " + onnxTypeName(data.elementType) +
                         " tensor is not supported (rlx has no dtype for it)");
  if (data.shape.size() > static_cast<size_t>(kMaxRank))
    return n.fail("the tensor has rank " + Twine(data.shape.size()));
  auto type = RankedTensorType::get(data.shape, element);
  DenseElementsAttr value;
  if (element.isInteger(1)) {
    SmallVector<bool> bits(data.data, data.data + data.bytes);
    value = DenseElementsAttr::get(type, bits);
  } else {
    value = DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(reinterpret_cast<const char *>(data.data),
                             data.bytes));
  }
  Value v = n.constant(value);
  if (isUnsignedOnnx(data.elementType))
    n.markUnsigned(v);
  return v;
}

LogicalResult importConstant(Node &n) {
  const auto &attrs = n.proto().attribute();
  if (attrs.size() != 1)
    return n.fail("needs exactly one value attribute");
  const ::onnx::AttributeProto &a = attrs.Get(0);
  OpBuilder &b = n.builder();
  if (a.name() == "value")
    return done(n, tensorAttr(n, a.t()));
  if (a.name() == "value_float")
    return done(n, n.scalar(b.getF32Type(), a.f()));
  if (a.name() == "value_int")
    return done(n, n.scalar(b.getI64Type(), static_cast<double>(a.i())));
  if (a.name() == "value_floats") {
    SmallVector<float> v(a.floats().begin(), a.floats().end());
    auto type = RankedTensorType::get({static_cast<int64_t>(v.size())},
                                      b.getF32Type());
    return done(n, n.constant(DenseElementsAttr::get(type, ArrayRef(v))));
  }
  if (a.name() == "value_ints")
    return done(n, n.ints(SmallVector<int64_t>(a.ints().begin(),
                                               a.ints().end())));
  return n.unsupported("attribute '" + a.name() +
                       "' is not supported (strings and sparse tensors)");
}

LogicalResult importConstantOfShape(Node &n) {
  FailureOr<SmallVector<int64_t>> shape = n.intsInput(0, "shape");
  if (failed(shape))
    return failure();
  for (int64_t d : *shape)
    if (d < 0)
      return n.fail("the shape has a negative dim " + Twine(d));
  if (shape->size() > static_cast<size_t>(kMaxRank) ||
      !checkedElementCount(*shape))
    return n.fail("the shape is too large");
  Value fill = n.scalar(n.builder().getF32Type(), 0.0);
  if (const auto *a = n.attr("value")) {
    FailureOr<Value> v = tensorAttr(n, a->t());
    if (failed(v))
      return failure();
    if (cast<RankedTensorType>(v->getType()).getNumElements() != 1)
      return n.fail("attribute 'value' must hold one element");
    fill = *v;
  }
  auto attr =
      cast<DenseElementsAttr>(cast<mir::ConstantOp>(fill.getDefiningOp())
                                  .getValue());
  auto type = RankedTensorType::get(*shape, attr.getElementType());
  Value filled = n.constant(
      attr.isSplat() ? attr.resizeSplat(type)
                     : DenseElementsAttr::get(type,
                                              *attr.value_begin<Attribute>()));
  if (n.isUnsigned(fill))
    n.markUnsigned(filled);
  return done(n, filled);
}

LogicalResult importShape(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(*x, "input 0");
  FailureOr<int64_t> start = n.attrInt("start", 0);
  FailureOr<int64_t> end =
      n.attrInt("end", static_cast<int64_t>(shapeOf(*x).size()));
  if (failed(shape) || failed(start) || failed(end))
    return failure();
  int64_t rank = shape->size();
  auto clamp = [&](int64_t v) {
    if (v < 0)
      v += rank;
    return std::min(std::max<int64_t>(v, 0), rank);
  };
  int64_t s = clamp(*start), e = clamp(*end);
  SmallVector<int64_t> dims;
  for (int64_t i = s; i < e; ++i)
    dims.push_back((*shape)[i]);
  return done(n, n.ints(dims));
}

LogicalResult importSize(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(*x, "input 0");
  if (failed(shape))
    return failure();
  return done(n, n.scalar(n.builder().getI64Type(),
                          static_cast<double>(*checkedElementCount(*shape))));
}

/// Reshapes `x` to `target`, which may hold `?` for dims MIR infers: one
/// from the element count, or several where each is the input's own dim in
/// a leading run of equal dims (mir.reshape's rule).
static FailureOr<Value> reshapeTo(Node &n, Value x, ArrayRef<int64_t> target) {
  ArrayRef<int64_t> from = shapeOf(x);
  int64_t dynamic = llvm::count_if(target, ShapedType::isDynamic);
  if (dynamic > 1) {
    for (size_t i = 0; i < target.size(); ++i) {
      if (!ShapedType::isDynamic(target[i]))
        continue;
      bool prefix = i < from.size();
      for (size_t k = 0; prefix && k <= i; ++k)
        prefix = from[k] == target[k];
      if (!prefix)
        return n.fail("the result shape depends on symbolic dims in a way "
                      "rlx cannot keep symbolic: bind the model's symbolic "
                      "dims (--bind / CompileOptions::dims)");
    }
  }
  if (!checkedElementCount(target))
    return n.fail("the result shape has more elements than int64 counts");
  return n.reshape(x, target);
}

LogicalResult importReshape(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<SmallVector<int64_t>> shape = n.intsInput(1, "shape");
  FailureOr<int64_t> allowZero = n.attrInt("allowzero", 0);
  if (failed(x) || failed(shape) || failed(allowZero))
    return failure();
  ArrayRef<int64_t> from = shapeOf(*x);
  SmallVector<int64_t> target;
  int inferred = -1;
  bool fromDynamic = !cast<RankedTensorType>(x->getType()).hasStaticShape();
  for (auto [i, d] : llvm::enumerate(*shape)) {
    if (d == 0 && !*allowZero) {
      if (i >= from.size())
        return n.fail("shape entry " + Twine(i) +
                      " is 0 (copy the input's dim) but the input has rank " +
                      Twine(from.size()));
      target.push_back(from[i]);
    } else if (d == -1) {
      if (inferred >= 0)
        return n.fail("the shape has more than one -1");
      inferred = static_cast<int>(i);
      target.push_back(ShapedType::kDynamic);
    } else if (d < 0) {
      return n.fail("shape entry " + Twine(i) + " is " + Twine(d));
    } else {
      target.push_back(d);
    }
  }
  if (target.size() > static_cast<size_t>(kMaxRank))
    return n.fail("the result has rank " + Twine(target.size()));
  if (inferred >= 0 && !fromDynamic) {
    int64_t total = *checkedElementCount(from), known = 1;
    for (auto [i, d] : llvm::enumerate(target))
      if (static_cast<int>(i) != inferred)
        known *= d;
    if (known == 0 || total % known != 0)
      return n.fail("cannot reshape " + Twine(total) +
                    " elements with -1 and the other dims multiplying to " +
                    Twine(known));
    target[inferred] = total / known;
  } else if (!fromDynamic) {
    std::optional<int64_t> count = checkedElementCount(target);
    if (!count || *count != *checkedElementCount(from))
      return n.fail("cannot reshape " + Twine(*checkedElementCount(from)) +
                    " elements to a shape of " +
                    Twine(count ? *count : -1) + " elements");
  }
  return done(n, reshapeTo(n, *x, target));
}

LogicalResult importFlatten(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<int64_t> axisAttr = n.attrInt("axis", 1);
  if (failed(x) || failed(axisAttr))
    return failure();
  int64_t rank = rankOf(*x);
  int64_t axis = *axisAttr < 0 ? *axisAttr + rank : *axisAttr;
  if (axis < 0 || axis > rank)
    return n.fail("axis " + Twine(*axisAttr) + " is outside [-" +
                  Twine(rank) + ", " + Twine(rank) + "]");
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = shapeOf(*x)[d];
    int64_t &part = d < axis ? outer : inner;
    part = ShapedType::isDynamic(size) || ShapedType::isDynamic(part)
               ? ShapedType::kDynamic
               : part * size;
  }
  return done(n, reshapeTo(n, *x, {outer, inner}));
}

LogicalResult importTranspose(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<std::optional<SmallVector<int64_t>>> perm = n.attrInts("perm");
  if (failed(x) || failed(perm))
    return failure();
  int64_t rank = rankOf(*x);
  SmallVector<int64_t> p;
  if (*perm)
    p = **perm;
  else
    for (int64_t d = rank - 1; d >= 0; --d)
      p.push_back(d);
  return done(n, n.transpose(*x, p));
}

/// Sorted, distinct dim indices of `axes` in a rank-`rank` tensor.
static FailureOr<SmallVector<int64_t>>
normalizedAxes(Node &n, ArrayRef<int64_t> axes, int64_t rank) {
  SmallVector<int64_t> out;
  for (int64_t a : axes) {
    FailureOr<int64_t> axis = axisIn(n, a, rank, "axis");
    if (failed(axis))
      return failure();
    if (llvm::is_contained(out, *axis))
      return n.fail("axis " + Twine(a) + " is given twice");
    out.push_back(*axis);
  }
  llvm::sort(out);
  return out;
}

LogicalResult importSqueeze(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  ArrayRef<int64_t> shape = shapeOf(*x);
  SmallVector<int64_t> axes;
  if (n.has(1)) {
    FailureOr<SmallVector<int64_t>> given = n.intsInput(1, "axes");
    if (failed(given))
      return failure();
    FailureOr<SmallVector<int64_t>> norm =
        normalizedAxes(n, *given, shape.size());
    if (failed(norm))
      return failure();
    axes = *norm;
    for (int64_t a : axes)
      if (shape[a] != 1)
        return n.fail("dim " + Twine(a) + " has size " +
                      (ShapedType::isDynamic(shape[a]) ? Twine("?")
                                                       : Twine(shape[a])) +
                      ", not 1");
  } else {
    for (auto [i, d] : llvm::enumerate(shape)) {
      if (ShapedType::isDynamic(d))
        return n.fail("squeezing every size-1 dim needs a static shape: bind "
                      "the model's symbolic dims");
      if (d == 1)
        axes.push_back(i);
    }
  }
  SmallVector<int64_t> target;
  for (auto [i, d] : llvm::enumerate(shape))
    if (!llvm::is_contained(axes, static_cast<int64_t>(i)))
      target.push_back(d);
  return done(n, reshapeTo(n, *x, target));
}

LogicalResult importUnsqueeze(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<SmallVector<int64_t>> given = n.intsInput(1, "axes");
  if (failed(x) || failed(given))
    return failure();
  ArrayRef<int64_t> shape = shapeOf(*x);
  int64_t rank = shape.size() + given->size();
  FailureOr<SmallVector<int64_t>> axes = normalizedAxes(n, *given, rank);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> target;
  size_t next = 0;
  for (int64_t d = 0; d < rank; ++d)
    target.push_back(llvm::is_contained(*axes, d) ? 1 : shape[next++]);
  return done(n, reshapeTo(n, *x, target));
}

LogicalResult importConcat(Node &n) {
  FailureOr<int64_t> axisAttr = n.attrInt("axis", 0);
  if (failed(axisAttr))
    return failure();
  SmallVector<Value> inputs;
  for (int i = 0; i < n.numInputs(); ++i) {
    FailureOr<Value> v = n.input(i);
    if (failed(v))
      return failure();
    inputs.push_back(*v);
  }
  if (inputs.empty())
    return n.fail("needs at least one input");
  FailureOr<int64_t> axis =
      axisIn(n, *axisAttr, rankOf(inputs.front()), "axis");
  if (failed(axis))
    return failure();
  return done(n, n.concat(inputs, *axis));
}

LogicalResult importSplit(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<int64_t> axisAttr = n.attrInt("axis", 0);
  if (failed(x) || failed(axisAttr))
    return failure();
  SmallVector<int64_t> shape(shapeOf(*x));
  FailureOr<int64_t> axis = axisIn(n, *axisAttr, shape.size(), "axis");
  if (failed(axis))
    return failure();
  int64_t dim = shape[*axis];
  if (ShapedType::isDynamic(dim))
    return n.fail("the split axis is symbolic: bind the model's symbolic "
                  "dims");
  SmallVector<int64_t> sizes;
  int parts = n.numOutputs();
  if (n.has(1)) {
    FailureOr<SmallVector<int64_t>> given = n.intsInput(1, "split");
    if (failed(given))
      return failure();
    sizes = *given;
    if (static_cast<int>(sizes.size()) != parts)
      return n.fail("'split' has " + Twine(sizes.size()) +
                    " entries for " + Twine(parts) + " outputs");
    int64_t sum = 0;
    for (int64_t s : sizes) {
      if (s < 0)
        return n.fail("'split' has a negative size");
      sum += s;
    }
    if (sum != dim)
      return n.fail("'split' sums to " + Twine(sum) + ", the axis has " +
                    Twine(dim));
  } else {
    if (parts < 1 || dim % parts != 0)
      return n.fail("dim " + Twine(dim) + " does not split into " +
                    Twine(parts) + " equal parts");
    sizes.assign(parts, dim / parts);
  }
  int64_t rank = shape.size();
  int64_t offset = 0;
  for (auto [i, size] : llvm::enumerate(sizes)) {
    SmallVector<int64_t> offsets(rank, 0), strides(rank, 1),
        part(shape.begin(), shape.end());
    offsets[*axis] = offset;
    part[*axis] = size;
    offset += size;
    if (!n.wants(i))
      continue;
    if (!cast<RankedTensorType>(x->getType()).hasStaticShape())
      return n.fail("splitting needs a static shape: bind the model's "
                    "symbolic dims");
    FailureOr<Value> piece = n.slice(*x, offsets, part, strides);
    if (failed(piece))
      return failure();
    n.setOutput(i, *piece);
  }
  return success();
}

LogicalResult importSlice(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<SmallVector<int64_t>> starts = n.intsInput(1, "starts");
  FailureOr<SmallVector<int64_t>> ends = n.intsInput(2, "ends");
  if (failed(x) || failed(starts) || failed(ends))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(*x, "the input");
  if (failed(shape))
    return failure();
  int64_t rank = shape->size();
  SmallVector<int64_t> axes, steps;
  if (n.has(3)) {
    FailureOr<SmallVector<int64_t>> given = n.intsInput(3, "axes");
    if (failed(given))
      return failure();
    axes = *given;
  } else {
    for (size_t i = 0; i < starts->size(); ++i)
      axes.push_back(i);
  }
  if (n.has(4)) {
    FailureOr<SmallVector<int64_t>> given = n.intsInput(4, "steps");
    if (failed(given))
      return failure();
    steps = *given;
  } else {
    steps.assign(starts->size(), 1);
  }
  if (ends->size() != starts->size() || axes.size() != starts->size() ||
      steps.size() != starts->size())
    return n.fail("starts, ends, axes and steps have different lengths");
  SmallVector<int64_t> offsets(rank, 0), sizes(*shape), strides(rank, 1);
  // Axes read backwards: gathered with explicit indices afterwards.
  SmallVector<std::pair<int64_t, SmallVector<int64_t>>> reversed;
  SmallVector<int64_t> seen;
  for (size_t k = 0; k < starts->size(); ++k) {
    FailureOr<int64_t> axis = axisIn(n, axes[k], rank, "axis");
    if (failed(axis))
      return failure();
    if (llvm::is_contained(seen, *axis))
      return n.fail("axis " + Twine(axes[k]) + " is given twice");
    seen.push_back(*axis);
    int64_t dim = (*shape)[*axis], step = steps[k];
    if (step == 0)
      return n.fail("a step is 0");
    // ONNX's clamping: negative starts and ends count from the end; then
    // [0, dim] forwards and [-1, dim - 1] backwards.
    int64_t start = (*starts)[k], end = (*ends)[k];
    if (start < 0)
      start = start < -dim ? 0 : start + dim;
    if (end < 0)
      end = end < -dim ? -1 : end + dim;
    int64_t count = 0;
    if (step > 0) {
      start = std::min(start, dim);
      end = std::min(end, dim);
      end = std::max<int64_t>(end, 0);
      count = end > start ? (end - start + step - 1) / step : 0;
    } else {
      start = std::min(start, dim - 1);
      end = std::min(end, dim - 1);
      count = start > end ? (start - end + (-step) - 1) / (-step) : 0;
    }
    sizes[*axis] = count;
    if (step > 0 || count == 0) {
      offsets[*axis] = count == 0 ? 0 : start;
      strides[*axis] = step > 0 ? step : 1;
      continue;
    }
    SmallVector<int64_t> indices;
    for (int64_t i = 0; i < count; ++i)
      indices.push_back(start + i * step);
    sizes[*axis] = dim;
    reversed.push_back({*axis, indices});
  }
  FailureOr<Value> y = n.slice(*x, offsets, sizes, strides);
  for (auto &[axis, indices] : reversed) {
    if (failed(y))
      return failure();
    y = n.create(mir::GatherOp::getOperationName(), {*y, n.ints(indices)},
                 {n.builder().getNamedAttr(
                     "axis", n.builder().getI64IntegerAttr(axis))});
  }
  return done(n, y);
}

LogicalResult importGather(Node &n) {
  FailureOr<Value> table = n.input(0), indices = n.input(1);
  FailureOr<int64_t> axisAttr = n.attrInt("axis", 0);
  if (failed(table) || failed(indices) || failed(axisAttr))
    return failure();
  FailureOr<int64_t> axis = axisIn(n, *axisAttr, rankOf(*table), "axis");
  if (failed(axis))
    return failure();
  Type indexType = elementOf(*indices);
  if (!indexType.isInteger(32) && !indexType.isInteger(64))
    return n.fail("indices must be int32 or int64");
  int64_t dim = shapeOf(*table)[*axis];
  // ONNX counts negative indices from the end; MIR reads zeros outside
  // [0, dim), so they are moved into range first. Unsigned indices are
  // never negative: zero-extended to i64.
  Value ids = *indices;
  if (n.isUnsigned(ids)) {
    FailureOr<Value> wide = n.zeroExtend(ids);
    if (failed(wide))
      return failure();
    ids = *wide;
  } else if (!ShapedType::isDynamic(dim)) {
    FailureOr<Value> negative =
        n.compare(CompareKind::lt, ids, n.scalar(indexType, 0));
    FailureOr<Value> wrapped =
        n.binary(BinaryKind::add, ids, n.scalar(indexType, dim));
    if (failed(negative) || failed(wrapped))
      return failure();
    FailureOr<Value> picked = n.select(*negative, *wrapped, ids);
    if (failed(picked))
      return failure();
    ids = *picked;
  } else {
    return n.fail("gathering along a symbolic dim needs it bound");
  }
  FailureOr<Value> y =
      n.create(mir::GatherOp::getOperationName(), {*table, ids},
               {n.builder().getNamedAttr(
                   "axis", n.builder().getI64IntegerAttr(*axis))});
  if (succeeded(y) && n.isUnsigned(*table))
    n.markUnsigned(*y);
  return done(n, y);
}

LogicalResult importExpand(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<SmallVector<int64_t>> shape = n.intsInput(1, "shape");
  if (failed(x) || failed(shape))
    return failure();
  // Bidirectional: the result is the broadcast of both shapes.
  std::string why;
  std::optional<SmallVector<int64_t>> target =
      broadcastShapes(shapeOf(*x), *shape, why);
  if (!target)
    return n.fail("the input does not broadcast to the shape: " + why);
  if (target->size() > static_cast<size_t>(kMaxRank) ||
      !checkedElementCount(*target))
    return n.fail("the result shape is too large");
  return done(n, n.broadcast(*x, *target));
}

LogicalResult importRange(Node &n) {
  FailureOr<DenseElementsAttr> start = n.constantInput(0, "start");
  FailureOr<DenseElementsAttr> limit = n.constantInput(1, "limit");
  FailureOr<DenseElementsAttr> delta = n.constantInput(2, "delta");
  if (failed(start) || failed(limit) || failed(delta))
    return failure();
  Type element = start->getElementType();
  if (limit->getElementType() != element ||
      delta->getElementType() != element)
    return n.fail("start, limit and delta have different element types");
  for (DenseElementsAttr a : {*start, *limit, *delta})
    if (a.getType().getNumElements() != 1)
      return n.fail("start, limit and delta must be scalars");
  auto first = [](DenseElementsAttr a) -> double {
    if (isa<FloatType>(a.getElementType()))
      return (*a.value_begin<APFloat>()).convertToDouble();
    return static_cast<double>((*a.value_begin<APInt>()).getSExtValue());
  };
  double s = first(*start), l = first(*limit), d = first(*delta);
  if (d == 0 || std::isnan(s) || std::isnan(l) || std::isnan(d))
    return n.fail("delta is 0 or a bound is NaN");
  double steps = std::ceil((l - s) / d);
  if (steps > double(1 << 24))
    return n.fail("the range has more than 2^24 elements");
  int64_t count = steps > 0 ? static_cast<int64_t>(steps) : 0;
  auto type = RankedTensorType::get({count}, element);
  if (auto f = dyn_cast<FloatType>(element)) {
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < count; ++i) {
      APFloat v(s + static_cast<double>(i) * d);
      bool lost = false;
      v.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      values.push_back(v);
    }
    return done(n, n.constant(DenseElementsAttr::get(type, values)));
  }
  SmallVector<APInt> values;
  int64_t is = static_cast<int64_t>(s), id = static_cast<int64_t>(d);
  for (int64_t i = 0; i < count; ++i)
    values.push_back(APInt(element.getIntOrFloatBitWidth(), is + i * id,
                           /*isSigned=*/true));
  return done(n, n.constant(DenseElementsAttr::get(type, values)));
}

LogicalResult importTile(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<SmallVector<int64_t>> repeats = n.intsInput(1, "repeats");
  if (failed(x) || failed(repeats))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(*x, "the input");
  if (failed(shape))
    return failure();
  if (repeats->size() != shape->size())
    return n.fail("'repeats' has " + Twine(repeats->size()) +
                  " entries for a rank-" + Twine(shape->size()) + " input");
  // [d0, d1] -> [1, d0, 1, d1] -> broadcast [r0, d0, r1, d1] -> [r0*d0, ..].
  SmallVector<int64_t> spread, expanded, result;
  for (auto [d, r] : llvm::zip(*shape, *repeats)) {
    if (r < 0)
      return n.fail("a repeat count is negative");
    spread.append({1, d});
    expanded.append({r, d});
    result.push_back(r * d);
  }
  if (!checkedElementCount(expanded))
    return n.fail("the result is too large");
  FailureOr<Value> y = n.reshape(*x, spread);
  if (succeeded(y))
    y = n.broadcast(*y, expanded);
  if (succeeded(y))
    y = n.reshape(*y, result);
  return done(n, y);
}

LogicalResult importPad(Node &n) {
  FailureOr<Value> x = n.input(0);
  FailureOr<SmallVector<int64_t>> pads = n.intsInput(1, "pads");
  FailureOr<std::string> mode = n.attrString("mode", "constant");
  if (failed(x) || failed(pads) || failed(mode))
    return failure();
  if (*mode != "constant" && *mode != "reflect" && *mode != "edge")
    return n.fail("mode '" + *mode + "' is not constant, reflect or edge");
  FailureOr<SmallVector<int64_t>> shape = n.staticShape(*x, "the input");
  if (failed(shape))
    return failure();
  int64_t rank = shape->size();
  if (static_cast<int64_t>(pads->size()) != 2 * rank)
    return n.fail("'pads' has " + Twine(pads->size()) + " entries for a rank-" +
                  Twine(rank) + " input (two per dim)");
  Value fill;
  if (*mode == "constant") {
    if (n.has(2)) {
      FailureOr<Value> c = n.input(2);
      if (failed(c))
        return failure();
      if (cast<RankedTensorType>(c->getType()).getNumElements() != 1 ||
          elementOf(*c) != elementOf(*x))
        return n.fail("constant_value must be one value of the input's type");
      FailureOr<Value> scalar = n.reshape(*c, {});
      if (failed(scalar))
        return failure();
      fill = *scalar;
    } else {
      fill = n.scalar(elementOf(*x), 0.0);
    }
  }
  Value y = *x;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t before = (*pads)[d], after = (*pads)[rank + d];
    if (before == 0 && after == 0)
      continue;
    SmallVector<int64_t> cur(shapeOf(y));
    // Negative pads crop.
    if (before < 0 || after < 0) {
      int64_t cropBefore = std::max<int64_t>(0, -before);
      int64_t cropAfter = std::max<int64_t>(0, -after);
      if (cropBefore + cropAfter > cur[d])
        return n.fail("negative pads remove more than dim " + Twine(d) +
                      " holds");
      SmallVector<int64_t> offsets(rank, 0), sizes(cur), strides(rank, 1);
      offsets[d] = cropBefore;
      sizes[d] = cur[d] - cropBefore - cropAfter;
      FailureOr<Value> cropped = n.slice(y, offsets, sizes, strides);
      if (failed(cropped))
        return failure();
      y = *cropped;
      cur[d] = sizes[d];
      before = std::max<int64_t>(0, before);
      after = std::max<int64_t>(0, after);
      if (before == 0 && after == 0)
        continue;
    }
    int64_t dim = cur[d];
    if (*mode == "constant") {
      SmallVector<Value> parts;
      for (int64_t width : {before, int64_t(-1), after}) {
        if (width == -1) {
          parts.push_back(y);
          continue;
        }
        if (width == 0)
          continue;
        SmallVector<int64_t> block(cur);
        block[d] = width;
        if (!checkedElementCount(block))
          return n.fail("the padded result is too large");
        FailureOr<Value> b = n.broadcast(fill, block);
        if (failed(b))
          return failure();
        parts.push_back(*b);
      }
      FailureOr<Value> joined = n.concat(parts, d);
      if (failed(joined))
        return failure();
      y = *joined;
      continue;
    }
    // reflect / edge: each result position reads one input position.
    if (dim == 0 || (*mode == "reflect" && (before >= dim || after >= dim)))
      return n.fail("'" + *mode + "' padding of " + Twine(before) + " and " +
                    Twine(after) + " needs a larger dim " + Twine(d) +
                    " (it has " + Twine(dim) + ")");
    if (before + after > (int64_t(1) << 24))
      return n.fail("the pads are too large");
    SmallVector<int64_t> indices;
    for (int64_t i = -before; i < dim + after; ++i) {
      int64_t k = i;
      if (*mode == "edge")
        k = std::min(std::max<int64_t>(i, 0), dim - 1);
      else if (i < 0)
        k = -i;
      else if (i >= dim)
        k = 2 * (dim - 1) - i;
      indices.push_back(k);
    }
    FailureOr<Value> picked =
        n.create(mir::GatherOp::getOperationName(), {y, n.ints(indices)},
                 {n.builder().getNamedAttr("axis",
                                           n.builder().getI64IntegerAttr(d))});
    if (failed(picked))
      return failure();
    y = *picked;
  }
  if (n.isUnsigned(*x))
    n.markUnsigned(y);
  n.setOutput(0, y);
  return success();
}

} // namespace mlir::rlx::onnximport
