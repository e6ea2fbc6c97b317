// RUN: rlx-opt %s -split-input-file -verify-diagnostics

// One case per numbered constraint (C1)...(Cn) of each op in HIROps.td, one
// per branch where a constraint has several; then ODS type and structure
// errors, type inference on generic-form ops, the BoundedShapes trait and the
// function annotations.
//
// A constraint the result-type inference checks fails with two errors: the
// reason, or MLIR's "inferred type(s) ... are incompatible with return
// type(s) of operation ..." when only the declared result type is wrong; then
// MLIR's "failed to infer returned types".

//===----------------------------------------------------------------------===//
// hir.param
//===----------------------------------------------------------------------===//

// hir.param C1: empty name
func.func @param_empty_name() -> tensor<4xf32> {
  // expected-error @+1 {{'hir.param' op parameter name must not be empty}}
  %0 = hir.param "" : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hir.param C1: a name is printable ASCII (no newline, NUL, escape codes).
func.func @param_control_name() -> tensor<4xf32> {
  // expected-error @+1 {{'hir.param' op parameter name has a byte that is not printable ASCII (a control character, NUL or non-ASCII)}}
  %0 = hir.param "w\n" : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Argument and result names follow the same rule.
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.name': the name has a byte that is not printable ASCII}}
func.func @arg_escape_name(%x: tensor<4xf32> {hir.name = "x\1B[31m"}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op result 0 attribute 'hir.name': the name has a byte that is not printable ASCII}}
func.func @result_nul_name(%x: tensor<4xf32>) -> (tensor<4xf32> {hir.name = "y\00"}) {
  return %x : tensor<4xf32>
}

// -----

// hir.param C2: the same name declared again with another shape
func.func @param_duplicate_name_other_shape() -> (tensor<4xf32>, tensor<8xf32>) {
  %0 = hir.param "w" : tensor<4xf32>
  // expected-error @+1 {{'hir.param' op parameter 'w' was declared as 'tensor<4xf32>' earlier in the block}}
  %1 = hir.param "w" : tensor<8xf32>
  return %0, %1 : tensor<4xf32>, tensor<8xf32>
}

// -----

// hir.param C2: the same name declared again with another element type, after other ops
func.func @param_duplicate_name_other_dtype() -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = hir.param "w" : tensor<4xf32>
  %1 = hir.param "v" : tensor<4xf16>
  %2 = hir.activation relu %0 : tensor<4xf32>
  // expected-error @+1 {{'hir.param' op parameter 'w' was declared as 'tensor<4xf32>' earlier in the block}}
  %3 = hir.param "w" : tensor<4xf16>
  return %2, %3 : tensor<4xf32>, tensor<4xf16>
}

//===----------------------------------------------------------------------===//
// hir.linear
//===----------------------------------------------------------------------===//

// -----

// hir.linear C1: weight of rank 3
func.func @linear_weight_rank3(%x: tensor<8x16xf32>, %w: tensor<2x16x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op failed to infer returned types}}
  // expected-error @+1 {{'hir.linear' op weight must have rank 2 [K, N], got 2x16x4}}
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<2x16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.linear C1: weight of rank 1
func.func @linear_weight_rank1(%x: tensor<8x16xf32>, %w: tensor<16xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hir.linear' op failed to infer returned types}}
  // expected-error @+1 {{'hir.linear' op weight must have rank 2 [K, N], got 16}}
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// hir.linear C1: input's last dim differs from K
func.func @linear_k_mismatch(%x: tensor<8x15xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op failed to infer returned types}}
  // expected-error @+1 {{'hir.linear' op input's last dim must equal weight's K = 16, input shape is 8x15}}
  %0 = hir.linear %x, %w : (tensor<8x15xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.linear C1: a rank-0 input has no last dim
func.func @linear_scalar_input(%x: tensor<f32>, %w: tensor<16x4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'hir.linear' op failed to infer returned types}}
  // expected-error @+1 {{'hir.linear' op input's last dim must equal weight's K = 16, input shape is scalar}}
  %0 = hir.linear %x, %w : (tensor<f32>, tensor<16x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hir.linear C2: bias of rank 2
func.func @linear_bias_rank2(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<1x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op failed to infer returned types}}
  // expected-error @+1 {{'hir.linear' op bias must have shape 4, got 1x4}}
  %0 = hir.linear %x, %w, %b : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.linear C2: bias of the wrong size
func.func @linear_bias_size(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<5xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op failed to infer returned types}}
  // expected-error @+1 {{'hir.linear' op bias must have shape 4, got 5}}
  %0 = hir.linear %x, %w, %b act = relu : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<5xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.linear C3: result's last dim is not N
