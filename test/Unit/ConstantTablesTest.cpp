//===- ConstantTablesTest.cpp - The mask tables and their in-place check
//---===//
//
// isCausalMaskConstant reads a table in place instead of building the one
// to compare (dialects/Common/ConstantTables.h): it must accept exactly
// what causalMaskConstant builds, in every float width, and nothing else.
//
//===----------------------------------------------------------------------===//
#include "dialects/Common/ConstantTables.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

TEST(ConstantTables, CausalMaskCheckAcceptsWhatTheBuilderBuilds) {
  MLIRContext ctx;
  Builder b(&ctx);
  for (FloatType type : {FloatType(b.getF16Type()), FloatType(b.getBF16Type()),
                         FloatType(b.getF32Type()), FloatType(b.getF64Type())})
    for (auto [seqQ, seqK] :
         {std::pair<int64_t, int64_t>{4, 4}, {3, 8}, {1, 5}, {1, 1}})
      for (std::optional<int64_t> window :
           {std::optional<int64_t>(), std::optional<int64_t>(2)}) {
        SCOPED_TRACE(std::to_string(seqQ) + "x" + std::to_string(seqK) +
                     (window ? " window 2" : ""));
        DenseElementsAttr mask =
            rlx::causalMaskConstant(seqQ, seqK, window, type);
        EXPECT_TRUE(rlx::isCausalMaskConstant(mask, seqQ, seqK, window, type));
        // The other mask kind, another shape, another type.
        std::optional<int64_t> other =
            window ? std::nullopt : std::optional<int64_t>(1);
        bool sameTable =
            rlx::causalMaskConstant(seqQ, seqK, other, type) == mask;
        EXPECT_EQ(rlx::isCausalMaskConstant(mask, seqQ, seqK, other, type),
                  sameTable);
        EXPECT_FALSE(
            rlx::isCausalMaskConstant(mask, seqK, seqQ + seqK, window, type));
        FloatType wider = type.isF64() ? FloatType(b.getF32Type())
                                       : FloatType(b.getF64Type());
        EXPECT_FALSE(
            rlx::isCausalMaskConstant(mask, seqQ, seqK, window, wider));
      }
}

TEST(ConstantTables, CausalMaskCheckRejectsOtherTables) {
  MLIRContext ctx;
  Builder b(&ctx);
  FloatType f32 = b.getF32Type();
  auto type = RankedTensorType::get({3, 3}, f32);
  // All zeros (a splat): not causal for S = 3 (row 0 sees only key 0).
  EXPECT_FALSE(rlx::isCausalMaskConstant(
      DenseElementsAttr::get(type, b.getF32FloatAttr(0).getValue()), 3, 3,
      std::nullopt, f32));
  // One entry changed: -inf where query 1 sees key 0.
  float inf = -std::numeric_limits<float>::infinity();
  std::vector<float> values = {0, inf, inf, inf, 0, inf, 0, 0, 0};
  EXPECT_FALSE(rlx::isCausalMaskConstant(
      DenseElementsAttr::get(type, llvm::ArrayRef<float>(values)), 3, 3,
      std::nullopt, f32));
  values[3] = 0;
  EXPECT_TRUE(rlx::isCausalMaskConstant(
      DenseElementsAttr::get(type, llvm::ArrayRef<float>(values)), 3, 3,
      std::nullopt, f32));
  // A splat of 0 is the causal table of one query (it sees every key).
  auto row = RankedTensorType::get({1, 4}, f32);
  EXPECT_TRUE(rlx::isCausalMaskConstant(
      DenseElementsAttr::get(row, b.getF32FloatAttr(0).getValue()), 1, 4,
      std::nullopt, f32));
  // Not a dense float table at all.
  EXPECT_FALSE(
      rlx::isCausalMaskConstant(b.getF32FloatAttr(0), 1, 1, std::nullopt, f32));
}

} // namespace
