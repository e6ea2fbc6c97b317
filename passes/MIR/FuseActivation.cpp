//===- FuseActivation.cpp - mir-fuse-activation ---------------------------===//
//
// Activations exporters write as primitive chains become one mir.unary:
//
//   0.5 * x * (1 + erf(x / sqrt(2)))                      -> gelu
//   0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))  -> gelu_tanh
//   x * sigmoid(x)                                         -> silu
//
// so that the matmul and conv epilogues and the backends see the activation
// and not nine ops. A chain is recognised by what it computes, not by how it
// is written (exporters order and associate the products differently: torch
// writes x * 0.5 last, others 0.5 * x first, x^3 as pow or as x * x * x):
// the cone of elementwise ops that ends at an op and reads one tensor x and
// scalar constants is evaluated on sample points (ConstantEvaluation.h) and
// compared with each activation. Its intermediate values must have no use
// outside the cone (they disappear).
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/ConstantEvaluation.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSEACTIVATION
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "activation";

static constexpr StringLiteral kEscapes =
    "an intermediate value has a use outside the chain";

/// Most ops in a chain (the tanh GELU with x^3 as two products has 9).
static constexpr size_t kMaxChainOps = 16;

namespace {
struct ChainMatch {
  Value input;
  UnaryKind kind;
  size_t ops;
};

/// The activations a chain may compute, with their values in double.
struct Candidate {
  UnaryKind kind;
  double (*apply)(double);
};

double gelu(double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }
double geluTanh(double x) {
  return 0.5 * x *
         (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}
double silu(double x) { return x / (1 + std::exp(-x)); }

constexpr Candidate kCandidates[] = {{UnaryKind::gelu, gelu},
                                     {UnaryKind::gelu_tanh, geluTanh},
                                     {UnaryKind::silu, silu}};
} // namespace

/// A float constant whose every dim is 1 (a scalar the ops broadcast).
static bool isScalarConstant(Value v, DenseElementsAttr &value) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  auto dense = dyn_cast<DenseFPElementsAttr>(attr);
  if (!dense || llvm::any_of(dense.getType().getShape(),
                             [](int64_t d) { return d != 1; }))
    return false;
  value = dense;
  return true;
}

/// Sample points: every half from -8 to 8 and a few between (the GELUs
/// differ most near +-2), and far out to +-1e30, where every candidate is x
/// or 0: a clip (max / min with constants) at any bound a model would use
/// changes the value there, so a clipped activation is not taken for the
/// activation.
static SmallVector<float> samplePoints() {
  SmallVector<float> xs;
  for (int i = -16; i <= 16; ++i)
    xs.push_back(0.5f * static_cast<float>(i));
  for (float x : {-2.3f, -1.7f, -0.3f, 0.1f, 0.7f, 1.3f, 2.9f, 5.5f})
    xs.push_back(x);
  for (float x :
       {12.0f, 20.0f, 50.0f, 100.0f, 1e3f, 1e4f, 1e6f, 1e10f, 1e20f, 1e30f}) {
    xs.push_back(x);
    xs.push_back(-x);
  }
  return xs;
}

