// RUN: rlx-opt %s -split-input-file -verify-diagnostics -convert-hir-to-mir="policy=fusable"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -convert-hir-to-mir="policy=direct"

// A static causal mask over 16384 x 16384 would be a 2^28-element constant
// (a symbolic one is checked when bound: mir.causal_mask C5).
func.func @causal_mask_too_large(%q: tensor<1x16384x8xf32>, %k: tensor<1x16384x8xf32>, %v: tensor<1x16384x8xf32>) -> tensor<1x16384x8xf32> {
  // expected-error@+1 {{cannot be lowered to MIR: a causal mask of 16384x16384 elements exceeds the limit of 67108864 constant elements}}
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 4 : (tensor<1x16384x8xf32>, tensor<1x16384x8xf32>, tensor<1x16384x8xf32>) -> tensor<1x16384x8xf32>
  return %o : tensor<1x16384x8xf32>
}

// -----

// An additive mask whose batch clashes with k's static batch (q's is dynamic,
// so HIR's verifier cannot see it) has no MIR shape.
func.func @additive_mask_batch_clash(%q: tensor<?x4x8xf32>, %k: tensor<3x4x8xf32>, %v: tensor<3x4x8xf32>, %m: tensor<2x1x4x4xf32>) -> tensor<?x4x8xf32> {
  // expected-error@+1 {{cannot be lowered to MIR: dims 3 and 2 at result dim 0 are neither equal nor 1}}
  %o = hir.attention additive_bias %q, %k, %v mask(%m) heads = 2 head_dim = 4 : (tensor<?x4x8xf32>, tensor<3x4x8xf32>, tensor<3x4x8xf32>, tensor<2x1x4x4xf32>) -> tensor<?x4x8xf32>
  return %o : tensor<?x4x8xf32>
}

// -----

// Rope's rotation constant is head_dim x head_dim.
func.func @rope_head_dim_too_large(%x: tensor<1x2x16384xf32>, %pos: tensor<2xi64>) -> tensor<1x2x16384xf32> {
  // expected-error@+1 {{cannot be lowered to MIR: head_dim 16384 needs a 16384x16384 rotation constant, over the limit of 67108864 constant elements}}
  %r = hir.rope %x, %pos heads = 1 head_dim = 16384 : (tensor<1x2x16384xf32>, tensor<2xi64>) -> tensor<1x2x16384xf32>
  return %r : tensor<1x2x16384xf32>
}

// -----

// A hir.* attribute other than the argument and result annotations has no
// MIR counterpart.
// expected-error@+1 {{'func.func' op attribute 'hir.note' has no MIR equivalent}}
func.func @stray_hir_attribute() attributes {hir.note = "x"} {
  return
}
