//===- HIROps.cpp - Type inference and verifiers of the HIR operations ----===//
//
// Verification order (MLIR 19): ODS invariants and traits, then verify(),
// then InferTypeOpInterface's check of the declared result types. A
// verify() therefore never relies on what the type inference checks.
//
//===----------------------------------------------------------------------===//
#include "dialects/HIR/HIROps.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/OpRules.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::hir;

LogicalResult ParamOp::verify() {
  // hir.param C1, C2
  return verifyParamName(*this, getName());
}

LogicalResult LinearOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  // hir.linear C1, C3, and C4 for input and weight
  if (failed(inferProjectionType(in, "weight", adaptor.getInput(),
                                 adaptor.getWeight(), types)))
    return failure();
  // hir.linear C2, and C4 for the bias
  Value bias = adaptor.getBias();
  if (!bias)
    return success();
  FailureOr<RankedTensorType> b = in.tensor(bias, "bias");
  if (failed(b))
    return failure();
  auto y = cast<RankedTensorType>(types.back());
  int64_t n = y.getShape().back();
  if (b->getRank() != 1 || !dimsCompatible(b->getDimSize(0), n))
    return in.fail("bias must have shape ", formatShape({n}), ", got ",
                   formatShape(b->getShape()));
  if (b->getElementType() != y.getElementType())
    return in.fail("bias must have the input's element type ",
                   y.getElementType(), ", got ", b->getElementType());
  return success();
}

LogicalResult AttentionOp::inferResultTypes(const Inference &in,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  // hir.attention C7
  if (failed(inferSameElementType(in,
                                  {adaptor.getQuery().getType(),
                                   adaptor.getKey().getType(),
                                   adaptor.getValue().getType()},
                                  "q, k and v")))
    return failure();
  types.push_back(adaptor.getQuery().getType());
  return success();
}

LogicalResult AttentionOp::verify() {
  auto q = getQuery().getType();
  auto k = getKey().getType();
  auto v = getValue().getType();
  // hir.attention C1
  if (q.getRank() != 3 || k.getRank() != 3 || v.getRank() != 3)
    return emitOpError("q, k and v must have rank 3 [batch, seq, features]");
  if (!dimsCompatible(q.getDimSize(0), k.getDimSize(0)))
    return emitOpError() << "q and k have different batch dims ("
                         << formatShape({q.getDimSize(0)}) << " vs "
                         << formatShape({k.getDimSize(0)}) << ")";
  if (k != v)
    return emitOpError() << "k and v must have the same type, got " << k
                         << " and " << v;
  // hir.attention C3
  int64_t heads = getHeads(), kvHeads = getNumKvHeads(), dim = getHeadDim();
  if (heads < 1 || kvHeads < 1 || dim < 1)
    return emitOpError("heads, kv_heads and head_dim must be >= 1");
  if (heads % kvHeads != 0)
    return emitOpError() << "kv_heads (" << kvHeads << ") must divide heads ("
                         << heads << ")";
  // hir.attention C2 (kv_heads <= heads, so kv_heads * head_dim fits too)
  int64_t qFeatures = 0;
  if (llvm::MulOverflow(heads, dim, qFeatures))
    return emitOpError() << "heads * head_dim (" << heads << " * " << dim
                         << ") overflows int64";
  if (!dimsCompatible(q.getDimSize(2), qFeatures))
    return emitOpError() << "q's last dim must be heads * head_dim = "
                         << qFeatures << ", got "
                         << formatShape({q.getDimSize(2)});
  if (!dimsCompatible(k.getDimSize(2), kvHeads * dim))
    return emitOpError() << "k's last dim must be kv_heads * head_dim = "
                         << kvHeads * dim << ", got "
                         << formatShape({k.getDimSize(2)});
  // hir.attention C4
  MaskKind kind = getMaskKind();
  bool needsMask = kind == MaskKind::custom || kind == MaskKind::additive_bias;
  if (needsMask != static_cast<bool>(getMask()))
    return emitOpError() << "mask kind '" << stringifyMaskKind(kind) << "' "
                         << (needsMask ? "needs" : "takes no")
                         << " mask operand";
  if (Value mask = getMask()) {
    auto m = cast<RankedTensorType>(mask.getType());
    Type want = kind == MaskKind::custom
                    ? Type(IntegerType::get(getContext(), 1))
                    : q.getElementType();
    if (m.getElementType() != want)
      return emitOpError() << "mask for '" << stringifyMaskKind(kind)
                           << "' must have element type " << want << ", got "
                           << m.getElementType();
    SmallVector<int64_t> scores = {q.getDimSize(0), heads, q.getDimSize(1),
                                   k.getDimSize(1)};
    if (!broadcastsTo(m.getShape(), scores))
      return emitOpError() << "mask shape " << formatShape(m.getShape())
                           << " does not broadcast to the scores shape "
                           << formatShape(scores) << " [B, heads, S, T]";
  }
  // hir.attention C5
  bool needsWindow = kind == MaskKind::sliding_window;
  if (needsWindow != getWindow().has_value())
    return emitOpError() << "window must be given exactly for "
                            "'sliding_window' masks";
  // I64Attr getters return uint64_t: compare the signed value.
  if (getWindow() && static_cast<int64_t>(*getWindow()) < 1)
    return emitOpError("window must be >= 1");
  // hir.attention C6
  if (getScale() && !(getScale()->convertToFloat() > 0.0f))
    return emitOpError("scale must be positive");
  if (getSoftcap() && !(getSoftcap()->convertToFloat() > 0.0f))
    return emitOpError("softcap must be positive");
  // hir.attention C8
  if (Value position = getPosition()) {
    auto type = cast<RankedTensorType>(position.getType());
    if (type.hasStaticShape() && type.getNumElements() != 1)
      return emitOpError() << "position must have one element, got "
                           << formatShape(type.getShape());
    if ((kind != MaskKind::none && kind != MaskKind::causal) || getSoftcap())
      return emitOpError() << "a run-time position takes mask 'none' or "
                              "'causal' and no softcap, got mask '"
                           << stringifyMaskKind(kind) << "'"
                           << (getSoftcap() ? " and a softcap" : "");
  }
  return success();
}

