// RUN: rlx-opt %s -split-input-file -canonicalize="test-convergence max-iterations=10" | FileCheck %s

// A positive (the fold or pattern fires) and a negative (it must not) case
// for every folder and canonicalization pattern of the mir dialect.

//===----------------------------------------------------------------------===//
// mir.constant (ConstantLike fold): equal constants are uniqued
//===----------------------------------------------------------------------===//

// Two equal constants become one.
// CHECK-LABEL: func.func @constant_dedup(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NOT:     mir.constant
// CHECK:         return %[[C]], %[[C]] : tensor<4xf32>, tensor<4xf32>
func.func @constant_dedup() -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = mir.constant dense<1.0> : tensor<4xf32>
  %1 = mir.constant dense<1.0> : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Constants with different values (or types) stay apart.
// CHECK-LABEL: func.func @constant_distinct(
// CHECK-DAG:     %[[A:.+]] = mir.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[B:.+]] = mir.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[C:.+]] = mir.constant dense<1.000000e+00> : tensor<4xf16>
// CHECK:         return %[[A]], %[[B]], %[[C]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>
func.func @constant_distinct() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf16>) {
  %0 = mir.constant dense<1.0> : tensor<4xf32>
  %1 = mir.constant dense<2.0> : tensor<4xf32>
  %2 = mir.constant dense<1.0> : tensor<4xf16>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>
}

// -----

//===----------------------------------------------------------------------===//
// mir.unary folds
//===----------------------------------------------------------------------===//

// neg(neg(x)) folds to x.
// CHECK-LABEL: func.func @unary_neg_neg(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NOT:     mir.unary
// CHECK:         return %[[X]] : tensor<4xf32>
func.func @unary_neg_neg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.unary neg %x : tensor<4xf32>
  %1 = mir.unary neg %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// neg(neg(neg(x))) folds to neg(x).
// CHECK-LABEL: func.func @unary_neg_neg_neg(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xi32>)
// CHECK-NEXT:    %[[N:.+]] = mir.unary neg %[[X]] : tensor<4xi32>
// CHECK-NEXT:    return %[[N]] : tensor<4xi32>
func.func @unary_neg_neg_neg(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = mir.unary neg %x : tensor<4xi32>
  %1 = mir.unary neg %0 : tensor<4xi32>
  %2 = mir.unary neg %1 : tensor<4xi32>
  return %2 : tensor<4xi32>
}

// -----

// abs(abs(x)) folds to abs(x).
// CHECK-LABEL: func.func @unary_abs_abs(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[A:.+]] = mir.unary abs %[[X]] : tensor<4xf32>
// CHECK-NEXT:    return %[[A]] : tensor<4xf32>
func.func @unary_abs_abs(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.unary abs %x : tensor<4xf32>
  %1 = mir.unary abs %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// relu(relu(x)) folds to relu(x).
// CHECK-LABEL: func.func @unary_relu_relu(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x?xf16>)
// CHECK-NEXT:    %[[R:.+]] = mir.unary relu %[[X]] : tensor<2x?xf16>
// CHECK-NEXT:    return %[[R]] : tensor<2x?xf16>
func.func @unary_relu_relu(%x: tensor<2x?xf16>) -> tensor<2x?xf16> {
  %0 = mir.unary relu %x : tensor<2x?xf16>
  %1 = mir.unary relu %0 : tensor<2x?xf16>
  return %1 : tensor<2x?xf16>
}

// -----

// neg(abs(x)) is not folded.
// CHECK-LABEL: func.func @unary_neg_abs_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[A:.+]] = mir.unary abs %[[X]] : tensor<4xf32>
// CHECK-NEXT:    %[[N:.+]] = mir.unary neg %[[A]] : tensor<4xf32>
// CHECK-NEXT:    return %[[N]] : tensor<4xf32>
func.func @unary_neg_abs_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.unary abs %x : tensor<4xf32>
  %1 = mir.unary neg %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// abs(neg(x)) and relu(abs(x)) are not folded either; nor are other kinds applied twice.
// CHECK-LABEL: func.func @unary_mixed_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[N:.+]] = mir.unary neg %[[X]] : tensor<4xf32>
// CHECK-NEXT:    %[[A:.+]] = mir.unary abs %[[N]] : tensor<4xf32>
// CHECK-NEXT:    %[[R:.+]] = mir.unary relu %[[A]] : tensor<4xf32>
// CHECK-NEXT:    %[[E1:.+]] = mir.unary exp %[[R]] : tensor<4xf32>
// CHECK-NEXT:    %[[E2:.+]] = mir.unary exp %[[E1]] : tensor<4xf32>
// CHECK-NEXT:    return %[[E2]] : tensor<4xf32>
func.func @unary_mixed_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.unary neg %x : tensor<4xf32>
  %1 = mir.unary abs %0 : tensor<4xf32>
  %2 = mir.unary relu %1 : tensor<4xf32>
  %3 = mir.unary exp %2 : tensor<4xf32>
  %4 = mir.unary exp %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}

