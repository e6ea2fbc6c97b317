//===- InferTypesTest.cpp - Result-type inference of HIR and MIR ops ------===//
//
// inferReturnTypes may be asked about what no verifier has checked: wrong
// operand counts, operands of any type, properties never set. Every HIR and
// MIR op with InferTypeOpInterface must then fail with a diagnostic, never
// crash (Debian's MLIR has assertions off: a violated assumption is a
// segfault). Also the compatibility rule for declared result types.
//
//===----------------------------------------------------------------------===//
#include "dialects/Common/InferRules.h"
#include "dialects/RlxDialects.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

using namespace mlir;

namespace {

class InferTypes : public ::testing::Test {
protected:
  InferTypes() {
    DialectRegistry registry;
    rlx::registerRlxDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// The registered hir.* and mir.* ops that infer their result types.
  SmallVector<RegisteredOperationName> inferringOps() {
    SmallVector<RegisteredOperationName> ops;
    for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
      StringRef dialect = name.getDialectNamespace();
      if ((dialect == "hir" || dialect == "mir") &&
          name.hasInterface<InferTypeOpInterface>())
        ops.push_back(name);
    }
    return ops;
  }

  MLIRContext ctx;
};

/// Properties storage of `name`, initialized as a created op's are (defaults
/// populated, required attributes unset).
class Properties {
public:
  explicit Properties(RegisteredOperationName name)
      : name(name),
        storage((name.getOpPropertyByteSize() + sizeof(std::max_align_t) - 1) /
                sizeof(std::max_align_t)) {
    if (!storage.empty())
      name.initOpProperties(get(), nullptr);
  }
  ~Properties() {
    if (!storage.empty())
      name.destroyOpProperties(get());
  }
  OpaqueProperties get() { return OpaqueProperties(storage.data()); }

private:
  RegisteredOperationName name;
  std::vector<std::max_align_t> storage;
};

TEST_F(InferTypes, TheOpsWhoseResultTypesFollowFromTheirOperandsInferThem) {
  // Every other op declares its result types (params, cast, reshape,
  // broadcast, elementwise); mir.constant's inference is ODS's (the type of
  // its value).
  std::vector<std::string> expected = {
      "hir.activation",    "hir.attention",     "hir.binary",
      "hir.embedding",     "hir.layer_norm",    "hir.linear",
      "hir.matmul",        "hir.residual_norm", "hir.rms_norm",
      "hir.rope",          "hir.softmax",       "hir.swiglu",
      "mir.attention",     "mir.binary",        "mir.cache_write",
      "mir.causal_mask",   "mir.compare",       "mir.concat",
      "mir.constant",      "mir.conv2d",        "mir.cumsum",
      "mir.fused_matmul",  "mir.gather",        "mir.layer_norm",
      "mir.matmul",        "mir.pool",          "mir.reduce",
      "mir.residual_norm", "mir.rms_norm",      "mir.select",
      "mir.shared_matmul", "mir.slice",         "mir.softmax",
      "mir.swiglu",        "mir.topk",          "mir.transpose",
      "mir.unary"};
  std::vector<std::string> actual;
  for (RegisteredOperationName name : inferringOps())
    actual.push_back(name.getStringRef().str());
  llvm::sort(actual);
  EXPECT_EQ(actual, expected);
}

TEST_F(InferTypes, MalformedInputsFailWithoutCrashing) {
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  Type f32 = b.getF32Type();
  // Values of every kind an operand list might hold.
  Block block;
  Value scalar = block.addArgument(f32, loc);
  Value rank0 = block.addArgument(RankedTensorType::get({}, f32), loc);
  Value rank1 = block.addArgument(RankedTensorType::get({8}, f32), loc);
  Value rank2 = block.addArgument(RankedTensorType::get({4, 8}, f32), loc);
  Value dynamic = block.addArgument(
      RankedTensorType::get({ShapedType::kDynamic, 8}, f32), loc);
  Value rank4 =
      block.addArgument(RankedTensorType::get({1, 3, 8, 8}, f32), loc);
  Value ints =
      block.addArgument(RankedTensorType::get({4}, b.getI64Type()), loc);
  Value unranked = block.addArgument(UnrankedTensorType::get(f32), loc);
  SmallVector<SmallVector<Value>> operandLists = {
      {},
      {scalar},
      {rank0},
      {unranked},
      {rank2},
      {rank4},
      {scalar, scalar},
      {rank0, rank0},
      {rank1, ints},
      {rank2, rank2},
      {rank2, unranked},
      {rank2, rank1, rank1},
      {dynamic, rank2, rank1, rank1},
      {rank4, rank4, rank1, rank1, rank1},
      {rank2, rank2, rank2, rank2, rank2, rank2}};

  int diagnostics = 0;
  ScopedDiagnosticHandler count(&ctx, [&](Diagnostic &) {
    ++diagnostics;
    return success();
  });
  for (RegisteredOperationName name : inferringOps()) {
    auto *infer = name.getInterface<InferTypeOpInterface>();
    Properties props(name);
    for (bool withProperties : {false, true}) {
      for (ArrayRef<Value> operands : operandLists) {
        SCOPED_TRACE(name.getStringRef().str() + " with " +
                     std::to_string(operands.size()) + " operands" +
                     (withProperties ? ", default properties" : ""));
        SmallVector<Type> types;
        int before = diagnostics;
        LogicalResult result = infer->inferReturnTypes(
            &ctx, loc, operands, DictionaryAttr::get(&ctx),
            withProperties ? props.get() : OpaqueProperties(nullptr), {},
            types);
        // Every op has at least one operand.
        if (operands.empty())
          EXPECT_TRUE(failed(result));
        // rlx's inferences say why they fail (ODS's for mir.constant has
        // nothing to say about a missing value).
        if (failed(result) && name.getStringRef() != "mir.constant")
          EXPECT_GT(diagnostics, before);
      }
    }
  }
}

TEST_F(InferTypes, CompatibleResultTypes) {
  OpBuilder b(&ctx);
  Type f32 = b.getF32Type();
  int64_t dyn = ShapedType::kDynamic;
  auto tensor = [&](ArrayRef<int64_t> shape, Type element) -> Type {
    return RankedTensorType::get(shape, element);
  };
  using rlx::isCompatibleResultType;
  // A `?` on either side stands for any size.
  EXPECT_TRUE(
      isCompatibleResultType(tensor({4, 8}, f32), tensor({4, dyn}, f32)));
  EXPECT_TRUE(
      isCompatibleResultType(tensor({dyn, 8}, f32), tensor({4, 8}, f32)));
  EXPECT_FALSE(
      isCompatibleResultType(tensor({4, 8}, f32), tensor({4, 9}, f32)));
  EXPECT_FALSE(isCompatibleResultType(tensor({4, 8}, f32), tensor({32}, f32)));
  EXPECT_FALSE(
      isCompatibleResultType(tensor({4}, f32), tensor({4}, b.getF16Type())));
  // Scalars (elementwise region steps) match exactly, and never a tensor.
  EXPECT_TRUE(isCompatibleResultType(f32, f32));
  EXPECT_FALSE(isCompatibleResultType(f32, b.getF16Type()));
  EXPECT_FALSE(isCompatibleResultType(f32, tensor({}, f32)));
  EXPECT_FALSE(isCompatibleResultType(tensor({}, f32), f32));
  // Lists: pairwise, of one length.
  EXPECT_TRUE(rlx::isCompatibleResultTypes({tensor({4}, f32), f32},
                                           {tensor({dyn}, f32), f32}));
  EXPECT_FALSE(rlx::isCompatibleResultTypes({tensor({4}, f32)},
                                            {tensor({4}, f32), f32}));
}

} // namespace
