// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(mir-specialize{bind="seq=1"}))' | FileCheck %s

// A `?` bound to 1 that a broadcast or a region passes through (its result
// dim was `?` against a `?` operand dim before binding) stays 1: by the MIR
// contract (docs/Contracts.md) it is not an expansion. A `?` result against
// a static 1 is still an error (mir-specialize-invalid.mlir).

// convert-hir-to-mir's grouped-query repeat, [B, KVH, 1, T, D] broadcast
// over the group dim, with T = seq bound to 1 (a one-token prompt).
// CHECK-LABEL: func.func @broadcast_pass_through(
// CHECK:         mir.broadcast %{{.+}} : tensor<1x2x1x1x4xf32> to tensor<1x2x2x1x4xf32>
func.func @broadcast_pass_through(%x: tensor<1x2x1x?x4xf32> {mir.dims = [1, 2, 1, "seq", 4]}) -> tensor<1x2x2x?x4xf32> {
  %b = mir.broadcast %x : tensor<1x2x1x?x4xf32> to tensor<1x2x2x?x4xf32>
  return %b : tensor<1x2x2x?x4xf32>
}

// -----

// A region whose inputs [?] and [1] broadcast to [?].
// CHECK-LABEL: func.func @elementwise_pass_through(
// CHECK:         mir.elementwise %{{.+}}, %{{.+}} : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
func.func @elementwise_pass_through(%x: tensor<?xf32> {mir.dims = ["seq"]}, %y: tensor<1xf32>) -> tensor<?xf32> {
  %r = mir.elementwise %x, %y : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = mir.binary add %a, %b : (f32, f32) -> f32
    mir.yield %s : f32
  }
  return %r : tensor<?xf32>
}

// -----

// A reshape keeps the leading dims where input and result agree (`?` over
// `?`), so they pass through and the one other `?` is inferred:
// convert-hir-to-mir's head split [B, L, H*D] -> [B, L, H, D] with seq
// symbolic (bound to 1 here); rlx-run-symbolic-encoder.test runs the
// encoder with batch and seq both symbolic.
// CHECK-LABEL: func.func @reshape_keeps_leading_dims(
// CHECK:         mir.reshape %{{.+}} : tensor<3x1x8xf32> to tensor<3x1x2x4xf32>
// CHECK:         mir.reshape %{{.+}} : tensor<3x1x8xf32> to tensor<3x1x4x2xf32>
func.func @reshape_keeps_leading_dims(%x: tensor<3x?x8xf32> {mir.dims = [3, "seq", 8]}) -> (tensor<3x?x2x4xf32>, tensor<3x?x4x?xf32>) {
  %a = mir.reshape %x : tensor<3x?x8xf32> to tensor<3x?x2x4xf32>
  %b = mir.reshape %x : tensor<3x?x8xf32> to tensor<3x?x4x?xf32>
  return %a, %b : tensor<3x?x2x4xf32>, tensor<3x?x4x?xf32>
}
