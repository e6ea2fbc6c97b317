//===- FuseNorm.cpp - mir-fuse-norm ---------------------------------------===//
//
// The norms exporters write as primitive chains (torch.onnx before opset
// 17, RMSNorm at every opset) become mir.layer_norm / mir.rms_norm:
//
//   d = x - mean(x);  y = d / sqrt(mean(d * d) + eps) [* gamma] [+ beta]
//   y = x / sqrt(mean(x * x) + eps) [* gamma]
//
// over the last dim, the square as d * d or pow(d, 2), the division also
// as a product with rsqrt(...) or with 1 / sqrt(...). The residual-norm
// fusion then sees the same ops as in a hand-written model.
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

#include "mlir/IR/Matchers.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSENORM
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "norm";

namespace {
struct NormMatch {
  NormKind kind = NormKind::layer;
  Value input;         // x
  Value gamma, beta;   // rank 1 [D], or null
  double eps = 0;
  Operation *last;     // the op the fused norm replaces
  SmallVector<Operation *> chain;
};
} // namespace

/// A splat float constant of any shape whose dims are all 1, or nullopt.
static std::optional<double> splatScalar(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  auto dense = dyn_cast<DenseFPElementsAttr>(attr);
  if (!dense || !dense.isSplat() ||
      llvm::any_of(dense.getType().getShape(), [](int64_t d) { return d != 1; }))
    return std::nullopt;
  return dense.getSplatValue<APFloat>().convertToDouble();
}

/// `v` as mean(x) over the last dim with the dim kept: x, or null.
static Value meanOverLastDim(Value v) {
  auto r = v.getDefiningOp<ReduceOp>();
  if (!r || r.getKind() != ReduceKind::mean || !r.getKeepDim())
    return {};
  int64_t rank = r.getInput().getType().getRank();
  ArrayRef<int64_t> axes = r.getAxes();
  if (axes.size() != 1 || (axes[0] != -1 && axes[0] != rank - 1))
    return {};
  return r.getInput();
}

/// `v` as x * x or pow(x, 2): x, or null.
static Value squared(Value v) {
  auto op = v.getDefiningOp<BinaryOp>();
  if (!op)
    return {};
  if (op.getKind() == BinaryKind::mul && op.getLhs() == op.getRhs())
    return op.getLhs();
  if (op.getKind() == BinaryKind::pow && splatScalar(op.getRhs()) == 2.0)
    return op.getLhs();
  return {};
}

/// `v` as sqrt(mean(s * s) + eps): (s, eps), or nullopt.
static std::optional<std::pair<Value, double>> rootMeanSquare(Value v) {
  auto root = v.getDefiningOp<UnaryOp>();
  if (!root || root.getKind() != UnaryKind::sqrt)
    return std::nullopt;
  auto add = root.getInput().getDefiningOp<BinaryOp>();
  if (!add || add.getKind() != BinaryKind::add)
    return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    std::optional<double> eps =
        splatScalar(side == 0 ? add.getRhs() : add.getLhs());
    Value mean = side == 0 ? add.getLhs() : add.getRhs();
    if (!eps)
      continue;
    Value square = meanOverLastDim(mean);
    Value s = square ? squared(square) : Value();
    if (s)
      return std::make_pair(s, *eps);
  }
  return std::nullopt;
}

