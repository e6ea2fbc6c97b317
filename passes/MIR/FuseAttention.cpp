//===- FuseAttention.cpp - mir-fuse-attention -----------------------------===//
//
// The attention chain on per-head transposes of token-major tensors,
//
//   transpose(softmax(mul(matmul(qh, khT), scale) [+ causal mask]) x vh)
//
// (the causal mask also as a select of -inf by a constant i1 table, as
// torch's masked_fill writes it; the scale also as a division)
// (Decompose.h's buildAttention: what HIR's fusable lowering writes), becomes
// one mir.attention on the token-major q, k and v. Its kernel never writes
// the scores, and the transposes into and out of the per-head layout go.
// The scale may instead multiply (or divide) q or k before their product,
// or be absent (1), as exporters write it. torch.onnx's sequence-first
// heads, [X, S, D] per-head tensors transposed from [S, X, D] (X heads, or
// batch x heads), are token-major [1, S, X, D] for the op. A single head,
// softmax(q kT) v on [S, D] or [B, S, D] operands (k transposed), is the
// same op on views with one head (reshapes).
//
//===----------------------------------------------------------------------===//
#include "dialects/Common/ConstantTables.h"
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

#include <cmath>

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSEATTENTION
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "attention";
static constexpr StringLiteral kFused = "mir.attention";

/// [B, S, H, D] -> [B, H, S, D] (q, v, and the context back) and
/// [B, T, H, D] -> [B, H, D, T] (k).
static constexpr int64_t kHeadMajor[] = {0, 2, 1, 3};
static constexpr int64_t kKeysLast[] = {0, 2, 3, 1};
/// The key's transpose of a single head of rank 2 and 3.
static constexpr int64_t kKeysLast2[] = {1, 0};
static constexpr int64_t kKeysLast3[] = {0, 2, 1};
/// Sequence-first heads: [S, X, D] -> [X, S, D] (q, v, and the context
/// back) and [T, X, D] -> [X, D, T] (k).
static constexpr int64_t kSeqFirstHeads[] = {1, 0, 2};
static constexpr int64_t kSeqFirstKeys[] = {1, 2, 0};

namespace {
struct AttentionMatch {
  Value query, key, value; // token-major, or one head of rank 2 or 3
  /// Grouped-query attention: k and v's [B, T, KVH, D] when `key` and
  /// `value` are tensors before the repeat (reshaped to it at the rewrite).
  SmallVector<int64_t> kvShape;
  bool oneHead = false;
  /// q, k and v are [S, X, D] (sequence-first heads).
  bool seqFirst = false;
  double scale = 0;
  bool causal = false;
  /// The transpose of the context back to [B, S, H, D] (or [S, X, D]) when
  /// it is the context's only user (the fused op replaces it), else null.
  TransposeOp back;
  /// The ops the fused op replaces, for its location.
  SmallVector<Operation *> chain;
};
} // namespace

/// The tensor `v` is a permutation of by `perm` through a chain of
/// mir.transpose ops (result dim i is its dim perm[i]), or null.
static Value unpermuted(Value v, ArrayRef<int64_t> perm) {
  SmallVector<int64_t> composed =
      llvm::to_vector(llvm::seq<int64_t>(0, static_cast<int64_t>(perm.size())));
  while (auto t = v.getDefiningOp<TransposeOp>()) {
    ArrayRef<int64_t> p = t.getPermutation();
    if (p.size() != composed.size())
      return {};
    for (int64_t &d : composed)
      d = p[d];
    v = t.getInput();
    if (ArrayRef<int64_t>(composed) == perm)
      return v;
  }
  return {};
}

/// When `x` ([B, T, H, D]) is kv heads repeated to H heads as Decompose.h's
/// repeatKvHeads writes it (reshape to [B, T, KVH, 1, D], broadcast to
/// [B, T, KVH, H / KVH, D], reshape to [B, T, H, D]; canonicalization may
/// have merged the first reshape with one before it), the tensor before the
/// repeat (a reshape of it to [B, T, KVH, D] is a view) and that shape.
static std::optional<std::pair<Value, SmallVector<int64_t>>>
unrepeated(Value x) {
  auto outer = x.getDefiningOp<ReshapeOp>();
  auto wide = outer ? outer.getInput().getDefiningOp<BroadcastOp>() : nullptr;
  auto inner = wide ? wide.getInput().getDefiningOp<ReshapeOp>() : nullptr;
  if (!inner)
    return std::nullopt;
  ArrayRef<int64_t> to = cast<RankedTensorType>(x.getType()).getShape(),
                    grouped = cast<RankedTensorType>(wide.getType()).getShape(),
                    one = cast<RankedTensorType>(inner.getType()).getShape();
  if (to.size() != 4 || grouped.size() != 5 || one.size() != 5 ||
      llvm::is_contained(grouped, ShapedType::kDynamic))
    return std::nullopt;
  bool repeats =
      one[3] == 1 && grouped[0] == one[0] && grouped[1] == one[1] &&
      grouped[2] == one[2] && grouped[4] == one[4] &&
      to == ArrayRef<int64_t>{one[0], one[1], one[2] * grouped[3], one[4]};
  if (!repeats)
    return std::nullopt;
  return std::make_pair(inner.getInput(),
                        SmallVector<int64_t>{one[0], one[1], one[2], one[4]});
}

