// mir-fold-empty-tensors: what has no value over an empty tensor, or what
// rlx does not compute from one, is an error naming the op.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -mir-fold-empty-tensors

func.func @integer_max(%i: tensor<4x0xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'mir.reduce' op max over an empty axis of integers has no value (the input is 'tensor<4x0xi32>')}}
  %0 = mir.reduce max %i axes = [1] : tensor<4x0xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @gather_from_empty_axis(%t: tensor<0x16xf32>, %ids: tensor<4xi32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'mir.gather' op reads an empty tensor but has elements to produce, which rlx does not compute (operands: tensor<0x16xf32>, tensor<4xi32>)}}
  %0 = mir.gather %t[%ids] axis = 0 : (tensor<0x16xf32>, tensor<4xi32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @fused_with_bias(%l: tensor<3x0xf32>, %r: tensor<0x5xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'mir.fused_matmul' op reads an empty tensor but has elements to produce}}
  %0 = mir.fused_matmul %l, %r, %b act = relu : (tensor<3x0xf32>, tensor<0x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