func.func @linear_result_last_dim(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x5xf32> {
  // expected-error @+2 {{'hir.linear' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<8x5xf32>'}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x5xf32>
  return %0 : tensor<8x5xf32>
}

// -----

// hir.linear C3: result's leading dim differs from the input's
func.func @linear_result_leading_dim(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<7x4xf32> {
  // expected-error @+2 {{'hir.linear' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<7x4xf32>'}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<7x4xf32>
  return %0 : tensor<7x4xf32>
}

// -----

// hir.linear C3: result of the wrong rank
func.func @linear_result_rank(%x: tensor<2x8x16xf32>, %w: tensor<16x4xf32>) -> tensor<16x4xf32> {
  // expected-error @+2 {{'hir.linear' op inferred type(s) 'tensor<2x8x4xf32>' are incompatible with return type(s) of operation 'tensor<16x4xf32>'}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = hir.linear %x, %w : (tensor<2x8x16xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

// hir.linear C4: weight element type differs from the input's
func.func @linear_weight_dtype(%x: tensor<8x16xf32>, %w: tensor<16x4xf16>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op weight must have the input's element type 'f32', got 'f16'}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<16x4xf16>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.linear C4: result element type differs from the input's
func.func @linear_result_dtype(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xbf16> {
  // expected-error @+2 {{'hir.linear' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<8x4xbf16>'}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xbf16>
  return %0 : tensor<8x4xbf16>
}

// -----

// hir.linear C4: bias element type differs from the input's
func.func @linear_bias_dtype(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf64>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op bias must have the input's element type 'f32', got 'f64'}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = hir.linear %x, %w, %b : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf64>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

//===----------------------------------------------------------------------===//
// hir.matmul
//===----------------------------------------------------------------------===//

// -----

// hir.matmul C1: operand element types differ
func.func @matmul_operand_dtype(%a: tensor<16x32xf32>, %b: tensor<32x8xf16>) -> tensor<16x8xf32> {
  // expected-error @+2 {{'hir.matmul' op operands must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{'hir.matmul' op failed to infer returned types}}
  %0 = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<32x8xf16>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// hir.matmul C1: result element type differs from the operands'
func.func @matmul_result_dtype(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>) -> tensor<16x8xi32> {
  // expected-error @+2 {{'hir.matmul' op inferred type(s) 'tensor<16x8xi8>' are incompatible with return type(s) of operation 'tensor<16x8xi32>'}}
  // expected-error @+1 {{'hir.matmul' op failed to infer returned types}}
  %0 = hir.matmul %a, %b : (tensor<16x32xi8>, tensor<32x8xi8>) -> tensor<16x8xi32>
  return %0 : tensor<16x8xi32>
}

// -----

// hir.matmul C2: lhs of rank 1
func.func @matmul_lhs_rank1(%a: tensor<32xf32>, %b: tensor<32x8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hir.matmul' op failed to infer returned types}}
  // expected-error @+1 {{'hir.matmul' op operands must have rank >= 2, got ranks 1 and 2}}
  %0 = hir.matmul %a, %b : (tensor<32xf32>, tensor<32x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// hir.matmul C2: rhs of rank 1
func.func @matmul_rhs_rank1(%a: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<16xf32> {
  // expected-error @+2 {{'hir.matmul' op failed to infer returned types}}
  // expected-error @+1 {{'hir.matmul' op operands must have rank >= 2, got ranks 2 and 1}}
  %0 = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// hir.matmul C2: contraction dims differ
func.func @matmul_k_mismatch(%a: tensor<16x32xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+2 {{'hir.matmul' op failed to infer returned types}}
  // expected-error @+1 {{'hir.matmul' op contraction dims differ: lhs has K = 32, rhs has K = 16}}
  %0 = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// hir.matmul C3: batch dims that do not broadcast
func.func @matmul_batch_mismatch(%a: tensor<3x16x32xf32>, %b: tensor<4x32x8xf32>) -> tensor<4x16x8xf32> {
  // expected-error @+2 {{'hir.matmul' op failed to infer returned types}}
  // expected-error @+1 {{'hir.matmul' op batch dims do not broadcast: dims 3 and 4 at result dim 0 are neither equal nor 1 (shapes 3 and 4)}}
  %0 = hir.matmul %a, %b : (tensor<3x16x32xf32>, tensor<4x32x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}

// -----

// hir.matmul C4: result's N is wrong
func.func @matmul_result_n(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x4xf32> {
  // expected-error @+2 {{'hir.matmul' op inferred type(s) 'tensor<16x8xf32>' are incompatible with return type(s) of operation 'tensor<16x4xf32>'}}
  // expected-error @+1 {{'hir.matmul' op failed to infer returned types}}
  %0 = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

// hir.matmul C4: result lacks the broadcast batch dim
func.func @matmul_result_batch(%a: tensor<2x16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+2 {{'hir.matmul' op inferred type(s) 'tensor<2x16x8xf32>' are incompatible with return type(s) of operation 'tensor<16x8xf32>'}}
  // expected-error @+1 {{'hir.matmul' op failed to infer returned types}}
  %0 = hir.matmul %a, %b : (tensor<2x16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

//===----------------------------------------------------------------------===//
// hir.attention
//===----------------------------------------------------------------------===//

// -----

// hir.attention C1: q of rank 2
func.func @attention_q_rank2(%q: tensor<8x16xf32>, %kv: tensor<1x8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'hir.attention' op q, k and v must have rank 3 [batch, seq, features]}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// hir.attention C1: k and v of rank 4
func.func @attention_kv_rank4(%q: tensor<1x8x16xf32>, %kv: tensor<1x2x8x8xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op q, k and v must have rank 3 [batch, seq, features]}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C1: v alone of rank 2
func.func @attention_v_rank2(%q: tensor<1x8x16xf32>, %v: tensor<8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op q, k and v must have rank 3 [batch, seq, features]}}
  %0 = hir.attention none %q, %q, %v heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C1: q and k have different batch dims
func.func @attention_batch_mismatch(%q: tensor<1x8x16xf32>, %kv: tensor<2x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op q and k have different batch dims (1 vs 2)}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C1: k and v have different types
func.func @attention_kv_types_differ(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x4x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op k and v must have the same type, got 'tensor<1x8x16xf32>' and 'tensor<1x4x16xf32>'}}
  %0 = hir.attention none %q, %k, %v heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x4x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C2: q's last dim is not heads * head_dim
func.func @attention_q_features(%q: tensor<1x8x12xf32>, %kv: tensor<1x8x16xf32>) -> tensor<1x8x12xf32> {
  // expected-error @+1 {{'hir.attention' op q's last dim must be heads * head_dim = 16, got 12}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<1x8x12xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x12xf32>
  return %0 : tensor<1x8x12xf32>
}

// -----

// hir.attention C2: k's last dim is not kv_heads * head_dim
func.func @attention_k_features(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op k's last dim must be kv_heads * head_dim = 8, got 16}}
  %0 = hir.attention none %q, %q, %q heads = 2 kv_heads = 1 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C2: heads * head_dim overflows int64 (it would wrap to 0)
func.func @attention_features_overflow(%q: tensor<1x8x0xf32>) -> tensor<1x8x0xf32> {
  // expected-error @+1 {{'hir.attention' op heads * head_dim (4611686018427387904 * 4) overflows int64}}
  %0 = hir.attention none %q, %q, %q heads = 4611686018427387904 head_dim = 4 : (tensor<1x8x0xf32>, tensor<1x8x0xf32>, tensor<1x8x0xf32>) -> tensor<1x8x0xf32>
  return %0 : tensor<1x8x0xf32>
}

// -----

// hir.attention C2: heads * head_dim overflows int64 with a dynamic feature dim
func.func @attention_features_overflow_dynamic(%q: tensor<1x8x?xf32>) -> tensor<1x8x?xf32> {
  // expected-error @+1 {{'hir.attention' op heads * head_dim (2 * 9223372036854775807) overflows int64}}
  %0 = hir.attention none %q, %q, %q heads = 2 head_dim = 9223372036854775807 : (tensor<1x8x?xf32>, tensor<1x8x?xf32>, tensor<1x8x?xf32>) -> tensor<1x8x?xf32>
  return %0 : tensor<1x8x?xf32>
}

// -----

// hir.attention C3: heads = 0
func.func @attention_zero_heads(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op heads, kv_heads and head_dim must be >= 1}}
  %0 = hir.attention none %q, %q, %q heads = 0 kv_heads = 1 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C3: negative head_dim
func.func @attention_negative_head_dim(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op heads, kv_heads and head_dim must be >= 1}}
  %0 = hir.attention none %q, %q, %q heads = 2 head_dim = -8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C3: kv_heads = 0
func.func @attention_zero_kv_heads(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op heads, kv_heads and head_dim must be >= 1}}
  %0 = hir.attention none %q, %q, %q heads = 2 kv_heads = 0 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C3: kv_heads does not divide heads
func.func @attention_kv_heads_not_divisor(%q: tensor<1x8x32xf32>, %kv: tensor<1x8x24xf32>) -> tensor<1x8x32xf32> {
  // expected-error @+1 {{'hir.attention' op kv_heads (3) must divide heads (4)}}
  %0 = hir.attention none %q, %kv, %kv heads = 4 kv_heads = 3 head_dim = 8 : (tensor<1x8x32xf32>, tensor<1x8x24xf32>, tensor<1x8x24xf32>) -> tensor<1x8x32xf32>
  return %0 : tensor<1x8x32xf32>
}

// -----

// hir.attention C3: kv_heads greater than heads
func.func @attention_kv_heads_above_heads(%q: tensor<1x8x16xf32>, %kv: tensor<1x8x32xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op kv_heads (4) must divide heads (2)}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 kv_heads = 4 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x32xf32>, tensor<1x8x32xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: custom mask without a mask operand
func.func @attention_custom_without_mask(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask kind 'custom' needs mask operand}}
  %0 = hir.attention custom %q, %q, %q heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: additive_bias mask without a mask operand
func.func @attention_additive_bias_without_mask(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask kind 'additive_bias' needs mask operand}}
  %0 = hir.attention additive_bias %q, %q, %q heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: mask kind none with a mask operand
func.func @attention_none_with_mask(%q: tensor<1x8x16xf32>, %m: tensor<8x8xi1>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask kind 'none' takes no mask operand}}
  %0 = hir.attention none %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xi1>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: causal mask with a mask operand
func.func @attention_causal_with_mask(%q: tensor<1x8x16xf32>, %m: tensor<8x8xi1>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask kind 'causal' takes no mask operand}}
  %0 = hir.attention causal %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xi1>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: sliding_window mask with a mask operand
func.func @attention_sliding_window_with_mask(%q: tensor<1x8x16xf32>, %m: tensor<8x8xi1>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask kind 'sliding_window' takes no mask operand}}
  %0 = hir.attention sliding_window %q, %q, %q mask(%m) heads = 2 head_dim = 8 window = 4 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xi1>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: custom mask that is not i1
func.func @attention_custom_mask_dtype(%q: tensor<1x8x16xf32>, %m: tensor<8x8xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask for 'custom' must have element type 'i1', got 'f32'}}
  %0 = hir.attention custom %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: additive_bias mask that is i1
func.func @attention_additive_bias_mask_i1(%q: tensor<1x8x16xf32>, %m: tensor<8x8xi1>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask for 'additive_bias' must have element type 'f32', got 'i1'}}
  %0 = hir.attention additive_bias %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xi1>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: additive_bias mask of another float type than q
func.func @attention_additive_bias_mask_f16(%q: tensor<1x8x16xf32>, %m: tensor<8x8xf16>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask for 'additive_bias' must have element type 'f32', got 'f16'}}
  %0 = hir.attention additive_bias %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xf16>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: mask whose [S, T] does not broadcast to the scores
func.func @attention_mask_not_broadcastable(%q: tensor<1x8x16xf32>, %kv: tensor<1x4x16xf32>, %m: tensor<8x5xi1>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask shape 8x5 does not broadcast to the scores shape 1x2x8x4 [B, heads, S, T]}}
  %0 = hir.attention custom %q, %kv, %kv mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<8x5xi1>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: mask whose heads dim differs from the op's heads
func.func @attention_mask_heads_dim(%q: tensor<1x8x16xf32>, %m: tensor<1x3x8x8xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask shape 1x3x8x8 does not broadcast to the scores shape 1x2x8x8 [B, heads, S, T]}}
  %0 = hir.attention additive_bias %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x3x8x8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C4: mask of rank 5
func.func @attention_mask_rank5(%q: tensor<1x8x16xf32>, %m: tensor<1x1x2x8x8xi1>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op mask shape 1x1x2x8x8 does not broadcast to the scores shape 1x2x8x8 [B, heads, S, T]}}
  %0 = hir.attention custom %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x1x2x8x8xi1>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C5: sliding_window without a window
func.func @attention_sliding_window_without_window(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op window must be given exactly for 'sliding_window' masks}}
  %0 = hir.attention sliding_window %q, %q, %q heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C5: a window on a causal mask
func.func @attention_causal_with_window(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op window must be given exactly for 'sliding_window' masks}}
  %0 = hir.attention causal %q, %q, %q heads = 2 head_dim = 8 window = 4 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C5: window = 0
