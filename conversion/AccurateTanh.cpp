//===- AccurateTanh.cpp - f32 tanh within a few ulp -----------------------===//
#include "conversion/AccurateTanh.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

Value mlir::rlx::buildAccurateTanh(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  auto c = [&](double v) -> Value {
    TypedAttr scalar = b.getF32FloatAttr(v);
    if (auto vector = dyn_cast<VectorType>(type))
      return b.create<arith::ConstantOp>(
          loc, DenseElementsAttr::get(vector, scalar));
    return b.create<arith::ConstantOp>(loc, scalar);
  };
  // On |x|, the sign at the end: tanh is odd, and -0 stays -0 (a sum with
  // x itself would give +0).
  Value a = b.create<math::AbsFOp>(loc, x);
  Value z = b.create<arith::MulFOp>(loc, a, a);
  const double coefficients[] = {-5.70498872745e-3, 2.06390887954e-2,
                                 -5.37397155531e-2, 1.33314422036e-1,
                                 -3.33332819422e-1};
  // Multiplies and adds, not fma: Vulkan's Fma may round twice.
  auto mulAdd = [&](Value x, Value y, Value w) -> Value {
    return b.create<arith::AddFOp>(loc, b.create<arith::MulFOp>(loc, x, y), w);
  };
  Value poly = c(coefficients[0]);
  for (double k : ArrayRef<double>(coefficients).drop_front())
    poly = mulAdd(poly, z, c(k));
  Value small = mulAdd(b.create<arith::MulFOp>(loc, poly, z), a, a);
  Value e = b.create<math::ExpOp>(loc, b.create<arith::MulFOp>(loc, c(2), a));
  Value large = b.create<arith::SubFOp>(
      loc, c(1),
      b.create<arith::DivFOp>(loc, c(2),
                              b.create<arith::AddFOp>(loc, e, c(1))));
  Value isSmall =
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, a, c(0.625));
  return b.create<math::CopySignOp>(
      loc, b.create<arith::SelectOp>(loc, isSmall, small, large), x);
}
