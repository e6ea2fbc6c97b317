// RUN: rlx-opt %s -split-input-file -verify-diagnostics -convert-mir-to-lir

// Every diagnostic convert-mir-to-lir emits on its input. (Options: see
// invalid-options.mlir.)

// A symbolic dim left in an argument.
// expected-error@+1 {{'func.func' op argument #0 has a dynamic shape (tensor<?x4xf32>); specialize the symbolic dims first (mir-specialize)}}
func.func @dynamic_argument(%x: tensor<?x4xf32>) -> tensor<4xf32> {
  %c = mir.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// A dynamic result type.
// expected-error@+1 {{'func.func' op result #0 has a dynamic shape (tensor<?xf32>)}}
func.func @dynamic_result(%x: tensor<16xf32>) -> tensor<?xf32> {
  %r = mir.reshape %x : tensor<16xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A dynamic shape inside the function, named on the op that makes it.
func.func @dynamic_op(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error@+1 {{'mir.reshape' op result #0 has a dynamic shape (tensor<?xf32>); specialize the symbolic dims first (mir-specialize)}}
  %r = mir.reshape %x : tensor<16xf32> to tensor<?xf32>
  %s = mir.reshape %r : tensor<?xf32> to tensor<16xf32>
  return %s : tensor<16xf32>
}

// -----

// An op of another dialect.
func.func @not_mir(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'arith.constant' op is not a MIR op; convert-mir-to-lir lowers mir.* ops and func.return only}}
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// HIR that was never lowered.
func.func @hir_left(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'hir.activation' op is not a MIR op}}
  %y = hir.activation relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Arguments are tensors (inputs), not buffers.
// expected-error@+1 {{'func.func' op argument #0 has type memref<4xf32>, not a ranked tensor}}
func.func @memref_argument(%x: memref<4xf32>) {
  return
}

// -----

// A declaration has nothing to lower.
// expected-error@+1 {{'func.func' op has no body to lower to a lir.program}}
func.func private @external(tensor<4xf32>) -> tensor<4xf32>

// -----

// A scalar mir.constant belongs in an elementwise region, not in the graph.
func.func @scalar_constant() -> tensor<f32> {
  // expected-error@+1 {{'mir.constant' op result #0 has type f32, not a ranked tensor}}
  %c = mir.constant 1.0 : f32
  %t = mir.constant dense<1.0> : tensor<f32>
  return %t : tensor<f32>
}

// -----

// Manifest names are unique per role (lir.program C4).
// expected-error@+1 {{'func.func' op has two inputs named 'x'}}
func.func @two_inputs_named_x(%a: tensor<4xf32> {mir.name = "x"}, %b: tensor<4xf32> {mir.name = "x"}) -> tensor<4xf32> {
  %s = mir.binary add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// expected-error@+1 {{'func.func' op has two outputs named 'y'}}
func.func @two_outputs_named_y(%a: tensor<4xf32>) -> (tensor<4xf32> {mir.name = "y"}, tensor<4xf32> {mir.name = "y"}) {
  %e = mir.unary exp %a : tensor<4xf32>
  %l = mir.unary log %a : tensor<4xf32>
  return %e, %l : tensor<4xf32>, tensor<4xf32>
}

// -----

// Each tensor fits in int64 bytes, but two 2^62-byte slots do not.
// expected-error@+1 {{'func.func' op needs an arena larger than INT64_MAX bytes}}
func.func @arena_overflow(%a: tensor<4611686018427387904xi8>, %b: tensor<4611686018427387904xi8>) {
  return
}

// -----

// Control flow has no place in a schedule.
// expected-error@+1 {{'func.func' op must have a single block to lower to a lir.program}}
func.func @two_blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
^bb1:
  return %x : tensor<4xf32>
}
