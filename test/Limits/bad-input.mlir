// Malformed input gives a clear error, never a crash.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics

// A dense constant whose literal does not match its type.
func.func @dense_size_mismatch() -> tensor<2xf32> {
  // expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  %c = mir.constant dense<[1.0, 2.0, 3.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// An unknown op of a known dialect.
func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'mir.frobnicate' is unknown}}
  %y = mir.frobnicate %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// An op of a dialect rlx-opt does not register.
func.func @unknown_dialect(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{Dialect `torch' not found for custom op 'torch.relu'}}
  // expected-note @+1 {{Registered dialects: arith, builtin, func, gpu, hir, linalg, lir, llvm, math, memref, mir, rlx, scf, spirv, tensor, vector}}
  %y = torch.relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A shape whose element count overflows int64.
func.func @element_count_overflow(%x: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  // expected-error @+1 {{has an element count that overflows int64}}
  %y = mir.unary relu %x : tensor<4294967296x4294967296xf32>
  return %y : tensor<4294967296x4294967296xf32>
}

// -----

// A shape whose byte size (not element count) overflows int64.
func.func @byte_size_overflow(%x: tensor<2305843009213693952x2xf32>) -> tensor<2305843009213693952x2xf32> {
  // expected-error @+1 {{has a byte size that overflows int64}}
  %y = mir.unary relu %x : tensor<2305843009213693952x2xf32>
  return %y : tensor<2305843009213693952x2xf32>
}