/// True when `mask` is the causal mask of [S, T] scores of `element`: the
/// constant table (static lengths) or a mir.causal_mask without a window.
static bool isCausalMask(Value mask, int64_t seqQ, int64_t seqK,
                         FloatType element) {
  if (auto op = mask.getDefiningOp<CausalMaskOp>())
    return op.getKind() == MaskKind::causal && !op.getWindow();
  auto cst = mask.getDefiningOp<ConstantOp>();
  if (!cst || ShapedType::isDynamic(seqQ) || ShapedType::isDynamic(seqK))
    return false;
  return isCausalMaskConstant(cst.getValue(), seqQ, seqK, std::nullopt,
                              element);
}

/// When `select` masks the causal way (a constant i1 table of [S, T] that
/// broadcasts to the scores, -inf or a float's lowest where key t lies past
/// query s's position s + T - S: select(upper, -inf, x), or select(lower, x,
/// -inf) with the complement, as torch's masked_fill and jnp.where write
/// it), the scores x; else null.
static Value causallySelected(SelectOp select, int64_t seqQ, int64_t seqK) {
  if (ShapedType::isDynamic(seqQ) || ShapedType::isDynamic(seqK) || seqQ > seqK)
    return {};
  auto cst = select.getCondition().getDefiningOp<ConstantOp>();
  auto table = cst ? dyn_cast<DenseIntElementsAttr>(cst.getValue()) : nullptr;
  if (!table || !table.getElementType().isInteger(1))
    return {};
  ArrayRef<int64_t> shape = table.getType().getShape();
  int64_t rank = static_cast<int64_t>(shape.size());
  if (rank < 2 || shape[rank - 2] != seqQ || shape[rank - 1] != seqK ||
      llvm::any_of(shape.drop_back(2), [](int64_t d) { return d != 1; }))
    return {};
  auto isLowest = [](Value v) {
    std::optional<double> c = scalarConstantValue(v);
    return c && *c <= -1e30;
  };
  bool maskedWhenTrue;
  Value scores;
  if (isLowest(select.getTrueValue())) {
    maskedWhenTrue = true;
    scores = select.getFalseValue();
  } else if (isLowest(select.getFalseValue())) {
    maskedWhenTrue = false;
    scores = select.getTrueValue();
  } else {
    return {};
  }
  if (scores.getType() != select.getType())
    return {};
  SmallVector<bool> values(table.getValues<bool>());
  for (int64_t s = 0; s < seqQ; ++s)
    for (int64_t t = 0; t < seqK; ++t) {
      bool masked = t > s + seqK - seqQ;
      if (values[table.isSplat() ? 0 : s * seqK + t] !=
          (masked == maskedWhenTrue))
        return {};
    }
  return scores;
}

/// When `v` is a single-use constant scaling of another value (x * c,
/// c * x or x / c with c a scalar), that value and the factor.
static std::optional<std::pair<Value, double>> unscaled(Value v,
                                                        BinaryOp &op) {
  op = v.getDefiningOp<BinaryOp>();
  if (!op || !op->hasOneUse())
    return std::nullopt;
  std::optional<std::pair<Value, double>> found;
  if (op.getKind() == BinaryKind::mul) {
    if (auto c = scalarConstantValue(op.getRhs()))
      found = std::make_pair(op.getLhs(), *c);
    else if (auto c = scalarConstantValue(op.getLhs()))
      found = std::make_pair(op.getRhs(), *c);
  }
  if (op.getKind() == BinaryKind::div)
    if (auto c = scalarConstantValue(op.getRhs()); c && *c != 0)
      found = std::make_pair(op.getLhs(), 1.0 / *c);
  // The scale must not broadcast the scaled value.
  if (found && found->first.getType() != v.getType())
    return std::nullopt;
  return found;
}