/// `op` as s / sqrt(mean(s^2) + eps), s * rsqrt(...) or s * (1 / sqrt(...)):
/// (s, eps), or nullopt.
static std::optional<std::pair<Value, double>> normalized(BinaryOp op) {
  if (op.getKind() == BinaryKind::div) {
    if (auto rms = rootMeanSquare(op.getRhs()); rms && rms->first == op.getLhs())
      return rms;
    return std::nullopt;
  }
  if (op.getKind() != BinaryKind::mul)
    return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    Value s = side == 0 ? op.getLhs() : op.getRhs();
    Value inv = side == 0 ? op.getRhs() : op.getLhs();
    std::optional<std::pair<Value, double>> rms;
    if (auto r = inv.getDefiningOp<UnaryOp>();
        r && r.getKind() == UnaryKind::rsqrt) {
      // rsqrt(mean + eps) is 1 / sqrt(...): the same chain under the root.
      if (auto add = r.getInput().getDefiningOp<BinaryOp>();
          add && add.getKind() == BinaryKind::add)
        for (int k = 0; k < 2 && !rms; ++k) {
          std::optional<double> eps =
              splatScalar(k == 0 ? add.getRhs() : add.getLhs());
          Value mean = meanOverLastDim(k == 0 ? add.getLhs() : add.getRhs());
          if (eps && mean && squared(mean))
            rms = std::make_pair(squared(mean), *eps);
        }
    } else if (auto d = inv.getDefiningOp<BinaryOp>();
               d && d.getKind() == BinaryKind::div &&
               splatScalar(d.getLhs()) == 1.0) {
      rms = rootMeanSquare(d.getRhs());
    }
    if (rms && rms->first == s)
      return rms;
  }
  return std::nullopt;
}

/// A rank-1 [features] operand of `op` (the other one is `from`), or null.
static Value perFeature(BinaryOp op, Value from, int64_t features) {
  Value other = op.getLhs() == from ? op.getRhs() : op.getLhs();
  auto type = cast<RankedTensorType>(other.getType());
  if (type.getRank() != 1 || type.getDimSize(0) != features)
    return {};
  return other;
}

/// The only user of `v`, or null.
static Operation *soleUser(Value v) {
  return v.hasOneUse() ? *v.getUsers().begin() : nullptr;
}

static FailureOr<NormMatch> matchNorm(BinaryOp op, const FusionOptions &opts,
                                      std::string &why) {
  std::optional<std::pair<Value, double>> rms = normalized(op);
  if (!rms)
    return why = "not s / sqrt(mean(s * s) + eps) over the last dim",
           failure();
  auto type = cast<RankedTensorType>(op.getType());
  if (!isa<FloatType>(type.getElementType()) ||
      rms->first.getType() != type)
    return why = "the normalized value broadcasts", failure();
  int64_t features = type.getShape().empty() ? ShapedType::kDynamic
                                             : type.getShape().back();
  if (ShapedType::isDynamic(features))
    return why = "the last dim is not static", failure();
  // The op keeps eps as an f32.
  float eps = static_cast<float>(rms->second);
  if (!(eps > 0) || !std::isfinite(eps))
    return why = "eps is not finite and positive as an f32", failure();
  NormMatch m;
  m.eps = rms->second;
  m.last = op;
  m.chain.push_back(op);
  // s = x - mean(x): layer norm; else s is x (RMS norm).
  Value s = rms->first;
  auto centered = s.getDefiningOp<BinaryOp>();
  Value mean = centered && centered.getKind() == BinaryKind::sub
                   ? meanOverLastDim(centered.getRhs())
                   : Value();
  if (mean && mean == centered.getLhs()) {
    m.kind = NormKind::layer;
    m.input = mean;
    m.chain.push_back(centered);
    // s feeds only the square and the division.
    for (Operation *user : s.getUsers())
      if (user != op &&
          !(user->getNumResults() == 1 && squared(user->getResult(0))))
        return why = "x - mean(x) has another use", failure();
  } else {
    m.kind = NormKind::rms;
    m.input = s;
  }
  // [* gamma] [+ beta], each rank 1 of the last dim's size.
  Value out = op.getResult();
  if (auto mul = dyn_cast_or_null<BinaryOp>(soleUser(out));
      mul && mul.getKind() == BinaryKind::mul && mul.getType() == type) {
    if (Value gamma = perFeature(mul, out, features)) {
      m.gamma = gamma;
      m.last = mul;
      m.chain.push_back(mul);
      out = mul.getResult();
    }
  }
  if (m.kind == NormKind::layer)
    if (auto add = dyn_cast_or_null<BinaryOp>(soleUser(out));
        add && add.getKind() == BinaryKind::add && add.getType() == type) {
      if (Value beta = perFeature(add, out, features)) {
        m.beta = beta;
        m.last = add;
        m.chain.push_back(add);
      }
    }
  StringRef fused =
      m.kind == NormKind::layer ? "mir.layer_norm" : "mir.rms_norm";
  if (!opts.allow(op, fused))
    return why = opts.notClaimed(fused), failure();
  for (Value p : {m.gamma, m.beta})
    if (p && cast<RankedTensorType>(p.getType()).getElementType() !=
                 type.getElementType())
      return why = "gamma or beta has another element type", failure();
  for (Value p : {m.input, m.gamma, m.beta})
    if (p && !isAvailableAt(p, m.last))
      return why = "an operand is defined after the norm", failure();
  return m;
}