namespace {
/// The cone of `root` down to x, evaluated on the samples: every op whose
/// operands are cone ops, scalar constants or x.
class ConeEvaluator {
public:
  ConeEvaluator(Value x, RankedTensorType sampleType, ArrayRef<float> xs)
      : x(x), sampleType(sampleType) {
    values[x] = DenseElementsAttr::get(sampleType, xs);
  }
  /// `v` on the samples; fails when `v` reads another tensor.
  FailureOr<DenseElementsAttr> evaluate(Value v) {
    if (auto it = values.find(v); it != values.end())
      return it->second;
    DenseElementsAttr constant;
    if (isScalarConstant(v, constant))
      return constant;
    Operation *op = v.getDefiningOp();
    if (!isa_and_nonnull<UnaryOp, BinaryOp>(op) || v.getType() != x.getType() ||
        cone.size() >= kMaxChainOps)
      return failure();
    cone.insert(op);
    SmallVector<DenseElementsAttr> operands;
    for (Value operand : op->getOperands()) {
      FailureOr<DenseElementsAttr> value = evaluate(operand);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    FailureOr<DenseElementsAttr> value =
        evaluateOnConstants(op, operands, sampleType);
    if (succeeded(value))
      values[v] = *value;
    return value;
  }
  llvm::SetVector<Operation *> cone;

private:
  Value x;
  RankedTensorType sampleType;
  llvm::DenseMap<Value, DenseElementsAttr> values;
};
} // namespace

/// The unary ops every activation here has one of.
static bool isTranscendental(Operation *op) {
  auto unary = dyn_cast<UnaryOp>(op);
  return unary && llvm::is_contained({UnaryKind::erf, UnaryKind::tanh,
                                      UnaryKind::sigmoid, UnaryKind::exp},
                                     unary.getKind());
}

/// The chain of elementwise ops ending at `root` as one activation of a
/// single tensor x; else `why`.
static FailureOr<ChainMatch> matchChain(Operation *root, std::string &why) {
  auto type = dyn_cast<RankedTensorType>(root->getResult(0).getType());
  if (!type || !type.getElementType().isF32())
    return why = "not an f32 tensor", failure();
  // x is read by two ops of the chain or more (each activation uses x
  // twice); candidates nearest the root first.
  llvm::SetVector<Operation *> reach;
  reach.insert(root);
  llvm::MapVector<Value, int> reads;
  for (size_t i = 0; i < reach.size() && reach.size() <= 2 * kMaxChainOps; ++i)
    for (Value operand : reach[i]->getOperands()) {
      if (operand.getType() != type)
        continue;
      ++reads[operand];
      if (isa_and_nonnull<UnaryOp, BinaryOp>(operand.getDefiningOp()))
        reach.insert(operand.getDefiningOp());
    }
  // Most binary ops (residual adds, scales) end no such chain: decided
  // before any sample is evaluated.
  if (!llvm::any_of(reach, isTranscendental))
    return why = "not a chain with erf, tanh, sigmoid or exp", failure();
  SmallVector<float> xs = samplePoints();
  auto sampleType = RankedTensorType::get({static_cast<int64_t>(xs.size())},
                                          type.getElementType());
  why = "no tensor is read twice by the chain";
  for (auto [x, count] : reads) {
    if (count < 2)
      continue;
    ConeEvaluator cone(x, sampleType, xs);
    FailureOr<DenseElementsAttr> value = cone.evaluate(root->getResult(0));
    if (failed(value)) {
      why = "reads a tensor other than its input, or more than 16 ops";
      continue;
    }
    if (cone.cone.size() < 2 || !llvm::any_of(cone.cone, isTranscendental)) {
      why = "not a chain with erf, tanh, sigmoid or exp";
      continue;
    }
    bool escapes = llvm::any_of(cone.cone, [&](Operation *op) {
      return op != root && llvm::any_of(op->getUsers(), [&](Operation *user) {
               return !cone.cone.contains(user);
             });
    });
    if (escapes) {
      why = kEscapes;
      continue;
    }
    SmallVector<float> ys(value->getValues<float>());
    for (const Candidate &c : kCandidates) {
      bool same = true;
      for (auto [in, out] : llvm::zip(xs, ys)) {
        double want = c.apply(in);
        same &= std::fabs(out - want) <= 1e-5 * (1 + std::fabs(want));
      }
      if (same)
        return ChainMatch{x, c.kind, cone.cone.size()};
    }
    why = "computes no activation rlx knows (gelu, gelu_tanh, silu)";
  }
  return failure();
}

namespace {
struct FuseActivationChain : OpRewritePattern<BinaryOp> {
  FuseActivationChain(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(BinaryOp op,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<ChainMatch> m = matchChain(op, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(op, why);
    opts.fused(kPattern, op,
               std::to_string(m->ops) + " ops into mir.unary " +
                   stringifyUnaryKind(m->kind));
    rewriter.replaceOpWithNewOp<UnaryOp>(op, op.getType(), m->kind, m->input);
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateActivationFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FuseActivationChain>(patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseActivationFusion(func::FuncOp func,
                                              const FusionOptions &opts) {
  // An erf left in the function is a GELU that did not fuse (exporters
  // write erf for nothing else); say why, once per erf.
  func.walk([&](UnaryOp erf) {
    if (erf.getKind() != UnaryKind::erf)
      return;
    // The chain ends where erf's single-use path does; when that value has
    // more uses, the chain may go on through one of them (judge that one:
    // it says which value escapes).
    auto pathEnd = [](Operation *op) {
      while (op->hasOneUse() && isa<UnaryOp, BinaryOp>(*op->user_begin()))
        op = *op->user_begin();
      return op;
    };
    Operation *end = pathEnd(erf);
    std::string why;
    if (succeeded(matchChain(end, why)))
      return;
    if (!end->hasOneUse())
      for (Operation *user : end->getUsers()) {
        std::string further;
        if (isa<UnaryOp, BinaryOp>(user) &&
            failed(matchChain(pathEnd(user), further)) && further == kEscapes) {
          why = further;
          break;
        }
      }
    opts.missed(kPattern, erf, "erf not in a GELU: " + why);
  });
}

namespace {
struct FuseActivationPass
    : mlir::rlx::mir::impl::MIRFuseActivationBase<FuseActivationPass> {
  using MIRFuseActivationBase::MIRFuseActivationBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kActivationStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