/// The softmax's scores without their scale and mask: (scores, scale,
/// causal), or failure with the reason. Scores without a scale have scale
/// 1 (a scale on q or k is found later).
static FailureOr<std::tuple<MatmulOp, double, bool>>
matchScores(SoftmaxOp softmax, AttentionMatch &m, std::string &why) {
  auto type = cast<RankedTensorType>(softmax.getType());
  auto axis = static_cast<int64_t>(softmax.getAxis());
  if (type.getRank() < 2 || type.getRank() > 4 ||
      (axis != -1 && axis != type.getRank() - 1))
    return why = "the softmax is not over the last dim of scores of rank 2 "
                 "to 4",
           failure();
  Value scores = softmax.getInput();
  bool causal = false;
  auto element = cast<FloatType>(type.getElementType());
  if (auto select = scores.getDefiningOp<SelectOp>()) {
    int64_t rank = type.getRank();
    Value masked = causallySelected(select, type.getDimSize(rank - 2),
                                    type.getDimSize(rank - 1));
    if (!masked)
      return why = "the scores are selected by a mask other than the causal "
                   "one",
             failure();
    if (!select->hasOneUse())
      return why = "the masked scores have more than one use", failure();
    m.chain.push_back(select);
    causal = true;
    scores = masked;
  } else if (auto add = scores.getDefiningOp<BinaryOp>();
             add && add.getKind() == BinaryKind::add) {
    int64_t rank = type.getRank();
    if (!isCausalMask(add.getRhs(), type.getDimSize(rank - 2),
                      type.getDimSize(rank - 1), element))
      return why = "the scores have a mask other than the causal one",
             failure();
    if (add.getType() != type || !add->hasOneUse())
      return why = "the masked scores broadcast or have more than one use",
             failure();
    m.chain.push_back(add);
    causal = true;
    scores = add.getLhs();
  }
  double scale = 1.0;
  Value product = scores;
  if (!scores.getDefiningOp<MatmulOp>()) {
    auto mul = scores.getDefiningOp<BinaryOp>();
    std::optional<double> factor;
    for (int side = 0; side < 2 && !factor && mul &&
                       mul.getKind() == BinaryKind::mul;
         ++side) {
      factor = scalarConstantValue(side == 0 ? mul.getRhs() : mul.getLhs());
      product = side == 0 ? mul.getLhs() : mul.getRhs();
    }
    // scores / c, as torch writes q kT / sqrt(d).
    if (mul && mul.getKind() == BinaryKind::div)
      if (std::optional<double> c = scalarConstantValue(mul.getRhs());
          c && *c != 0) {
        factor = 1.0 / *c;
        product = mul.getLhs();
      }
    if (!factor)
      return why = "the scores are neither a matmul nor one scaled by a "
                   "constant scalar",
             failure();
    if (mul.getType() != type || !mul->hasOneUse())
      return why = "the scaled scores have more than one use", failure();
    m.chain.push_back(mul);
    scale = *factor;
  }
  auto matmul = product.getDefiningOp<MatmulOp>();
  if (!matmul || matmul.getType() != type || !matmul->hasOneUse())
    return why = "the scores are not a single-use matmul", failure();
  return std::make_tuple(matmul, scale, causal);
}

