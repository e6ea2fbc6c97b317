// mir-fold-param-layouts: the params of a name whose every use is one
// mir.transpose, all with one permutation, become `mir.param ... permuted
// [p]` of the transposed type in place of each transpose (the runtime
// permutes the values once, when they are set); `given` is kept. Params
// with another use, with transposes that differ, already permuted, or
// read by more than one transpose stay as they are.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fold-param-layouts))" | FileCheck %s

// ONNX Gemm's transB: the matmul reads the param itself, stored [K, N].
// CHECK-LABEL: func.func @matmul_trans_b(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<3x4xf32>
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
// CHECK-NEXT:    %[[Y:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %[[Y]] : tensor<3x5xf32>
// CHECK-NOT:     mir.transpose
func.func @matmul_trans_b(%x: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %y = mir.matmul %x, %t : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// -----

// Two mir.param ops of one name, each transposed the same way: both fold,
// each where its transpose was; other params are untouched.
// CHECK-LABEL: func.func @same_name_twice(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<3x4xf32>
// CHECK-NEXT:    %[[W1:.+]] = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
// CHECK-NEXT:    %[[Y:.+]] = mir.matmul %[[X]], %[[W1]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %[[W2:.+]] = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
// CHECK-NEXT:    %[[Z:.+]] = mir.matmul %[[X]], %[[W2]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %[[B:.+]] = mir.param "b" : tensor<3x5xf32>
// CHECK-NEXT:    %[[S:.+]] = mir.binary add %[[Z]], %[[B]]
// CHECK-NEXT:    return %[[Y]], %[[S]] : tensor<3x5xf32>, tensor<3x5xf32>
func.func @same_name_twice(%x: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %y = mir.matmul %x, %t : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %w2 = mir.param "w" : tensor<5x4xf32>
  %t2 = mir.transpose %w2 permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %z = mir.matmul %x, %t2 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %b = mir.param "b" : tensor<3x5xf32>
  %s = mir.binary add %z, %b : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %y, %s : tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// Rank 3: the folded param has the transpose's type (result dim i is param
// dim p[i]: [2, 3, 4] -> [4, 2, 3]) and keeps the permutation as written.
// CHECK-LABEL: func.func @rank3(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w3" permuted [2, 0, 1] : tensor<4x2x3xf32>
// CHECK-NEXT:    %[[U:.+]] = mir.unary exp %[[W]] : tensor<4x2x3xf32>
// CHECK-NEXT:    return %[[U]] : tensor<4x2x3xf32>
func.func @rank3() -> tensor<4x2x3xf32> {
  %w = mir.param "w3" : tensor<2x3x4xf32>
  %t = mir.transpose %w permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %u = mir.unary exp %t : tensor<4x2x3xf32>
  return %u : tensor<4x2x3xf32>
}

// -----

// A bf16 param given in f32 (mir-mixed-precision's) keeps `given` and gains
// `permuted`: the runtime permutes, then converts.
// CHECK-LABEL: func.func @given(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<3x4xbf16>
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" given f32 permuted [1, 0] : tensor<4x5xbf16>
// CHECK-NEXT:    %[[Y:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<3x4xbf16>, tensor<4x5xbf16>) -> tensor<3x5xbf16>
// CHECK-NEXT:    return %[[Y]]
func.func @given(%x: tensor<3x4xbf16>) -> tensor<3x5xbf16> {
  %w = mir.param "w" given f32 : tensor<5x4xbf16>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xbf16> -> tensor<4x5xbf16>
  %y = mir.matmul %x, %t : (tensor<3x4xbf16>, tensor<4x5xbf16>) -> tensor<3x5xbf16>
  return %y : tensor<3x5xbf16>
}

// -----

// A transpose with two users is still the param's one use: it folds, and
// both users read the permuted param.
// CHECK-LABEL: func.func @transpose_two_users(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<3x4xf32>
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
// CHECK-NEXT:    %[[Y:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %[[Y]], %[[W]] : tensor<3x5xf32>, tensor<4x5xf32>
func.func @transpose_two_users(%x: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<4x5xf32>) {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %y = mir.matmul %x, %t : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %y, %t : tensor<3x5xf32>, tensor<4x5xf32>
}

// -----

// A dynamic dim moves with the permutation.
// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" permuted [1, 0] : tensor<4x?xf32>
// CHECK-NEXT:    return %[[W]] : tensor<4x?xf32>
func.func @dynamic() -> tensor<4x?xf32> {
  %w = mir.param "w" : tensor<?x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<?x4xf32> -> tensor<4x?xf32>
  return %t : tensor<4x?xf32>
}

// -----

// Negative: a second use that is not a transpose (the values are needed as
// given too).
// CHECK-LABEL: func.func @second_use(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" : tensor<5x4xf32>
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[W]] permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
// CHECK-NEXT:    %[[Y:.+]] = mir.matmul %{{.+}}, %[[T]]
// CHECK-NEXT:    return %[[Y]], %[[W]] : tensor<3x5xf32>, tensor<5x4xf32>
// CHECK-NOT:     permuted
func.func @second_use(%x: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<5x4xf32>) {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %y = mir.matmul %x, %t : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %y, %w : tensor<3x5xf32>, tensor<5x4xf32>
}

// -----

// Negative: one mir.param of the name is transposed, another of the same
// name is read as it is: neither folds (one slot, one layout).
// CHECK-LABEL: func.func @other_param_untransposed(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" : tensor<5x4xf32>
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[W]] permutation = [1, 0]
// CHECK-NEXT:    %[[Y:.+]] = mir.matmul %{{.+}}, %[[T]]
// CHECK-NEXT:    %[[W2:.+]] = mir.param "w" : tensor<5x4xf32>
// CHECK-NEXT:    return %[[Y]], %[[W2]]
// CHECK-NOT:     permuted
func.func @other_param_untransposed(%x: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<5x4xf32>) {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %y = mir.matmul %x, %t : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %w2 = mir.param "w" : tensor<5x4xf32>
  return %y, %w2 : tensor<3x5xf32>, tensor<5x4xf32>
}