// -----

// The unary folds apply to scalar steps in an elementwise body.
// CHECK-LABEL: func.func @unary_scalar_neg_neg(
// CHECK:         mir.elementwise
// CHECK-NEXT:    ^bb0(%[[E:[^:]+]]: f32):
// CHECK-NEXT:    mir.yield %[[E]] : f32
func.func @unary_scalar_neg_neg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    %n = mir.unary neg %e : f32
    %m = mir.unary neg %n : f32
    mir.yield %m : f32
  }
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.binary folds
//===----------------------------------------------------------------------===//

// x * 1 (splat) folds to x.
// CHECK-LABEL: func.func @binary_mul_one(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NOT:     mir.binary
// CHECK:         return %[[X]] : tensor<4xf32>
func.func @binary_mul_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = mir.constant dense<1.0> : tensor<4xf32>
  %0 = mir.binary mul %x, %one : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x / 1 (splat) folds to x, also for integers.
// CHECK-LABEL: func.func @binary_div_one(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x3xi32>)
// CHECK-NOT:     mir.binary
// CHECK:         return %[[X]] : tensor<2x3xi32>
func.func @binary_div_one(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %one = mir.constant dense<1> : tensor<2x3xi32>
  %0 = mir.binary div %x, %one : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// x * 1 where only the constant broadcasts (rank 0 to the shape of x) folds to x.
// CHECK-LABEL: func.func @binary_mul_one_rank0(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf16>)
// CHECK-NOT:     mir.binary
// CHECK:         return %[[X]] : tensor<4x8xf16>
func.func @binary_mul_one_rank0(%x: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %one = mir.constant dense<1.0> : tensor<f16>
  %0 = mir.binary mul %x, %one : (tensor<4x8xf16>, tensor<f16>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// x * 2 is kept.
// CHECK-LABEL: func.func @binary_mul_two_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[TWO:.+]] = mir.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[M:.+]] = mir.binary mul %[[X]], %[[TWO]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[M]] : tensor<4xf32>
func.func @binary_mul_two_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = mir.constant dense<2.0> : tensor<4xf32>
  %0 = mir.binary mul %x, %two : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x * 1 where x needs broadcasting to the result is kept (a fold never changes the type).
// CHECK-LABEL: func.func @binary_mul_one_broadcast_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<2x4xf32>
// CHECK-NEXT:    %[[M:.+]] = mir.binary mul %[[X]], %[[ONE]] : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %[[M]] : tensor<2x4xf32>
func.func @binary_mul_one_broadcast_kept(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  %one = mir.constant dense<1.0> : tensor<2x4xf32>
  %0 = mir.binary mul %x, %one : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// 1 * x is kept: only a constant right operand is folded.
// CHECK-LABEL: func.func @binary_one_mul_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[M:.+]] = mir.binary mul %[[ONE]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[M]] : tensor<4xf32>
func.func @binary_one_mul_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = mir.constant dense<1.0> : tensor<4xf32>
  %0 = mir.binary mul %one, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x - 1 and x ^ 1 are kept: the one-folds are only for mul and div.
// CHECK-LABEL: func.func @binary_sub_pow_one_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[S:.+]] = mir.binary sub %[[X]], %[[ONE]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[P:.+]] = mir.binary pow %[[S]], %[[ONE]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[P]] : tensor<4xf32>
func.func @binary_sub_pow_one_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = mir.constant dense<1.0> : tensor<4xf32>
  %0 = mir.binary sub %x, %one : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = mir.binary pow %0, %one : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Float x + 0.0 and x - 0.0 are kept (-0.0 + 0.0 is +0.0).
// CHECK-LABEL: func.func @binary_float_add_zero_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[Z:.+]] = mir.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[A:.+]] = mir.binary add %[[X]], %[[Z]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[S:.+]] = mir.binary sub %[[A]], %[[Z]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[S]] : tensor<4xf32>
func.func @binary_float_add_zero_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = mir.constant dense<0.0> : tensor<4xf32>
  %0 = mir.binary add %x, %zero : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = mir.binary sub %0, %zero : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Integer x + 0 and x - 0 fold to x.
// CHECK-LABEL: func.func @binary_int_add_zero(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xi64>)
// CHECK-NOT:     mir.binary
// CHECK:         return %[[X]] : tensor<4xi64>
func.func @binary_int_add_zero(%x: tensor<4xi64>) -> tensor<4xi64> {
  %zero = mir.constant dense<0> : tensor<4xi64>
  %0 = mir.binary add %x, %zero : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %1 = mir.binary sub %0, %zero : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %1 : tensor<4xi64>
}

// -----

// Integer x * 0 and x + 1 are kept.
// CHECK-LABEL: func.func @binary_int_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xi8>)
// CHECK-DAG:     %[[Z:.+]] = mir.constant dense<0> : tensor<4xi8>
// CHECK-DAG:     %[[ONE:.+]] = mir.constant dense<1> : tensor<4xi8>
// CHECK:         %[[M:.+]] = mir.binary mul %[[X]], %[[Z]] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT:    %[[A:.+]] = mir.binary add %[[M]], %[[ONE]] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT:    return %[[A]] : tensor<4xi8>
func.func @binary_int_kept(%x: tensor<4xi8>) -> tensor<4xi8> {
  %zero = mir.constant dense<0> : tensor<4xi8>
  %one = mir.constant dense<1> : tensor<4xi8>
  %0 = mir.binary mul %x, %zero : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %1 = mir.binary add %0, %one : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %1 : tensor<4xi8>
}

// -----

// Scalar steps in an elementwise body: x * 1.0 and integer y + 0 fold, x + 0.0 is kept.
// CHECK-LABEL: func.func @binary_scalar(
// CHECK:         mir.elementwise
// CHECK-NEXT:    ^bb0(%[[E:[^:]+]]: f32, %[[J:[^:]+]]: i32):
// CHECK-NEXT:    %[[Z:.+]] = mir.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[A:.+]] = mir.binary add %[[E]], %[[Z]] : (f32, f32) -> f32
// CHECK-NEXT:    %[[C:.+]] = mir.cast %[[J]] : i32 to f32
// CHECK-NEXT:    %[[M:.+]] = mir.binary max %[[A]], %[[C]] : (f32, f32) -> f32
// CHECK-NEXT:    mir.yield %[[M]] : f32
func.func @binary_scalar(%x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x, %i : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32> {
  ^bb0(%e: f32, %j: i32):
    %one = mir.constant 1.0 : f32
    %fzero = mir.constant 0.0 : f32
    %izero = mir.constant 0 : i32
    %m = mir.binary mul %e, %one : (f32, f32) -> f32
    %a = mir.binary add %m, %fzero : (f32, f32) -> f32
    %b = mir.binary add %j, %izero : (i32, i32) -> i32
    %c = mir.cast %b : i32 to f32
    %r = mir.binary max %a, %c : (f32, f32) -> f32
    mir.yield %r : f32
  }
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.select fold
//===----------------------------------------------------------------------===//

// select(c, x, x) folds to x.
// CHECK-LABEL: func.func @select_same(
// CHECK-SAME:    %[[C:[^:]+]]: tensor<4xi1>, %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NOT:     mir.select
// CHECK:         return %[[X]] : tensor<4xf32>
func.func @select_same(%c: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.select %c, %x, %x : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// select(c, x, y) is kept.
// CHECK-LABEL: func.func @select_different_kept(
// CHECK-SAME:    %[[C:[^:]+]]: tensor<4xi1>, %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[S:.+]] = mir.select %[[C]], %[[X]], %[[Y]] : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[S]] : tensor<4xf32>
func.func @select_different_kept(%c: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.select %c, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// select(c, x, x) where the condition broadcasts x to a larger result is kept.
// CHECK-LABEL: func.func @select_same_broadcast_kept(
// CHECK-SAME:    %[[C:[^:]+]]: tensor<2x4xi1>, %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[S:.+]] = mir.select %[[C]], %[[X]], %[[X]] : (tensor<2x4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %[[S]] : tensor<2x4xf32>
func.func @select_same_broadcast_kept(%c: tensor<2x4xi1>, %x: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = mir.select %c, %x, %x : (tensor<2x4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// select(c, x, x) with a dynamic condition dim against a dynamic x dim is kept (x may be 1 and c n).
// CHECK-LABEL: func.func @select_same_dynamic_kept(
// CHECK-SAME:    %[[C:[^:]+]]: tensor<?xi1>, %[[X:[^:]+]]: tensor<?xf32>)
// CHECK-NEXT:    %[[S:.+]] = mir.select %[[C]], %[[X]], %[[X]] : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    return %[[S]] : tensor<?xf32>
func.func @select_same_dynamic_kept(%c: tensor<?xi1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = mir.select %c, %x, %x : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// select(c, x, x) with a rank-0 condition and a dynamic x folds to x.
// CHECK-LABEL: func.func @select_same_dynamic_value(
// CHECK-SAME:    %[[C:[^:]+]]: tensor<i1>, %[[X:[^:]+]]: tensor<?x4xf32>)
// CHECK-NOT:     mir.select
// CHECK:         return %[[X]] : tensor<?x4xf32>
func.func @select_same_dynamic_value(%c: tensor<i1>, %x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = mir.select %c, %x, %x : (tensor<i1>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Scalar select(c, x, x) in an elementwise body folds to x.
// CHECK-LABEL: func.func @select_scalar(
// CHECK:         mir.elementwise
// CHECK-NEXT:    ^bb0(%[[C:[^:]+]]: i1, %[[E:[^:]+]]: f32):
// CHECK-NEXT:    mir.yield %[[E]] : f32
func.func @select_scalar(%c: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %c, %x : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%b: i1, %e: f32):
    %s = mir.select %b, %e, %e : (i1, f32, f32) -> f32
    mir.yield %s : f32
  }
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.cast fold
//===----------------------------------------------------------------------===//

// A cast to the same type folds away.
// CHECK-LABEL: func.func @cast_identity(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x4xf32>)
// CHECK-NOT:     mir.cast
// CHECK:         return %[[X]] : tensor<?x4xf32>
func.func @cast_identity(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = mir.cast %x : tensor<?x4xf32> to tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A cast to another dtype is kept, and so is a cast round trip (f32 -> f16 -> f32 loses precision).
// CHECK-LABEL: func.func @cast_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[H:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// CHECK-NEXT:    %[[F:.+]] = mir.cast %[[H]] : tensor<4xf16> to tensor<4xf32>
// CHECK-NEXT:    return %[[F]] : tensor<4xf32>
func.func @cast_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.cast %x : tensor<4xf32> to tensor<4xf16>
  %1 = mir.cast %0 : tensor<4xf16> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// A scalar cast to the same type in an elementwise body folds away.
// CHECK-LABEL: func.func @cast_scalar_identity(
// CHECK:         mir.elementwise
// CHECK-NEXT:    ^bb0(%[[E:[^:]+]]: i32):
// CHECK-NEXT:    mir.yield %[[E]] : i32
func.func @cast_scalar_identity(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = mir.elementwise %x : (tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%e: i32):
    %c = mir.cast %e : i32 to i32
    mir.yield %c : i32
  }
  return %0 : tensor<4xi32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.transpose fold and ComposeTransposes
//===----------------------------------------------------------------------===//

// The identity permutation folds away.
// CHECK-LABEL: func.func @transpose_identity(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x?x2xf32>)
// CHECK-NOT:     mir.transpose
// CHECK:         return %[[X]] : tensor<4x?x2xf32>
func.func @transpose_identity(%x: tensor<4x?x2xf32>) -> tensor<4x?x2xf32> {
  %0 = mir.transpose %x permutation = [0, 1, 2] : tensor<4x?x2xf32> -> tensor<4x?x2xf32>
  return %0 : tensor<4x?x2xf32>
}

// -----

// A real permutation is kept.
// CHECK-LABEL: func.func @transpose_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[X]] permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    return %[[T]] : tensor<8x4xf32>
func.func @transpose_kept(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// The identity permutation that refines the type (? to 3) is kept.
// CHECK-LABEL: func.func @transpose_identity_refining_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x4xf32>)
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[X]] permutation = [0, 1] : tensor<?x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[T]] : tensor<3x4xf32>
func.func @transpose_identity_refining_kept(%x: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %0 = mir.transpose %x permutation = [0, 1] : tensor<?x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// transpose(transpose(x, [1, 0]), [1, 0]) composes to the identity and folds to x.
// CHECK-LABEL: func.func @transpose_compose_identity(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT:     mir.transpose
// CHECK:         return %[[X]] : tensor<4x8xf32>
func.func @transpose_compose_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = mir.transpose %0 permutation = [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// transpose(transpose(x, [1, 2, 0]), [1, 2, 0]) becomes one transpose with [2, 0, 1].
// CHECK-LABEL: func.func @transpose_compose(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x3x4xf32>)
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[X]] permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT:    return %[[T]] : tensor<4x2x3xf32>
func.func @transpose_compose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = mir.transpose %x permutation = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = mir.transpose %0 permutation = [1, 2, 0] : tensor<3x4x2xf32> -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// -----

// transpose(transpose(x, [0, 2, 1]), [1, 0, 2]) becomes one transpose with [2, 0, 1]; the inner one stays for its other use.
// CHECK-LABEL: func.func @transpose_compose_shared(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x3x4xf32>)
// CHECK-DAG:     %[[A:.+]] = mir.transpose %[[X]] permutation = [0, 2, 1] : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
// CHECK-DAG:     %[[B:.+]] = mir.transpose %[[X]] permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK:         return %[[A]], %[[B]] : tensor<2x4x3xf32>, tensor<4x2x3xf32>
func.func @transpose_compose_shared(%x: tensor<2x3x4xf32>) -> (tensor<2x4x3xf32>, tensor<4x2x3xf32>) {
  %0 = mir.transpose %x permutation = [0, 2, 1] : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  %1 = mir.transpose %0 permutation = [1, 0, 2] : tensor<2x4x3xf32> -> tensor<4x2x3xf32>
  return %0, %1 : tensor<2x4x3xf32>, tensor<4x2x3xf32>
}

// -----

// A transpose of something that is not a transpose is kept.
// CHECK-LABEL: func.func @transpose_of_reshape_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<32xf32>)
// CHECK-NEXT:    %[[R:.+]] = mir.reshape %[[X]] : tensor<32xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[R]] permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    return %[[T]] : tensor<8x4xf32>
func.func @transpose_of_reshape_kept(%x: tensor<32xf32>) -> tensor<8x4xf32> {
  %0 = mir.reshape %x : tensor<32xf32> to tensor<4x8xf32>
  %1 = mir.transpose %0 permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.reshape folds and CollapseReshapes
//===----------------------------------------------------------------------===//

// A reshape to the same static type folds away.
// CHECK-LABEL: func.func @reshape_identity(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT:     mir.reshape
// CHECK:         return %[[X]] : tensor<4x8xf32>
func.func @reshape_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A reshape to the same type with one dynamic dim folds away (the element count fixes it).
// CHECK-LABEL: func.func @reshape_identity_one_dynamic(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x8xf32>)
// CHECK-NOT:     mir.reshape
// CHECK:         return %[[X]] : tensor<?x8xf32>
func.func @reshape_identity_one_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = mir.reshape %x : tensor<?x8xf32> to tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A reshape to the same type with two dynamic dims is kept (?x? may be 2x6 in and 3x4 out).
// CHECK-LABEL: func.func @reshape_identity_two_dynamic_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x?xf32>)
// CHECK-NEXT:    %[[R:.+]] = mir.reshape %[[X]] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:    return %[[R]] : tensor<?x?xf32>
func.func @reshape_identity_two_dynamic_kept(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = mir.reshape %x : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A real reshape is kept.
// CHECK-LABEL: func.func @reshape_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[R:.+]] = mir.reshape %[[X]] : tensor<4x8xf32> to tensor<32xf32>
// CHECK-NEXT:    return %[[R]] : tensor<32xf32>
func.func @reshape_kept(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// reshape(reshape(x)) collapses to one reshape.
// CHECK-LABEL: func.func @reshape_collapse(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[R:.+]] = mir.reshape %[[X]] : tensor<4x8xf32> to tensor<2x16xf32>
// CHECK-NEXT:    return %[[R]] : tensor<2x16xf32>
func.func @reshape_collapse(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<32xf32>
  %1 = mir.reshape %0 : tensor<32xf32> to tensor<2x16xf32>
  return %1 : tensor<2x16xf32>
}

// -----

// reshape(reshape(x)) back to the type of x folds to x.
// CHECK-LABEL: func.func @reshape_collapse_identity(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xi8>)
// CHECK-NOT:     mir.reshape
// CHECK:         return %[[X]] : tensor<4x8xi8>
func.func @reshape_collapse_identity(%x: tensor<4x8xi8>) -> tensor<4x8xi8> {
  %0 = mir.reshape %x : tensor<4x8xi8> to tensor<32xi8>
  %1 = mir.reshape %0 : tensor<32xi8> to tensor<4x8xi8>
  return %1 : tensor<4x8xi8>
}

// -----

// A reshape of something that is not a reshape or a constant is kept.
// CHECK-LABEL: func.func @reshape_of_transpose_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[X]] permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[R:.+]] = mir.reshape %[[T]] : tensor<8x4xf32> to tensor<32xf32>
// CHECK-NEXT:    return %[[R]] : tensor<32xf32>
func.func @reshape_of_transpose_kept(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = mir.reshape %0 : tensor<8x4xf32> to tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// A reshape of a constant folds to a constant of the new shape, element order kept.
// CHECK-LABEL: func.func @reshape_constant(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK-NOT:     mir.reshape
// CHECK:         return %[[C]] : tensor<2x3xi32>
func.func @reshape_constant() -> tensor<2x3xi32> {
  %c = mir.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %0 = mir.reshape %c : tensor<6xi32> to tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// A reshape of a constant to a dynamic shape is kept.
// CHECK-LABEL: func.func @reshape_constant_dynamic_kept(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %[[R:.+]] = mir.reshape %[[C]] : tensor<2xf32> to tensor<?x1xf32>
// CHECK-NEXT:    return %[[R]] : tensor<?x1xf32>
func.func @reshape_constant_dynamic_kept() -> tensor<?x1xf32> {
  %c = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = mir.reshape %c : tensor<2xf32> to tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.slice fold
//===----------------------------------------------------------------------===//

// A slice of the whole tensor folds away.
// CHECK-LABEL: func.func @slice_full(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT:     mir.slice
// CHECK:         return %[[X]] : tensor<4x8xf32>
func.func @slice_full(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.slice %x offsets = [0, 0] sizes = [4, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A partial slice is kept.
// CHECK-LABEL: func.func @slice_partial_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[S:.+]] = mir.slice %[[X]] offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
// CHECK-NEXT:    return %[[S]] : tensor<4x3xf32>
func.func @slice_partial_kept(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A slice of a size-1 dim with stride 2 has the input's type but is not folded (stride != 1).
// CHECK-LABEL: func.func @slice_strided_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x8xf32>)
// CHECK-NEXT:    %[[S:.+]] = mir.slice %[[X]] offsets = [0, 0] sizes = [1, 8] strides = [2, 1] : tensor<1x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT:    return %[[S]] : tensor<1x8xf32>
func.func @slice_strided_kept(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = mir.slice %x offsets = [0, 0] sizes = [1, 8] strides = [2, 1] : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// A slice of a dynamic input is kept, even when its type is the input's.
// CHECK-LABEL: func.func @slice_dynamic_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x8xf32>)
// CHECK-NEXT:    %[[S:.+]] = mir.slice %[[X]] offsets = [0, 0] sizes = [4, 8] strides = [1, 1] : tensor<?x8xf32> -> tensor<?x8xf32>
// CHECK-NEXT:    return %[[S]] : tensor<?x8xf32>
func.func @slice_dynamic_kept(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = mir.slice %x offsets = [0, 0] sizes = [4, 8] strides = [1, 1] : tensor<?x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.concat fold
//===----------------------------------------------------------------------===//

// A concat of one input folds away.
// CHECK-LABEL: func.func @concat_single(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT:     mir.concat
// CHECK:         return %[[X]] : tensor<4x8xf32>
func.func @concat_single(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.concat %x axis = 1 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A concat of two inputs is kept.
// CHECK-LABEL: func.func @concat_two_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x2xf32>)
// CHECK-NEXT:    %[[C:.+]] = mir.concat %[[X]], %[[Y]] axis = 1 : (tensor<4x8xf32>, tensor<4x2xf32>) -> tensor<4x10xf32>
// CHECK-NEXT:    return %[[C]] : tensor<4x10xf32>
func.func @concat_two_kept(%x: tensor<4x8xf32>, %y: tensor<4x2xf32>) -> tensor<4x10xf32> {
  %0 = mir.concat %x, %y axis = 1 : (tensor<4x8xf32>, tensor<4x2xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}

// -----

// A concat of one input that refines the type (? to 4) is kept.
// CHECK-LABEL: func.func @concat_single_refining_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x8xf32>)
// CHECK-NEXT:    %[[C:.+]] = mir.concat %[[X]] axis = 0 : (tensor<?x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[C]] : tensor<4x8xf32>
func.func @concat_single_refining_kept(%x: tensor<?x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.concat %x axis = 0 : (tensor<?x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.broadcast folds
//===----------------------------------------------------------------------===//

// A broadcast to the same static type folds away.
// CHECK-LABEL: func.func @broadcast_identity(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT:     mir.broadcast
// CHECK:         return %[[X]] : tensor<4x8xf32>
func.func @broadcast_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.broadcast %x : tensor<4x8xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A broadcast to the same dynamic type is kept (the input's ? may be 1 and the result's n).
// CHECK-LABEL: func.func @broadcast_identity_dynamic_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x8xf32>)
// CHECK-NEXT:    %[[B:.+]] = mir.broadcast %[[X]] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK-NEXT:    return %[[B]] : tensor<?x8xf32>
func.func @broadcast_identity_dynamic_kept(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = mir.broadcast %x : tensor<?x8xf32> to tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A real broadcast of a non-constant is kept.
// CHECK-LABEL: func.func @broadcast_kept(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT:    %[[B:.+]] = mir.broadcast %[[X]] : tensor<8xf32> to tensor<4x8xf32>
// CHECK-NEXT:    return %[[B]] : tensor<4x8xf32>
func.func @broadcast_kept(%x: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = mir.broadcast %x : tensor<8xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A broadcast of a splat constant folds to a splat constant of the result type.
// CHECK-LABEL: func.func @broadcast_splat(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<3> : tensor<2x4x8xi32>
// CHECK-NOT:     mir.broadcast
// CHECK:         return %[[C]] : tensor<2x4x8xi32>
func.func @broadcast_splat() -> tensor<2x4x8xi32> {
  %c = mir.constant dense<3> : tensor<8xi32>
  %0 = mir.broadcast %c : tensor<8xi32> to tensor<2x4x8xi32>
  return %0 : tensor<2x4x8xi32>
}

// -----

// A broadcast of a non-splat constant is kept.
// CHECK-LABEL: func.func @broadcast_non_splat_kept(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %[[B:.+]] = mir.broadcast %[[C]] : tensor<2xf32> to tensor<3x2xf32>
// CHECK-NEXT:    return %[[B]] : tensor<3x2xf32>
func.func @broadcast_non_splat_kept() -> tensor<3x2xf32> {
  %c = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = mir.broadcast %c : tensor<2xf32> to tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A broadcast of a splat constant to a dynamic shape is kept.
// CHECK-LABEL: func.func @broadcast_splat_dynamic_kept(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<true> : tensor<1xi1>
// CHECK-NEXT:    %[[B:.+]] = mir.broadcast %[[C]] : tensor<1xi1> to tensor<?xi1>
// CHECK-NEXT:    return %[[B]] : tensor<?xi1>
func.func @broadcast_splat_dynamic_kept() -> tensor<?xi1> {
  %c = mir.constant dense<true> : tensor<1xi1>
  %0 = mir.broadcast %c : tensor<1xi1> to tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

//===----------------------------------------------------------------------===//
// Folds chain through the greedy driver
//===----------------------------------------------------------------------===//

// A chain of folds (cast, reshape round trip, transpose pair, single concat, x * 1) reduces to x.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT:     mir.
// CHECK:         return %[[X]] : tensor<4x8xf32>
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.cast %x : tensor<4x8xf32> to tensor<4x8xf32>
  %1 = mir.reshape %0 : tensor<4x8xf32> to tensor<32xf32>
  %2 = mir.reshape %1 : tensor<32xf32> to tensor<4x8xf32>
  %3 = mir.transpose %2 permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %4 = mir.transpose %3 permutation = [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  %5 = mir.concat %4 axis = 0 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<8xf32>
  %6 = mir.binary mul %5, %one : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %6 : tensor<4x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.causal_mask: folds to its constant once S and T are static
//===----------------------------------------------------------------------===//

// Static [S, T] = [2, 3]: query i sees keys j <= i + 1.
// CHECK-LABEL: func.func @causal_mask_static(
// CHECK-NEXT:    %[[C:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 0xFF800000], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @causal_mask_static(%s: tensor<1x2x2x3xf32>) -> tensor<2x3xf32> {
  %m = mir.causal_mask causal %s : tensor<1x2x2x3xf32> -> tensor<2x3xf32>
  return %m : tensor<2x3xf32>
}

// -----

// A dynamic S or T: the op stays.
// CHECK-LABEL: func.func @causal_mask_dynamic(
// CHECK-NEXT:    %[[M:.+]] = mir.causal_mask sliding_window %{{.+}} window = 2 : tensor<1x2x?x3xf32> -> tensor<?x3xf32>
// CHECK-NEXT:    return %[[M]]
func.func @causal_mask_dynamic(%s: tensor<1x2x?x3xf32>) -> tensor<?x3xf32> {
  %m = mir.causal_mask sliding_window %s window = 2 : tensor<1x2x?x3xf32> -> tensor<?x3xf32>
  return %m : tensor<?x3xf32>
}