static FailureOr<AttentionMatch>
matchAttention(MatmulOp context, const FusionOptions &opts, std::string &why) {
  AttentionMatch m;
  auto softmax = context.getLhs().getDefiningOp<SoftmaxOp>();
  if (!softmax)
    return why = "the left operand is not a softmax", failure();
  if (!softmax->hasOneUse())
    return why = "the probabilities have more than one use", failure();
  m.chain = {context, softmax};
  auto scores = matchScores(softmax, m, why);
  if (failed(scores))
    return failure();
  auto [product, scale, causal] = *scores;
  m.chain.push_back(product);
  m.causal = causal;
  // A scale on q or k (before their product) is the scores' scale.
  Value lhs = product.getLhs(), rhs = product.getRhs();
  for (Value *side : {&lhs, &rhs}) {
    BinaryOp op;
    if (auto s = unscaled(*side, op)) {
      scale *= s->second;
      *side = s->first;
      m.chain.push_back(op);
    }
  }
  if (!std::isfinite(scale) || scale <= 0)
    return why = "the scale is not finite and positive", failure();
  m.scale = scale;
  int64_t rank = cast<RankedTensorType>(softmax.getType()).getRank();
  if (rank == 3) {
    // torch.onnx's sequence-first heads.
    Value q = unpermuted(lhs, kSeqFirstHeads);
    Value k = unpermuted(rhs, kSeqFirstKeys);
    Value v = unpermuted(context.getRhs(), kSeqFirstHeads);
    if (q && k && v) {
      m.seqFirst = true;
      m.query = q;
      m.key = k;
      m.value = v;
    }
  }
  if (m.seqFirst) {
    // Matched above.
  } else if (rank == 4) {
    // k and v may be grouped-query attention's kv heads, repeated.
    m.query = unpermuted(lhs, kHeadMajor);
    m.key = unpermuted(rhs, kKeysLast);
    m.value = unpermuted(context.getRhs(), kHeadMajor);
    if (m.key && m.value) {
      auto key = unrepeated(m.key), value = unrepeated(m.value);
      if (key && value && key->second == value->second &&
          cast<ShapedType>(key->first.getType()).getElementType() ==
              cast<ShapedType>(value->first.getType()).getElementType()) {
        m.key = key->first;
        m.value = value->first;
        m.kvShape = key->second;
      }
    }
  } else {
    m.oneHead = true;
    m.query = lhs;
    m.key = unpermuted(rhs,
                       rank == 3 ? ArrayRef<int64_t>(kKeysLast3) : kKeysLast2);
    m.value = context.getRhs();
  }
  if (!m.query || !m.key || !m.value)
    return why = "q, k or v is not a per-head transpose of a [batch, seq, "
                 "heads, head_dim] tensor (k of one head: not transposed)",
           failure();
  auto q = cast<RankedTensorType>(m.query.getType());
  auto k = cast<RankedTensorType>(m.key.getType());
  auto v = cast<RankedTensorType>(m.value.getType());
  if (!m.kvShape.empty()) {
    k = RankedTensorType::get(m.kvShape, k.getElementType());
    v = k;
  }
  if (k != v || q.getElementType() != k.getElementType() ||
      !isa<FloatType>(q.getElementType()))
    return why = "k and v differ in type, or q is of another element type",
           failure();
  if (q.getRank() != k.getRank())
    return why = "q and k differ in rank (the products broadcast)", failure();
  // The sequence dim: token-major [B, L, H, D], sequence-first heads'
  // [L, X, D], or one head's [.., L, D]; the heads of k (KVH) may be fewer
  // (grouped-query attention).
  int64_t seqDim = m.seqFirst ? 0 : m.oneHead ? q.getRank() - 2 : 1;
  int64_t headDim = m.seqFirst ? 1 : m.oneHead ? -1 : 2;
  // The products may broadcast batch (and head) dims; the op may not (its
  // C3): q and k agree on every dim but the sequence and the heads.
  for (int64_t d = 0; d < q.getRank(); ++d)
    if (d != seqDim && d != headDim && q.getDimSize(d) != k.getDimSize(d))
      return why = "q and k differ in a batch, head or head_dim size (the "
                   "products broadcast)",
             failure();
  if (headDim >= 0 && q.getDimSize(headDim) != k.getDimSize(headDim) &&
      (ShapedType::isDynamic(q.getDimSize(headDim)) ||
       ShapedType::isDynamic(k.getDimSize(headDim)) ||
       k.getDimSize(headDim) == 0 ||
       q.getDimSize(headDim) % k.getDimSize(headDim) != 0))
    return why = "q and k differ in a batch, head or head_dim size (the "
                 "products broadcast)",
           failure();
  int64_t seqQ = q.getDimSize(seqDim), seqK = k.getDimSize(seqDim);
  if (causal && (ShapedType::isDynamic(seqQ) || ShapedType::isDynamic(seqK) ||
                 seqQ > seqK))
    return why = "a causal mask needs static lengths with S <= T", failure();
  if (!opts.allow(context, kFused))
    return why = opts.notClaimed(kFused), failure();
  if (context->hasOneUse())
    if (auto back = dyn_cast<TransposeOp>(*context->getUsers().begin());
        back && back.getPermutation() ==
                    (m.seqFirst ? ArrayRef<int64_t>(kSeqFirstHeads)
                                : ArrayRef<int64_t>(kHeadMajor)))
      m.back = back;
  return m;
}

/// [S, X, D] as [1, S, X, D].
static Value batchOfOne(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> view{1};
  view.append(type.getShape().begin(), type.getShape().end());
  return b.create<ReshapeOp>(
      loc, RankedTensorType::get(view, type.getElementType()), x);
}

/// [S, D] or [B, S, D] as [B, S, 1, D] (B = 1 for rank 2).
static Value oneHeadView(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> view = {shape.size() == 3 ? shape[0] : 1,
                               shape[shape.size() - 2], 1, shape.back()};
  return b.create<ReshapeOp>(
      loc, RankedTensorType::get(view, type.getElementType()), x);
}