LogicalResult LayerNormOp::verify() {
  // hir.layer_norm C2, C3
  return verifyNormParams(*this, NormKind::layer, getInput().getType(), Value(),
                          getGamma(), getBeta(), getEps().convertToFloat());
}

LogicalResult RmsNormOp::verify() {
  // hir.rms_norm C2, C3
  return verifyNormParams(*this, NormKind::rms, getInput().getType(), Value(),
                          getGamma(), Value(), getEps().convertToFloat());
}

LogicalResult ResidualNormOp::inferResultTypes(const Inference &in,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  // hir.residual_norm C1
  return inferResidualNormTypes(in, adaptor.getInput(), adaptor.getResidual(),
                                types);
}

LogicalResult ResidualNormOp::verify() {
  // hir.residual_norm C2, C3, C4
  return verifyNormParams(*this, getKind(), getInput().getType(), Value(),
                          getGamma(), getBeta(), getEps().convertToFloat());
}

LogicalResult SoftmaxOp::verify() {
  // hir.softmax C2
  return verifyAxis(*this, getAxis(), getInput().getType().getRank());
}

LogicalResult SwigluOp::verify() {
  // hir.swiglu C1
  return verifySwigluWeights(*this, getWGate().getType(), getWUp().getType());
}

LogicalResult RopeOp::verify() {
  auto x = getInput().getType();
  int64_t heads = getHeads(), dim = getHeadDim();
  int64_t rotary = getRotaryDim().value_or(dim);
  // hir.rope C2
  if (heads < 1 || dim < 1)
    return emitOpError("heads and head_dim must be >= 1");
  if (rotary < 2 || rotary > dim || rotary % 2 != 0)
    return emitOpError() << "rotary_dim must be even and in [2, " << dim
                         << "], got " << rotary;
  // hir.rope C1
  int64_t features = 0;
  if (llvm::MulOverflow(heads, dim, features))
    return emitOpError() << "heads * head_dim (" << heads << " * " << dim
                         << ") overflows int64";
  if (x.getRank() != 3 || !dimsCompatible(x.getDimSize(2), features))
    return emitOpError() << "input must be [batch, seq, heads * head_dim = "
                         << features << "], got " << formatShape(x.getShape());
  // hir.rope C3
  auto pos = getPositions().getType();
  if (pos.getRank() != 1 || !dimsCompatible(pos.getDimSize(0), x.getDimSize(1)))
    return emitOpError() << "positions must have shape ["
                         << formatShape({x.getDimSize(1)})
                         << "] (the sequence length), got "
                         << formatShape(pos.getShape());
  // hir.rope C4
  if (!(getTheta().convertToFloat() > 0.0f))
    return emitOpError("theta must be positive");
  return success();
}

LogicalResult EmbeddingOp::inferResultTypes(const Inference &in,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> ids = in.tensor(adaptor.getIds(), "ids");
  FailureOr<RankedTensorType> table = in.tensor(adaptor.getTable(), "table");
  if (failed(ids) || failed(table))
    return failure();
  // hir.embedding C1
  if (table->getRank() != 2)
    return in.fail("table must have rank 2 [vocab, dim], got ",
                   formatShape(table->getShape()));
  // hir.embedding C2
  SmallVector<int64_t> shape(ids->getShape());
  shape.push_back(table->getDimSize(1));
  types.push_back(RankedTensorType::get(shape, table->getElementType()));
  return success();
}

LogicalResult ActivationOp::verify() {
  // hir.activation C2
  return verifyUnaryOperand(*this, getKind(), getInput().getType());
}

LogicalResult BinaryOp::verify() {
  // hir.binary C3
  return verifyBinaryOperand(*this, getKind(), getLhs().getType());
}

#define GET_OP_CLASSES
#include "dialects/HIR/HIROps.cpp.inc"