namespace {
struct FuseNormPattern : OpRewritePattern<BinaryOp> {
  FuseNormPattern(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(BinaryOp op,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<NormMatch> m = matchNorm(op, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(op, why);
    bool layer = m->kind == NormKind::layer;
    opts.fused(kPattern, op,
               Twine(layer ? "x - mean, mean of squares, sqrt, division"
                           : "mean of squares, sqrt, division") +
                   (m->gamma ? ", gamma" : "") + (m->beta ? ", beta" : "") +
                   (layer ? " into mir.layer_norm" : " into mir.rms_norm"));
    SmallVector<Location> locs;
    for (Operation *c : m->chain)
      locs.push_back(c->getLoc());
    Location loc = rewriter.getFusedLoc(locs);
    rewriter.setInsertionPoint(m->last);
    auto type = cast<RankedTensorType>(op.getType());
    Value gamma = m->gamma;
    if (!gamma) {
      auto row = RankedTensorType::get({type.getShape().back()},
                                       type.getElementType());
      gamma = rewriter.create<ConstantOp>(
          loc, DenseElementsAttr::get(
                   row, FloatAttr::get(type.getElementType(), 1.0)));
    }
    FloatAttr eps = rewriter.getF32FloatAttr(static_cast<float>(m->eps));
    Value norm =
        layer ? rewriter
                    .create<LayerNormOp>(loc, type, m->input, gamma, m->beta,
                                         eps)
                    .getResult()
              : rewriter.create<RmsNormOp>(loc, type, m->input, gamma, eps)
                    .getResult();
    rewriter.replaceOp(m->last, norm);
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateNormFusionPatterns(RewritePatternSet &patterns,
                                                const FusionOptions &opts) {
  patterns.add<FuseNormPattern>(patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseNormFusion(func::FuncOp func,
                                        const FusionOptions &opts) {
  // A division (or product) by the root of a mean over the last dim, or by
  // its reciprocal, is a norm that did not fuse; the reciprocal 1 / root
  // itself is part of one, not one.
  auto isRoot = [](Value v) {
    auto u = v.getDefiningOp<UnaryOp>();
    if (!u || (u.getKind() != UnaryKind::sqrt && u.getKind() != UnaryKind::rsqrt))
      return false;
    auto add = u.getInput().getDefiningOp<BinaryOp>();
    return add &&
           (meanOverLastDim(add.getLhs()) || meanOverLastDim(add.getRhs()));
  };
  func.walk([&](BinaryOp op) {
    if (op.getKind() != BinaryKind::div && op.getKind() != BinaryKind::mul)
      return;
    if (op.getKind() == BinaryKind::div && splatScalar(op.getLhs()) == 1.0)
      return;
    bool rooted = false;
    for (Value side : {op.getLhs(), op.getRhs()}) {
      rooted |= isRoot(side);
      if (auto d = side.getDefiningOp<BinaryOp>();
          d && d.getKind() == BinaryKind::div &&
          splatScalar(d.getLhs()) == 1.0)
        rooted |= isRoot(d.getRhs());
    }
    if (!rooted)
      return;
    std::string why;
    if (failed(matchNorm(op, opts, why)))
      opts.missed(kPattern, op, why);
  });
}

namespace {
struct FuseNormPass : mlir::rlx::mir::impl::MIRFuseNormBase<FuseNormPass> {
  using MIRFuseNormBase::MIRFuseNormBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kNormStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