func.func @attention_zero_window(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op window must be >= 1}}
  %0 = hir.attention sliding_window %q, %q, %q heads = 2 head_dim = 8 window = 0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C6: scale = 0
func.func @attention_zero_scale(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op scale must be positive}}
  %0 = hir.attention none %q, %q, %q heads = 2 head_dim = 8 scale = 0.0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C6: negative scale
func.func @attention_negative_scale(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op scale must be positive}}
  %0 = hir.attention none %q, %q, %q heads = 2 head_dim = 8 scale = -0.125 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C6: NaN scale
func.func @attention_nan_scale(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op scale must be positive}}
  %0 = hir.attention none %q, %q, %q heads = 2 head_dim = 8 scale = 0x7FC00000 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C6: softcap = 0
func.func @attention_zero_softcap(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op softcap must be positive}}
  %0 = hir.attention causal %q, %q, %q heads = 2 head_dim = 8 softcap = 0.0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C6: negative softcap
func.func @attention_negative_softcap(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op softcap must be positive}}
  %0 = hir.attention causal %q, %q, %q heads = 2 head_dim = 8 scale = 0.5 softcap = -30.0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C7: result shape differs from q's
func.func @attention_result_shape(%q: tensor<1x8x16xf32>, %kv: tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
  // expected-error @+2 {{'hir.attention' op inferred type(s) 'tensor<1x8x16xf32>' are incompatible with return type(s) of operation 'tensor<1x4x16xf32>'}}
  // expected-error @+1 {{'hir.attention' op failed to infer returned types}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
  return %0 : tensor<1x4x16xf32>
}

// -----

