//===- DTypes.cpp - MLIR element types as the runtime's dtypes ------------===//
#include "dialects/Common/DTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::rlx {

std::optional<::rlx::DType> dtypeOf(Type t) {
  if (t.isF32())
    return ::rlx::DType::f32;
  if (t.isF16())
    return ::rlx::DType::f16;
  if (t.isBF16())
    return ::rlx::DType::bf16;
  if (t.isF64())
    return ::rlx::DType::f64;
  if (t.isInteger(8))
    return ::rlx::DType::i8;
  if (t.isInteger(32))
    return ::rlx::DType::i32;
  if (t.isInteger(64))
    return ::rlx::DType::i64;
  if (t.isInteger(1))
    return ::rlx::DType::i1;
  return std::nullopt;
}

Type elementTypeOf(MLIRContext *ctx, ::rlx::DType dtype) {
  Builder b(ctx);
  switch (dtype) {
  case ::rlx::DType::f32:
    return b.getF32Type();
  case ::rlx::DType::f16:
    return b.getF16Type();
  case ::rlx::DType::bf16:
    return b.getBF16Type();
  case ::rlx::DType::f64:
    return b.getF64Type();
  case ::rlx::DType::i8:
    return b.getI8Type();
  case ::rlx::DType::i32:
    return b.getI32Type();
  case ::rlx::DType::i64:
    return b.getI64Type();
  case ::rlx::DType::i1:
    return b.getI1Type();
  }
  return b.getF32Type();
}

} // namespace mlir::rlx