namespace {
struct FuseAttentionPattern : OpRewritePattern<MatmulOp> {
  FuseAttentionPattern(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(MatmulOp context,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<AttentionMatch> m = matchAttention(context, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(context, why);
    opts.fused(kPattern, context,
               Twine("q kT") + (m->causal ? ", causal mask" : "") +
                   (m->oneHead ? ", softmax and p v of one head"
                    : m->seqFirst
                        ? ", softmax, p v and the sequence-first head "
                          "transposes"
                        : ", softmax, p v and the head transposes") +
                   " into mir.attention");
    SmallVector<Location> locs;
    for (Operation *op : m->chain)
      locs.push_back(op->getLoc());
    rewriter.setInsertionPoint(context);
    Location loc = rewriter.getFusedLoc(locs);
    Value q = m->query, k = m->key, v = m->value;
    if (!m->kvShape.empty()) {
      auto kvType = [&](Value x) {
        return RankedTensorType::get(
            m->kvShape, cast<ShapedType>(x.getType()).getElementType());
      };
      if (k.getType() != kvType(k))
        k = rewriter.create<ReshapeOp>(loc, kvType(k), k);
      if (v.getType() != kvType(v))
        v = rewriter.create<ReshapeOp>(loc, kvType(v), v);
    }
    if (m->oneHead) {
      q = oneHeadView(rewriter, loc, q);
      k = oneHeadView(rewriter, loc, k);
      v = oneHeadView(rewriter, loc, v);
    }
    if (m->seqFirst) {
      q = batchOfOne(rewriter, loc, q);
      k = batchOfOne(rewriter, loc, k);
      v = batchOfOne(rewriter, loc, v);
    }
    Value fused = rewriter.create<AttentionOp>(
        loc, q.getType(), q, k, v, /*position=*/Value(),
        rewriter.getF64FloatAttr(m->scale),
        m->causal ? rewriter.getUnitAttr() : UnitAttr());
    if (m->seqFirst) {
      // [1, S, X, D] back to [S, X, D]: what the back transpose made.
      Value tokens =
          rewriter.create<ReshapeOp>(loc, m->query.getType(), fused);
      if (m->back) {
        rewriter.replaceOp(m->back, tokens);
        rewriter.eraseOp(context);
        return success();
      }
      rewriter.replaceOpWithNewOp<TransposeOp>(context, context.getType(),
                                               tokens, kSeqFirstHeads);
      return success();
    }
    if (m->oneHead) {
      rewriter.replaceOpWithNewOp<ReshapeOp>(context, context.getType(), fused);
      return success();
    }
    if (m->back) {
      rewriter.replaceOp(m->back, fused);
      rewriter.eraseOp(context);
      return success();
    }
    rewriter.replaceOpWithNewOp<TransposeOp>(context, context.getType(), fused,
                                             kHeadMajor);
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateAttentionFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FuseAttentionPattern>(patterns.getContext(), opts);
}

/// Whether `v` is a matmul, or a binary with one within `binaries` more
/// binaries or selects (the scale and the mask) on either side.
static bool reachesMatmul(Value v, int binaries) {
  if (v.getDefiningOp<MatmulOp>())
    return true;
  if (binaries <= 0)
    return false;
  if (auto binary = v.getDefiningOp<BinaryOp>())
    return reachesMatmul(binary.getLhs(), binaries - 1) ||
           reachesMatmul(binary.getRhs(), binaries - 1);
  // A mask's select (mir.select cond, x, y) on either branch.
  if (auto select = v.getDefiningOp<SelectOp>())
    return reachesMatmul(select.getTrueValue(), binaries - 1) ||
           reachesMatmul(select.getFalseValue(), binaries - 1);
  return false;
}

void mlir::rlx::mir::diagnoseAttentionFusion(func::FuncOp func,
                                             const FusionOptions &opts) {
  // A matmul of a softmax of (scaled, masked) products is an attention that
  // did not fuse.
  func.walk([&](MatmulOp context) {
    auto softmax = context.getLhs().getDefiningOp<SoftmaxOp>();
    if (!softmax)
      return;
    if (!reachesMatmul(softmax.getInput(), 2))
      return;
    std::string why;
    if (failed(matchAttention(context, opts, why)))
      opts.missed(kPattern, context, why);
  });
}

namespace {
struct FuseAttentionPass
    : mlir::rlx::mir::impl::MIRFuseAttentionBase<FuseAttentionPass> {
  using MIRFuseAttentionBase::MIRFuseAttentionBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kAttentionStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