// hir.attention C7: result element type differs from q's
func.func @attention_result_dtype(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf16> {
  // expected-error @+2 {{'hir.attention' op inferred type(s) 'tensor<1x8x16xf32>' are incompatible with return type(s) of operation 'tensor<1x8x16xf16>'}}
  // expected-error @+1 {{'hir.attention' op failed to infer returned types}}
  %0 = hir.attention none %q, %q, %q heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf16>
  return %0 : tensor<1x8x16xf16>
}

// -----

// hir.attention C7: k and v of another element type than q
func.func @attention_kv_dtype(%q: tensor<1x8x16xf32>, %kv: tensor<1x8x16xf16>) -> tensor<1x8x16xf32> {
  // expected-error @+2 {{'hir.attention' op failed to infer returned types}}
  // expected-error @+1 {{'hir.attention' op q, k and v must have the same element type, got 'f32' and 'f16'}}
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf16>, tensor<1x8x16xf16>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.attention C8: a position of two elements
func.func @attention_position_two_elements(%q: tensor<1x1x16xf32>, %kv: tensor<1x8x16xf32>, %p: tensor<2xi32>) -> tensor<1x1x16xf32> {
  // expected-error @+1 {{'hir.attention' op position must have one element, got 2}}
  %0 = hir.attention causal %q, %kv, %kv position(%p) heads = 2 head_dim = 8 : (tensor<1x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<2xi32>) -> tensor<1x1x16xf32>
  return %0 : tensor<1x1x16xf32>
}

// -----

// hir.attention C8: a position with a sliding_window mask
func.func @attention_position_sliding_window(%q: tensor<1x1x16xf32>, %kv: tensor<1x8x16xf32>, %p: tensor<1xi32>) -> tensor<1x1x16xf32> {
  // expected-error @+1 {{'hir.attention' op a run-time position takes mask 'none' or 'causal' and no softcap, got mask 'sliding_window'}}
  %0 = hir.attention sliding_window %q, %kv, %kv position(%p) heads = 2 head_dim = 8 window = 4 : (tensor<1x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi32>) -> tensor<1x1x16xf32>
  return %0 : tensor<1x1x16xf32>
}

// -----

// hir.attention C8: a position with a custom mask operand
func.func @attention_position_custom(%q: tensor<1x1x16xf32>, %kv: tensor<1x8x16xf32>, %m: tensor<1x8xi1>, %p: tensor<1xi32>) -> tensor<1x1x16xf32> {
  // expected-error @+1 {{'hir.attention' op a run-time position takes mask 'none' or 'causal' and no softcap, got mask 'custom'}}
  %0 = hir.attention custom %q, %kv, %kv mask(%m) position(%p) heads = 2 head_dim = 8 : (tensor<1x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8xi1>, tensor<1xi32>) -> tensor<1x1x16xf32>
  return %0 : tensor<1x1x16xf32>
}

// -----

// hir.attention C8: a position with a softcap
func.func @attention_position_softcap(%q: tensor<1x1x16xf32>, %kv: tensor<1x8x16xf32>, %p: tensor<1xi32>) -> tensor<1x1x16xf32> {
  // expected-error @+1 {{'hir.attention' op a run-time position takes mask 'none' or 'causal' and no softcap, got mask 'causal' and a softcap}}
  %0 = hir.attention causal %q, %kv, %kv position(%p) heads = 2 head_dim = 8 softcap = 30.0 : (tensor<1x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi32>) -> tensor<1x1x16xf32>
  return %0 : tensor<1x1x16xf32>
}

//===----------------------------------------------------------------------===//
// hir.layer_norm
//===----------------------------------------------------------------------===//

// -----

// hir.layer_norm C1: result type differs from the input's
func.func @layer_norm_result_type(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf16> {
  // expected-error @+2 {{'hir.layer_norm' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf16>'}}
  // expected-error @+1 {{'hir.layer_norm' op failed to infer returned types}}
  %0 = hir.layer_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// hir.layer_norm C2: gamma of rank 2
func.func @layer_norm_gamma_rank2(%x: tensor<4x8xf32>, %g: tensor<1x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op gamma must have shape 8 (the last input dim), got 1x8}}
  %0 = hir.layer_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C2: gamma of the wrong size
func.func @layer_norm_gamma_size(%x: tensor<4x8xf32>, %g: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op gamma must have shape 8 (the last input dim), got 4}}
  %0 = hir.layer_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C2: gamma of another element type
func.func @layer_norm_gamma_dtype(%x: tensor<4x8xf32>, %g: tensor<8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op gamma must have the input's element type 'f32', got 'f16'}}
  %0 = hir.layer_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<8xf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C2: beta of the wrong size
func.func @layer_norm_beta_size(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<9xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op beta must have shape 8 (the last input dim), got 9}}
  %0 = hir.layer_norm %x, %g, %b eps = 0.5 : (tensor<4x8xf32>, tensor<8xf32>, tensor<9xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C2: beta of another element type
func.func @layer_norm_beta_dtype(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xbf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op beta must have the input's element type 'f32', got 'bf16'}}
  %0 = hir.layer_norm %x, %g, %b eps = 0.5 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xbf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C2: a rank-0 input has no last dim
func.func @layer_norm_scalar_input(%x: tensor<f32>, %g: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hir.layer_norm' op input must have rank >= 1}}
  %0 = hir.layer_norm %x, %g eps = 0.5 : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// hir.layer_norm C3: eps = 0
func.func @layer_norm_zero_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op eps must be positive, got 0.000000e+00}}
  %0 = hir.layer_norm %x, %g eps = 0.0 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C3: negative eps
func.func @layer_norm_negative_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op eps must be positive, got -5.000000e-01}}
  %0 = hir.layer_norm %x, %g eps = -0.5 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.layer_norm C3: NaN eps
func.func @layer_norm_nan_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op eps must be positive, got nan}}
  %0 = hir.layer_norm %x, %g eps = 0x7FC00000 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// hir.rms_norm
//===----------------------------------------------------------------------===//

// -----

// hir.rms_norm C1: result shape differs from the input's
func.func @rms_norm_result_type(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.rms_norm' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<8x4xf32>'}}
  // expected-error @+1 {{'hir.rms_norm' op failed to infer returned types}}
  %0 = hir.rms_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.rms_norm C2: gamma of rank 2