// -----

// Negative: two params of one name transposed differently.
// CHECK-LABEL: func.func @different_permutations(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" : tensor<2x3x4xf32>
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[W]] permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT:    %[[W2:.+]] = mir.param "w" : tensor<2x3x4xf32>
// CHECK-NEXT:    %[[T2:.+]] = mir.transpose %[[W2]] permutation = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
// CHECK-NEXT:    return %[[T]], %[[T2]]
// CHECK-NOT:     permuted
func.func @different_permutations() -> (tensor<4x2x3xf32>, tensor<3x4x2xf32>) {
  %w = mir.param "w" : tensor<2x3x4xf32>
  %t = mir.transpose %w permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %w2 = mir.param "w" : tensor<2x3x4xf32>
  %t2 = mir.transpose %w2 permutation = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  return %t, %t2 : tensor<4x2x3xf32>, tensor<3x4x2xf32>
}

// -----

// Negative: a param already permuted is not permuted again (the
// permutations would compose).
// CHECK-LABEL: func.func @already_permuted(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[W]] permutation = [1, 0] : tensor<4x5xf32> -> tensor<5x4xf32>
// CHECK-NEXT:    return %[[T]] : tensor<5x4xf32>
func.func @already_permuted() -> tensor<5x4xf32> {
  %w = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<4x5xf32> -> tensor<5x4xf32>
  return %t : tensor<5x4xf32>
}

// -----

// Negative: one param read by two transposes (the same permutation) is a
// param with two uses; it stays (in the pipelines cse merges the two
// transposes first, and one transpose with two users folds).
// CHECK-LABEL: func.func @two_transposes(
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" : tensor<5x4xf32>
// CHECK-NEXT:    %[[T:.+]] = mir.transpose %[[W]] permutation = [1, 0]
// CHECK-NEXT:    %[[T2:.+]] = mir.transpose %[[W]] permutation = [1, 0]
// CHECK-NEXT:    return %[[T]], %[[T2]]
func.func @two_transposes() -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  %t2 = mir.transpose %w permutation = [1, 0] : tensor<5x4xf32> -> tensor<4x5xf32>
  return %t, %t2 : tensor<4x5xf32>, tensor<4x5xf32>
}

// -----

// Negative: an unused param and a param read by another op.
// CHECK-LABEL: func.func @no_transpose(
// CHECK-NEXT:    mir.param "unused" : tensor<5x4xf32>
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" : tensor<5x4xf32>
// CHECK-NEXT:    %[[U:.+]] = mir.unary exp %[[W]]
// CHECK-NEXT:    return %[[U]]
func.func @no_transpose() -> tensor<5x4xf32> {
  %unused = mir.param "unused" : tensor<5x4xf32>
  %w = mir.param "w" : tensor<5x4xf32>
  %u = mir.unary exp %w : tensor<5x4xf32>
  return %u : tensor<5x4xf32>
}

// -----

// An identity transpose (left when canonicalize has not run) stores nothing
// differently: the param and the transpose stay.
func.func @identity(%x: tensor<3x5xf32>) -> tensor<5x4xf32> {
  %w = mir.param "w" : tensor<5x4xf32>
  %t = mir.transpose %w permutation = [0, 1] : tensor<5x4xf32> -> tensor<5x4xf32>
  return %t : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @identity(
// CHECK-NEXT: %[[W:.+]] = mir.param "w" : tensor<5x4xf32>
// CHECK-NEXT: %[[T:.+]] = mir.transpose %[[W]] permutation = [0, 1]
// CHECK-NEXT: return %[[T]]
