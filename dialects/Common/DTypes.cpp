//===- DTypes.cpp - MLIR element types as the runtime's dtypes ------------===//
#include "dialects/Common/DTypes.h"

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

} // namespace mlir::rlx