func.func @rms_norm_gamma_rank2(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.rms_norm' op gamma must have shape 8 (the last input dim), got 4x8}}
  %0 = hir.rms_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.rms_norm C2: gamma of the wrong size
func.func @rms_norm_gamma_size(%x: tensor<4x8xf32>, %g: tensor<7xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.rms_norm' op gamma must have shape 8 (the last input dim), got 7}}
  %0 = hir.rms_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<7xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.rms_norm C2: gamma of another element type
func.func @rms_norm_gamma_dtype(%x: tensor<4x8xbf16>, %g: tensor<8xf32>) -> tensor<4x8xbf16> {
  // expected-error @+1 {{'hir.rms_norm' op gamma must have the input's element type 'bf16', got 'f32'}}
  %0 = hir.rms_norm %x, %g eps = 0.5 : (tensor<4x8xbf16>, tensor<8xf32>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

// hir.rms_norm C2: a rank-0 input has no last dim
func.func @rms_norm_scalar_input(%x: tensor<f32>, %g: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hir.rms_norm' op input must have rank >= 1}}
  %0 = hir.rms_norm %x, %g eps = 0.5 : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// hir.rms_norm C3: eps = 0
func.func @rms_norm_zero_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.rms_norm' op eps must be positive, got 0.000000e+00}}
  %0 = hir.rms_norm %x, %g eps = 0.0 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.rms_norm C3: negative eps
func.func @rms_norm_negative_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.rms_norm' op eps must be positive, got -1.000000e+00}}
  %0 = hir.rms_norm %x, %g eps = -1.0 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// hir.residual_norm
//===----------------------------------------------------------------------===//

// -----

// hir.residual_norm C1: residual of another type than the input
func.func @residual_norm_residual_type(%x: tensor<4x8xf32>, %r: tensor<1x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{'hir.residual_norm' op input and residual must have the same type, got 'tensor<4x8xf32>' and 'tensor<1x8xf32>'}}
  // expected-error @+1 {{'hir.residual_norm' op failed to infer returned types}}
  %n, %s = hir.residual_norm rms %x, %r, %g eps = 0.5 : (tensor<4x8xf32>, tensor<1x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C1: normed result of another type than the input
func.func @residual_norm_normed_type(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf16> {
  // expected-error @+2 {{'hir.residual_norm' op inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf16>', 'tensor<4x8xf32>'}}
  // expected-error @+1 {{'hir.residual_norm' op failed to infer returned types}}
  %n, %s = hir.residual_norm rms %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf16>, tensor<4x8xf32>)
  return %n : tensor<4x8xf16>
}

// -----

// hir.residual_norm C1: sum result of another shape than the input (a `?`
// dim would be compatible, see ops.mlir)
func.func @residual_norm_sum_type(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x9xf32> {
  // expected-error @+2 {{'hir.residual_norm' op inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>', 'tensor<4x9xf32>'}}
  // expected-error @+1 {{'hir.residual_norm' op failed to infer returned types}}
  %n, %s = hir.residual_norm layer %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x9xf32>)
  return %s : tensor<4x9xf32>
}

// -----

// hir.residual_norm C2: gamma of the wrong size
func.func @residual_norm_gamma_size(%x: tensor<4x8xf32>, %g: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op gamma must have shape 8 (the last input dim), got 4}}
  %n, %s = hir.residual_norm rms %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C2: gamma of another element type
func.func @residual_norm_gamma_dtype(%x: tensor<4x8xf32>, %g: tensor<8xf64>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op gamma must have the input's element type 'f32', got 'f64'}}
  %n, %s = hir.residual_norm rms %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf64>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C2: beta of rank 2
func.func @residual_norm_beta_rank2(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<1x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op beta must have shape 8 (the last input dim), got 1x8}}
  %n, %s = hir.residual_norm layer %x, %x, %g, %b eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<1x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C2: beta of another element type
func.func @residual_norm_beta_dtype(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op beta must have the input's element type 'f32', got 'f16'}}
  %n, %s = hir.residual_norm layer %x, %x, %g, %b eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf16>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C3: beta with an RMS norm
func.func @residual_norm_rms_with_beta(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op beta is only allowed with 'layer' norm}}
  %n, %s = hir.residual_norm rms %x, %x, %g, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C4: eps = 0
func.func @residual_norm_zero_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op eps must be positive, got 0.000000e+00}}
  %n, %s = hir.residual_norm layer %x, %x, %g eps = 0.0 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// hir.residual_norm C4: negative eps
func.func @residual_norm_negative_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op eps must be positive, got -2.500000e-01}}
  %n, %s = hir.residual_norm rms %x, %x, %g eps = -0.25 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// hir.softmax
//===----------------------------------------------------------------------===//

// -----

// hir.softmax C1: result type differs from the operand's (generic form)
func.func @softmax_result_type(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'hir.softmax' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{'hir.softmax' op failed to infer returned types}}
  %0 = "hir.softmax"(%x) <{axis = -1 : i64}> : (tensor<4x8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// hir.softmax C2: axis = rank
func.func @softmax_axis_too_large(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.softmax' op axis 2 is out of range for rank 2}}
  %0 = hir.softmax %x axis = 2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.softmax C2: axis below -rank
func.func @softmax_axis_too_small(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.softmax' op axis -3 is out of range for rank 2}}
  %0 = hir.softmax %x axis = -3 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.softmax C2: a rank-0 operand has no axis
func.func @softmax_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hir.softmax' op axis -1 is out of range for rank 0}}
  %0 = hir.softmax %x axis = -1 : tensor<f32>
  return %0 : tensor<f32>
}

//===----------------------------------------------------------------------===//
// hir.swiglu
//===----------------------------------------------------------------------===//

// -----

// hir.swiglu C1: w_gate and w_up of different types
func.func @swiglu_weight_types_differ(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x128xf32>) -> tensor<16x256xf32> {
  // expected-error @+1 {{'hir.swiglu' op w_gate and w_up must have the same type, got 'tensor<64x256xf32>' and 'tensor<64x128xf32>'}}
  %0 = hir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x128xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// hir.swiglu C1: weights of rank 3
func.func @swiglu_weight_rank3(%x: tensor<16x64xf32>, %w: tensor<1x64x256xf32>) -> tensor<16x256xf32> {
  // expected-error @+2 {{'hir.swiglu' op failed to infer returned types}}
  // expected-error @+1 {{'hir.swiglu' op w_gate must have rank 2 [K, N], got 1x64x256}}
  %0 = hir.swiglu %x, %w, %w : (tensor<16x64xf32>, tensor<1x64x256xf32>, tensor<1x64x256xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// hir.swiglu C2: input's last dim differs from K
func.func @swiglu_k_mismatch(%x: tensor<16x32xf32>, %w: tensor<64x256xf32>) -> tensor<16x256xf32> {
  // expected-error @+2 {{'hir.swiglu' op failed to infer returned types}}
  // expected-error @+1 {{'hir.swiglu' op input's last dim must equal w_gate's K = 64, input shape is 16x32}}
  %0 = hir.swiglu %x, %w, %w : (tensor<16x32xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// hir.swiglu C3: result's last dim is not F
func.func @swiglu_result_shape(%x: tensor<16x64xf32>, %w: tensor<64x256xf32>) -> tensor<16x128xf32> {
  // expected-error @+2 {{'hir.swiglu' op inferred type(s) 'tensor<16x256xf32>' are incompatible with return type(s) of operation 'tensor<16x128xf32>'}}
  // expected-error @+1 {{'hir.swiglu' op failed to infer returned types}}
  %0 = hir.swiglu %x, %w, %w : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x128xf32>
  return %0 : tensor<16x128xf32>
}

// -----

// hir.swiglu C3: input element type differs from the weights'
func.func @swiglu_input_dtype(%x: tensor<16x64xf16>, %w: tensor<64x256xf32>) -> tensor<16x256xf32> {
  // expected-error @+2 {{'hir.swiglu' op w_gate must have the input's element type 'f16', got 'f32'}}
  // expected-error @+1 {{'hir.swiglu' op failed to infer returned types}}
  %0 = hir.swiglu %x, %w, %w : (tensor<16x64xf16>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// hir.swiglu C3: result element type differs from the operands'
func.func @swiglu_result_dtype(%x: tensor<16x64xf32>, %w: tensor<64x256xf32>) -> tensor<16x256xf64> {
  // expected-error @+2 {{'hir.swiglu' op inferred type(s) 'tensor<16x256xf32>' are incompatible with return type(s) of operation 'tensor<16x256xf64>'}}
  // expected-error @+1 {{'hir.swiglu' op failed to infer returned types}}
  %0 = hir.swiglu %x, %w, %w : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf64>
  return %0 : tensor<16x256xf64>
}

//===----------------------------------------------------------------------===//
// hir.rope
//===----------------------------------------------------------------------===//

// -----

// hir.rope C1: input of rank 2
func.func @rope_input_rank2(%x: tensor<8x16xf32>, %p: tensor<8xi64>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'hir.rope' op input must be [batch, seq, heads * head_dim = 16], got 8x16}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<8x16xf32>, tensor<8xi64>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// hir.rope C1: input's last dim is not heads * head_dim
func.func @rope_input_features(%x: tensor<1x8x24xf32>, %p: tensor<8xi64>) -> tensor<1x8x24xf32> {
  // expected-error @+1 {{'hir.rope' op input must be [batch, seq, heads * head_dim = 16], got 1x8x24}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<1x8x24xf32>, tensor<8xi64>) -> tensor<1x8x24xf32>
  return %0 : tensor<1x8x24xf32>
}

// -----

// hir.rope C1: heads * head_dim overflows int64 (it would wrap to 0)
func.func @rope_features_overflow(%x: tensor<1x8x0xf32>, %p: tensor<8xi64>) -> tensor<1x8x0xf32> {
  // expected-error @+1 {{'hir.rope' op heads * head_dim (4611686018427387904 * 4) overflows int64}}
  %0 = hir.rope %x, %p heads = 4611686018427387904 head_dim = 4 : (tensor<1x8x0xf32>, tensor<8xi64>) -> tensor<1x8x0xf32>
  return %0 : tensor<1x8x0xf32>
}

// -----

// hir.rope C2: heads = 0
func.func @rope_zero_heads(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op heads and head_dim must be >= 1}}
  %0 = hir.rope %x, %p heads = 0 head_dim = 8 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C2: head_dim = 0
func.func @rope_zero_head_dim(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op heads and head_dim must be >= 1}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C2: odd rotary_dim
func.func @rope_odd_rotary_dim(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op rotary_dim must be even and in [2, 8], got 3}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 rotary_dim = 3 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C2: rotary_dim = 0
func.func @rope_zero_rotary_dim(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op rotary_dim must be even and in [2, 8], got 0}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 rotary_dim = 0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C2: rotary_dim above head_dim
func.func @rope_rotary_dim_above_head_dim(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op rotary_dim must be even and in [2, 8], got 10}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 rotary_dim = 10 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C2: an odd head_dim without rotary_dim (the default rotary_dim is odd)
func.func @rope_odd_head_dim(%x: tensor<1x8x14xf32>, %p: tensor<8xi64>) -> tensor<1x8x14xf32> {
  // expected-error @+1 {{'hir.rope' op rotary_dim must be even and in [2, 7], got 7}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 7 : (tensor<1x8x14xf32>, tensor<8xi64>) -> tensor<1x8x14xf32>
  return %0 : tensor<1x8x14xf32>
}

// -----

// hir.rope C3: positions of rank 2
func.func @rope_positions_rank2(%x: tensor<1x8x16xf32>, %p: tensor<1x8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op positions must have shape [8] (the sequence length), got 1x8}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C3: positions of another length than the sequence
func.func @rope_positions_length(%x: tensor<1x8x16xf32>, %p: tensor<9xi32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op positions must have shape [8] (the sequence length), got 9}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<9xi32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C4: theta = 0
func.func @rope_zero_theta(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op theta must be positive}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 theta = 0.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C4: negative theta
func.func @rope_negative_theta(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op theta must be positive}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 theta = -10000.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// hir.rope C5: result type differs from the input's
func.func @rope_result_type(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf16> {
  // expected-error @+2 {{'hir.rope' op inferred type(s) 'tensor<1x8x16xf32>' are incompatible with return type(s) of operation 'tensor<1x8x16xf16>'}}
  // expected-error @+1 {{'hir.rope' op failed to infer returned types}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf16>
  return %0 : tensor<1x8x16xf16>
}

//===----------------------------------------------------------------------===//
// hir.embedding
//===----------------------------------------------------------------------===//

// -----

// hir.embedding C1: table of rank 1
func.func @embedding_table_rank1(%ids: tensor<4xi32>, %t: tensor<256xf32>) -> tensor<4x256xf32> {
  // expected-error @+2 {{'hir.embedding' op failed to infer returned types}}
  // expected-error @+1 {{'hir.embedding' op table must have rank 2 [vocab, dim], got 256}}
  %0 = hir.embedding %ids, %t : (tensor<4xi32>, tensor<256xf32>) -> tensor<4x256xf32>
  return %0 : tensor<4x256xf32>
}

// -----

// hir.embedding C1: table of rank 3
func.func @embedding_table_rank3(%ids: tensor<4xi32>, %t: tensor<2x100x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{'hir.embedding' op failed to infer returned types}}
  // expected-error @+1 {{'hir.embedding' op table must have rank 2 [vocab, dim], got 2x100x8}}
  %0 = hir.embedding %ids, %t : (tensor<4xi32>, tensor<2x100x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// hir.embedding C2: result's last dim is not D
func.func @embedding_result_dim(%ids: tensor<1x128xi32>, %t: tensor<100x256xf32>) -> tensor<1x128x128xf32> {
  // expected-error @+2 {{'hir.embedding' op inferred type(s) 'tensor<1x128x256xf32>' are incompatible with return type(s) of operation 'tensor<1x128x128xf32>'}}
  // expected-error @+1 {{'hir.embedding' op failed to infer returned types}}
  %0 = hir.embedding %ids, %t : (tensor<1x128xi32>, tensor<100x256xf32>) -> tensor<1x128x128xf32>
  return %0 : tensor<1x128x128xf32>
}

// -----

// hir.embedding C2: result without the trailing D dim
func.func @embedding_result_rank(%ids: tensor<1x128xi32>, %t: tensor<100x256xf32>) -> tensor<1x128xf32> {
  // expected-error @+2 {{'hir.embedding' op inferred type(s) 'tensor<1x128x256xf32>' are incompatible with return type(s) of operation 'tensor<1x128xf32>'}}
  // expected-error @+1 {{'hir.embedding' op failed to infer returned types}}
  %0 = hir.embedding %ids, %t : (tensor<1x128xi32>, tensor<100x256xf32>) -> tensor<1x128xf32>
  return %0 : tensor<1x128xf32>
}

// -----

// hir.embedding C2: result element type differs from the table's
func.func @embedding_result_dtype(%ids: tensor<4xi64>, %t: tensor<100x8xf32>) -> tensor<4x8xf16> {
  // expected-error @+2 {{'hir.embedding' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf16>'}}
  // expected-error @+1 {{'hir.embedding' op failed to infer returned types}}
  %0 = hir.embedding %ids, %t : (tensor<4xi64>, tensor<100x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

//===----------------------------------------------------------------------===//
// hir.activation
//===----------------------------------------------------------------------===//

// -----

// hir.activation C1: result type differs from the operand's (generic form)
func.func @activation_result_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+2 {{'hir.activation' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error @+1 {{'hir.activation' op failed to infer returned types}}
  %0 = "hir.activation"(%x) <{kind = 0 : i32}> : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// hir.activation C2: gelu on an integer tensor
func.func @activation_gelu_integer(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hir.activation' op 'gelu' needs a float operand, got 'tensor<4xi32>'}}
  %0 = hir.activation gelu %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// hir.activation C2: exp on an i8 tensor
func.func @activation_exp_integer(%x: tensor<2x2xi8>) -> tensor<2x2xi8> {
  // expected-error @+1 {{'hir.activation' op 'exp' needs a float operand, got 'tensor<2x2xi8>'}}
  %0 = hir.activation exp %x : tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}

// -----

// hir.activation C2: round on an i64 tensor
func.func @activation_round_integer(%x: tensor<?xi64>) -> tensor<?xi64> {
  // expected-error @+1 {{'hir.activation' op 'round' needs a float operand, got 'tensor<?xi64>'}}
  %0 = hir.activation round %x : tensor<?xi64>
  return %0 : tensor<?xi64>
}

//===----------------------------------------------------------------------===//
// hir.binary
//===----------------------------------------------------------------------===//

// -----

// hir.binary C1: operand element types differ
func.func @binary_operand_dtype(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+2 {{'hir.binary' op operands must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{'hir.binary' op failed to infer returned types}}
  %0 = hir.binary add %x, %y : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hir.binary C1: result element type differs from the operands'
func.func @binary_result_dtype(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+2 {{'hir.binary' op inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<4xi64>'}}
  // expected-error @+1 {{'hir.binary' op failed to infer returned types}}
  %0 = hir.binary mul %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// hir.binary C2: operand shapes that do not broadcast
func.func @binary_not_broadcastable(%x: tensor<2x4xf32>, %y: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hir.binary' op failed to infer returned types}}
  // expected-error @+1 {{'hir.binary' op operand shapes do not broadcast: dims 4 and 3 at result dim 1 are neither equal nor 1 (shapes 2x4 and 3)}}
  %0 = hir.binary add %x, %y : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// hir.binary C2: result shape is not the broadcast shape
func.func @binary_result_shape(%x: tensor<4x1xf32>, %y: tensor<8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'hir.binary' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{'hir.binary' op failed to infer returned types}}
  %0 = hir.binary sub %x, %y : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// hir.binary C2: result of a lower rank than the broadcast shape
func.func @binary_result_rank(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hir.binary' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{'hir.binary' op failed to infer returned types}}
  %0 = hir.binary max %x, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// hir.binary C3: pow on integers
func.func @binary_pow_integer(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hir.binary' op 'pow' needs float operands, got 'tensor<4xi32>'}}
  %0 = hir.binary pow %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

//===----------------------------------------------------------------------===//
// ODS type constraints
//===----------------------------------------------------------------------===//

// -----

// ODS: an i32 input where floats are required (hir.linear)
func.func @ods_linear_integer_input(%x: tensor<8x16xi32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'hir.linear' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<8x16xi32>'}}
  %0 = hir.linear %x, %w : (tensor<8x16xi32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// ODS: an unranked tensor operand (hir.linear)
func.func @ods_linear_unranked(%x: tensor<*xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'hir.linear' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<*xf32>'}}
  %0 = hir.linear %x, %w : (tensor<*xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// ODS: an unranked operand and result (hir.softmax, generic form)
func.func @ods_softmax_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hir.softmax' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<*xf32>'}}
  %0 = "hir.softmax"(%x) <{axis = -1 : i64}> : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// ODS: the custom syntax's single type must already be a ranked tensor (hir.softmax)
func.func @ods_softmax_unranked_custom(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{custom op 'hir.softmax' invalid kind of type specified}}
  %0 = hir.softmax %x axis = -1 : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// ODS: a memref where a tensor is required (hir.activation, generic form)
func.func @ods_activation_memref(%x: memref<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'hir.activation' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'memref<4xf32>'}}
  %0 = "hir.activation"(%x) <{kind = 3 : i32}> : (memref<4xf32>) -> memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// ODS: an i1 tensor where numbers are required (hir.matmul)
func.func @ods_matmul_i1(%a: tensor<2x2xi1>) -> tensor<2x2xi1> {
  // expected-error @+1 {{'hir.matmul' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x2xi1>'}}
  %0 = hir.matmul %a, %a : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

// ODS: an unsigned integer tensor (hir.binary)
func.func @ods_binary_unsigned(%a: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{'hir.binary' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xui32>'}}
  %0 = hir.binary add %a, %a : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// ODS: float positions where i32/i64 are required (hir.rope)
func.func @ods_rope_float_positions(%x: tensor<1x8x16xf32>, %p: tensor<8xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.rope' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<8xf32>'}}
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// ODS: a float position where i32/i64 is required (hir.attention)
func.func @ods_attention_float_position(%q: tensor<1x1x16xf32>, %kv: tensor<1x8x16xf32>, %p: tensor<1xf32>) -> tensor<1x1x16xf32> {
  // expected-error @+1 {{'hir.attention' op operand #3 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<1xf32>'}}
  %0 = hir.attention causal %q, %kv, %kv position(%p) heads = 2 head_dim = 8 : (tensor<1x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xf32>) -> tensor<1x1x16xf32>
  return %0 : tensor<1x1x16xf32>
}

// -----

// ODS: i8 ids where i32/i64 are required (hir.embedding)
func.func @ods_embedding_i8_ids(%ids: tensor<4xi8>, %t: tensor<100x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.embedding' op operand #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = hir.embedding %ids, %t : (tensor<4xi8>, tensor<100x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// ODS: an integer result where a float is required (hir.embedding)
func.func @ods_embedding_integer_result(%ids: tensor<4xi32>, %t: tensor<100x8xf32>) -> tensor<4x8xi32> {
  // expected-error @+1 {{'hir.embedding' op result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4x8xi32>'}}
  %0 = hir.embedding %ids, %t : (tensor<4xi32>, tensor<100x8xf32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

// ODS: a mask of an element type outside the accepted set (hir.attention)
func.func @ods_attention_f8_mask(%q: tensor<1x8x16xf32>, %m: tensor<8x8xf8E4M3FN>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op operand #3 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'tensor<8x8xf8E4M3FN>'}}
  %0 = hir.attention custom %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xf8E4M3FN>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// ODS: a param of a non-tensor type (generic form)
func.func @ods_param_vector() -> vector<4xf32> {
  // expected-error @+1 {{'hir.param' op result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'vector<4xf32>'}}
  %0 = "hir.param"() <{name = "w"}> : () -> vector<4xf32>
  return %0 : vector<4xf32>
}

//===----------------------------------------------------------------------===//
// Generic-form structural errors
//===----------------------------------------------------------------------===//

// -----

// Generic: too few operands
func.func @generic_too_few_operands(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'hir.linear' op expected 2 or more operands, but found 1}}
  %0 = "hir.linear"(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Generic: too many operands (two in the optional bias group)
func.func @generic_too_many_operands(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'hir.linear' op operand group starting at #2 requires 0 or 1 element, but found 2}}
  %0 = "hir.linear"(%x, %w, %b, %b) : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Generic: two results where one is required
func.func @generic_two_results(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'hir.linear' op requires one result}}
  %0:2 = "hir.linear"(%x, %w) : (tensor<8x16xf32>, tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  return %0#0 : tensor<8x16xf32>
}

// -----

// Generic: no result where one is required
func.func @generic_no_result(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>) {
  // expected-error @+1 {{'hir.linear' op requires one result}}
  "hir.linear"(%x, %w) : (tensor<8x16xf32>, tensor<16x16xf32>) -> ()
  return
}

// -----

// Generic: one result where two are required
func.func @generic_residual_norm_one_result(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.residual_norm' op expected 2 results}}
  %0 = "hir.residual_norm"(%x, %x, %g) <{eps = 5.000000e-01 : f32, kind = 1 : i32}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Generic: missing required attribute `eps`
func.func @generic_missing_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op requires attribute 'eps'}}
  %0 = "hir.layer_norm"(%x, %g) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Generic: missing required attribute `heads`
func.func @generic_missing_heads(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op requires attribute 'heads'}}
  %0 = "hir.attention"(%q, %q, %q) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, head_dim = 8 : i64, mask_kind = 0 : i32}> : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// Generic: missing required attribute `name`
func.func @generic_missing_name() -> tensor<4xf32> {
  // expected-error @+1 {{'hir.param' op requires attribute 'name'}}
  %0 = "hir.param"() : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Generic: attribute of the wrong kind (a string for an integer)
func.func @generic_heads_string(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{Invalid attribute `heads` in property conversion: "2"}}
  %0 = "hir.attention"(%q, %q, %q) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, heads = "2", head_dim = 8 : i64, mask_kind = 0 : i32}> : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// Generic: integer attribute of the wrong width
func.func @generic_heads_i32(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{'hir.attention' op attribute 'heads' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "hir.attention"(%q, %q, %q) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, heads = 2 : i32, head_dim = 8 : i64, mask_kind = 0 : i32}> : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// Generic: float attribute of the wrong width
func.func @generic_eps_f64(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.layer_norm' op attribute 'eps' failed to satisfy constraint: 32-bit float attribute}}
  %0 = "hir.layer_norm"(%x, %g) <{eps = 1.0 : f64}> : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Generic: an integer where a float attribute is required
func.func @generic_eps_integer(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{Invalid attribute `eps` in property conversion: 1 : i32}}
  %0 = "hir.layer_norm"(%x, %g) <{eps = 1 : i32}> : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Generic: an out-of-range enum value
func.func @generic_bad_mask_kind(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{Invalid attribute `mask_kind` in property conversion: 7 : i32}}
  %0 = "hir.attention"(%q, %q, %q) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, heads = 2 : i64, head_dim = 8 : i64, mask_kind = 7 : i32}> : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

// Generic: a non-string param name
func.func @generic_param_integer_name() -> tensor<4xf32> {
  // expected-error @+1 {{Invalid attribute `name` in property conversion: 3 : i64}}
  %0 = "hir.param"() <{name = 3 : i64}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Generic: an op the dialect does not define
func.func @generic_unknown_op() {
  // expected-error @+1 {{unregistered operation 'hir.foo' found in dialect ('hir') that does not allow unknown operations}}
  "hir.foo"() : () -> ()
  return
}

// -----

// Custom syntax: an unknown mask kind keyword
func.func @custom_unknown_mask_kind(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'mask_kind' [none, causal, sliding_window, custom, additive_bias]}}
  %0 = hir.attention bogus %q, %q, %q heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Type inference on generic-form ops
//===----------------------------------------------------------------------===//

// hir.matmul C2 (generic form): a rank-1 operand.
func.func @generic_matmul_rank1(%a: tensor<32xf32>, %b: tensor<32x8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hir.matmul' op operands must have rank >= 2, got ranks 1 and 2}}
  // expected-error @+1 {{'hir.matmul' op failed to infer returned types}}
  %0 = "hir.matmul"(%a, %b) : (tensor<32xf32>, tensor<32x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// hir.linear C2 (generic form, attribute dictionary): a bias of the wrong size.
func.func @generic_linear_bias(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<5xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{'hir.linear' op bias must have shape 4, got 5}}
  // expected-error @+1 {{'hir.linear' op failed to infer returned types}}
  %0 = "hir.linear"(%x, %w, %b) {act = 1 : i32} : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<5xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// hir.embedding (generic form): no operands; ODS reports it before the
// inference could index them.
func.func @generic_embedding_no_operands() -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.embedding' op expected 2 operands, but found 0}}
  %0 = "hir.embedding"() : () -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// BoundedShapes trait
//===----------------------------------------------------------------------===//

// -----

// BoundedShapes: a result whose element count overflows int64
func.func @bounded_element_count() -> tensor<9223372036854775807x4xf32> {
  // expected-error @+1 {{'hir.param' op type 'tensor<9223372036854775807x4xf32>' has an element count that overflows int64}}
  %0 = hir.param "w" : tensor<9223372036854775807x4xf32>
  return %0 : tensor<9223372036854775807x4xf32>
}

// -----

// BoundedShapes: a result whose byte size (not element count) overflows int64
func.func @bounded_byte_size() -> tensor<4611686018427387904xf32> {
  // expected-error @+1 {{'hir.param' op type 'tensor<4611686018427387904xf32>' has a byte size that overflows int64}}
  %0 = hir.param "w" : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}

// -----

// BoundedShapes: a result of rank 17
func.func @bounded_rank17() -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error @+1 {{'hir.param' op type 'tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>' has rank 17, more than the limit of 16}}
  %0 = hir.param "w" : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}

// -----

// BoundedShapes: an operand whose element count overflows int64
func.func @bounded_operand(%x: tensor<4x9223372036854775807xf32>) -> tensor<4x9223372036854775807xf32> {
  // expected-error @+1 {{'hir.activation' op type 'tensor<4x9223372036854775807xf32>' has an element count that overflows int64}}
  %0 = hir.activation relu %x : tensor<4x9223372036854775807xf32>
  return %0 : tensor<4x9223372036854775807xf32>
}

//===----------------------------------------------------------------------===//
// Function argument and result annotations
//===----------------------------------------------------------------------===//

// -----

// hir.dims: fewer entries than the argument's rank
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation has 1 entries but the argument has rank 2}}
func.func @dims_entry_count(%x: tensor<?x784xf32> {hir.dims = ["batch"]}) {
  return
}

// -----

// hir.dims: more entries than the argument's rank
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation has 3 entries but the argument has rank 2}}
func.func @dims_too_many_entries(%x: tensor<?x784xf32> {hir.dims = ["batch", 784, 1]}) {
  return
}

// -----

// hir.dims: a symbol for a static dim
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation names symbol 'batch' for static dim 0 (size 64); use '?' in the type}}
func.func @dims_symbol_on_static(%x: tensor<64x784xf32> {hir.dims = ["batch", 784]}) {
  return
}

// -----

// hir.dims: an integer that differs from the static dim
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation entry 1 is 783 but the argument's dim is 784}}
func.func @dims_integer_mismatch(%x: tensor<?x784xf32> {hir.dims = ["batch", 783]}) {
  return
}

// -----

// hir.dims: an integer for a dynamic dim
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation entry 0 is 64 but the argument's dim is ?}}
func.func @dims_integer_on_dynamic(%x: tensor<?x784xf32> {hir.dims = [64, 784]}) {
  return
}

// -----

// hir.dims: int64-min (the in-memory value of `?`) for a dynamic dim
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation entry 0 is -9223372036854775808 but the argument's dim is ?}}
func.func @dims_kdynamic_on_dynamic(%x: tensor<?x784xf32> {hir.dims = [-9223372036854775808, 784]}) {
  return
}

// -----

// hir.dims: an integer wider than int64 whose low bits equal the dim
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation entry 0 is 36893488147419103236 but the argument's dim is 4}}
func.func @dims_integer_wider_than_i64(%x: tensor<4xf32> {hir.dims = [36893488147419103236 : i128]}) {
  return
}

// -----

// hir.dims: an empty symbol name
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation entry 0 is an empty symbol name}}
func.func @dims_empty_symbol(%x: tensor<?x784xf32> {hir.dims = ["", 784]}) {
  return
}

// -----

// hir.dims: an entry that is neither a symbol nor an integer
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation entry 1 must be a symbol name or an integer size}}
func.func @dims_float_entry(%x: tensor<?x784xf32> {hir.dims = ["batch", 784.0]}) {
  return
}

// -----

// hir.dims: not an array
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation must be an array, got "batch"}}
func.func @dims_not_array(%x: tensor<?xf32> {hir.dims = "batch"}) {
  return
}

// -----

// hir.dims: on a non-tensor argument
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation needs a ranked tensor argument, got 'i32'}}
func.func @dims_on_scalar(%x: i32 {hir.dims = []}) {
  return
}

// -----

// hir.dims: on an unranked tensor argument
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.dims': dims annotation needs a ranked tensor argument, got 'tensor<*xf32>'}}
func.func @dims_on_unranked(%x: tensor<*xf32> {hir.dims = []}) {
  return
}

// -----

// hir.dims: the error names the argument index, here on a declaration
// expected-error @+1 {{'func.func' op argument 1 attribute 'hir.dims': dims annotation has 1 entries but the argument has rank 0}}
func.func private @dims_on_declaration(tensor<?xf32> {hir.dims = ["n"]}, tensor<f32> {hir.dims = [1]})

// -----

// hir.name: a non-string argument name
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.name': must be a non-empty string}}
func.func @name_not_string(%x: tensor<4xf32> {hir.name = 1 : i64}) {
  return
}

// -----

// hir.name: an empty argument name
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.name': must be a non-empty string}}
func.func @name_empty(%x: tensor<4xf32> {hir.name = ""}) {
  return
}

// -----

// hir.*: an unknown hir argument attribute
// expected-error @+1 {{'func.func' op argument 0 attribute 'hir.shape': unknown argument attribute; known: hir.name, hir.dims}}
func.func @unknown_arg_attribute(%x: tensor<4xf32> {hir.shape = [4]}) {
  return
}

// -----

// hir.*: hir.dims on a result
// expected-error @+1 {{'func.func' op result 0 attribute 'hir.dims': only hir.name (a non-empty string) is allowed}}
func.func @result_dims(%x: tensor<?xf32>) -> (tensor<?xf32> {hir.dims = ["n"]}) {
  return %x : tensor<?xf32>
}

// -----

// hir.*: a non-string result name
// expected-error @+1 {{'func.func' op result 1 attribute 'hir.name': only hir.name (a non-empty string) is allowed}}
func.func @result_name_not_string(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32> {hir.name = ["y"]}) {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// hir.*: an empty result name
// expected-error @+1 {{'func.func' op result 0 attribute 'hir.name': only hir.name (a non-empty string) is allowed}}
func.func @result_name_empty(%x: tensor<4xf32>) -> (tensor<4xf32> {hir.name = ""}) {
  return %x : tensor<4xf32>
}

// -----

// hir.attention C5: a negative window (I64Attr getters are unsigned; the
// verifier must compare the signed value)
func.func @attention_window_negative(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  // expected-error @+1 {{window must be >= 1}}
  %0 = hir.attention sliding_window %q, %q, %q heads = 2 head_dim = 8 window = -3 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
