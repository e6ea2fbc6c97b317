// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=8,huge=4611686018427387904"}))'

// Unbound symbols: each is reported once, naming its first argument and
// listing the bindings given.
// expected-error @+2 {{symbol 'heads' (argument 0 dim 1) is not bound: bind it with --bind heads=<size> (rlx-run), bind=heads=<size> (the pipelines' option) or CompileOptions::dims; bindings: batch=4, seq=8, huge=4611686018427387904}}
// expected-error @+1 {{symbol 'width' (argument 2 dim 0) is not bound: bind it with --bind width=<size> (rlx-run), bind=width=<size> (the pipelines' option) or CompileOptions::dims; bindings: batch=4, seq=8, huge=4611686018427387904}}
func.func @unbound_symbol(%x: tensor<4x?xf32> {mir.dims = [4, "heads"]},
                          %y: tensor<?xf32> {mir.dims = ["heads"]},
                          %z: tensor<?xf32> {mir.dims = ["width"]}) -> tensor<4x?xf32> {
  return %x : tensor<4x?xf32>
}

// -----

// A `?` argument dim needs a mir.dims symbol.
// expected-error @+1 {{argument 1 dim 0 is dynamic but the argument has no mir.dims annotation naming its symbol}}
func.func @dynamic_without_annotation(%x: tensor<?xf32> {mir.dims = ["batch"]},
                                      %y: tensor<?x4xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// A reshape infers at most one dynamic dim besides the leading ones it keeps
// from its input (none here: dim 0 is 4 over `?`).
func.func @reshape_two_dynamic_dims(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<4x?x?xf32> {
  // expected-error @+1 {{'mir.reshape' op cannot infer result 0: dims 1, 2 are dynamic; a reshape can infer at most one besides the leading dims it keeps from its input}}
  %r = mir.reshape %x : tensor<?x8xf32> to tensor<4x?x?xf32>
  return %r : tensor<4x?x?xf32>
}

// -----

// 4 x 6 = 24 elements cannot be split into rows of 5.
func.func @reshape_indivisible(%x: tensor<?x6xf32> {mir.dims = ["batch", 6]}) -> tensor<?x5xf32> {
  // expected-error @+1 {{'mir.reshape' op cannot infer result 0 dim 0: the input has 24 elements, not a multiple of 5 (the product of the result's static dims)}}
  %r = mir.reshape %x : tensor<?x6xf32> to tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

// -----

// Next to a static 0, any size gives 0 elements.
func.func @reshape_zero_sized(%x: tensor<?x6xf32> {mir.dims = ["batch", 6]}) -> tensor<0x?xf32> {
  // expected-error @+1 {{'mir.reshape' op cannot infer result 0 dim 1: the result's static dims multiply to 0, so no element count determines it}}
  %r = mir.reshape %x : tensor<?x6xf32> to tensor<0x?xf32>
  return %r : tensor<0x?xf32>
}

// -----

// A broadcast from 1 to `?` could be any size.
func.func @broadcast_from_one(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  %b = mir.param "bias" : tensor<1x8xf32>
  // expected-error @+1 {{'mir.broadcast' op cannot infer result 0 dim 0: the dim of the input aligned with it (dim 0) is 1, which broadcasts to any size}}
  %bb = mir.broadcast %b : tensor<1x8xf32> to tensor<?x8xf32>
  %y = mir.binary add %x, %bb : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// A broadcast to a new leading `?` dim has no input dim to take it from.
func.func @broadcast_new_dim(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  %b = mir.param "bias" : tensor<8xf32>
  // expected-error @+1 {{'mir.broadcast' op cannot infer result 0 dim 0: the input has no dim aligned with it}}
  %bb = mir.broadcast %b : tensor<8xf32> to tensor<?x8xf32>
  %y = mir.binary add %x, %bb : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// An elementwise region expanding to `?` from 1s alike: nothing gives its size.
func.func @elementwise_from_one(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  %b = mir.param "bias" : tensor<1x8xf32>
  // expected-error @+1 {{'mir.elementwise' op cannot infer result 0 dim 0: the dim of the broadcast of the inputs aligned with it (dim 0) is 1, which broadcasts to any size}}
  %bb = mir.elementwise %b : (tensor<1x8xf32>) -> tensor<?x8xf32> {
  ^bb0(%e: f32):
    %n = mir.unary neg %e : f32
    mir.yield %n : f32
  }
  %y = mir.binary add %x, %bb : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// `?` broadcast against 3 was fine; batch = 4 against 3 is not.
func.func @binary_no_longer_broadcasts(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  %w = mir.param "w" : tensor<3x8xf32>
  // expected-error @+1 {{'mir.binary' op operand shapes do not broadcast: dims 4 and 3 at result dim 0 are neither equal nor 1 (shapes 4x8 and 3x8)}}
  %y = mir.binary add %x, %w : (tensor<?x8xf32>, tensor<3x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// Matmul batch dims: batch = 4 against 3.
func.func @matmul_batch_clash(%x: tensor<?x2x8xf32> {mir.dims = ["batch", 2, 8]}) -> tensor<?x2x5xf32> {
  %w = mir.param "w" : tensor<3x8x5xf32>
  // expected-error @+1 {{'mir.matmul' op batch dims do not broadcast: dims 4 and 3 at result dim 0 are neither equal nor 1 (shapes 4 and 3)}}
  %y = mir.matmul %x, %w : (tensor<?x2x8xf32>, tensor<3x8x5xf32>) -> tensor<?x2x5xf32>
  return %y : tensor<?x2x5xf32>
}

// -----

// A 5x5 filter does not fit a 4-high unpadded input (H bound to batch = 4).
func.func @conv_window_too_large(%x: tensor<1x1x?x8xf32> {mir.dims = [1, 1, "batch", 8]}) -> tensor<1x1x?x4xf32> {
  %w = mir.param "w" : tensor<1x1x5x5xf32>
  // expected-error @+1 {{'mir.conv2d' op the dilated filter is larger than the padded input in dim 2}}
  %y = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x1x?x8xf32>, tensor<1x1x5x5xf32>) -> tensor<1x1x?x4xf32>
  return %y : tensor<1x1x?x4xf32>
}

// -----

// Pooling: a 5-wide window on an unpadded W bound to batch = 4.
func.func @pool_window_too_large(%x: tensor<1x1x8x?xf32> {mir.dims = [1, 1, 8, "batch"]}) -> tensor<1x1x4x?xf32> {
  // expected-error @+1 {{'mir.pool' op the kernel is larger than the padded input in dim 3}}
  %y = mir.pool max %x kernel = [2, 5] strides = [2, 1] padding = [0, 0, 0, 0] : tensor<1x1x8x?xf32> -> tensor<1x1x4x?xf32>
  return %y : tensor<1x1x4x?xf32>
}

// -----

// A dynamic param dim depends on no argument symbol.
func.func @still_dynamic(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  // expected-error @+1 {{'mir.param' op result 0 dim 0 is still dynamic after binding: no argument symbol determines it}}
  %w = mir.param "w" : tensor<?x8xf32>
  %y = mir.binary add %x, %w : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// Ops outside mir and func.return have no shape rule.
func.func @unknown_op(%x: tensor<?x4xf32> {mir.dims = ["batch", 4]}) -> tensor<?x4xf32> {
  // expected-error @+1 {{'arith.constant' op has no shape inference rule (there is one for every mir op and func.return)}}
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %y = mir.binary add %x, %c : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// A bound argument type must fit int64: 2^62 x 4 elements overflow.
// expected-error @+1 {{argument 0: type 'tensor<4611686018427387904x4xf32>' has an element count that overflows int64}}
func.func @argument_overflows(%x: tensor<?x4xf32> {mir.dims = ["huge", 4]}) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

// -----

// An inferred result type must fit int64 too: 4 x 2^62 elements.
func.func @result_overflows(%x: tensor<?xi8> {mir.dims = ["huge"]}) -> tensor<4x?xi8> {
  // expected-error @+1 {{'mir.broadcast' op result 0: type 'tensor<4x4611686018427387904xi8>' has an element count that overflows int64}}
  %b = mir.broadcast %x : tensor<?xi8> to tensor<4x?xi8>
  return %b : tensor<4x?xi8>
}

// -----

// A size that contradicts a static dim the op's type inference checks:
// K = seq = 8 against the weight's 16 (the same message as its verifier's).
func.func @matmul_k_clash(%x: tensor<4x?xf32> {mir.dims = [4, "seq"]}) -> tensor<4x2xf32> {
  %w = mir.param "w" : tensor<16x2xf32>
  // expected-error @+1 {{'mir.matmul' op contraction dims differ: lhs has K = 8, rhs has K = 16}}
  %y = mir.matmul %x, %w : (tensor<4x?xf32>, tensor<16x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

// Sizes that contradict a static dim the inference leaves to the verifier:
// a norm's gamma, sized 16 against the bound last dim 8.
// expected-error @+1 {{the function does not verify after binding batch=4, seq=8, huge=4611686018427387904}}
func.func @norm_gamma_clash(%x: tensor<4x?xf32> {mir.dims = [4, "seq"]}) -> tensor<4x?xf32> {
  %g = mir.param "gamma" : tensor<16xf32>
  // expected-error @+1 {{'mir.rms_norm' op gamma must have shape 8 (the last input dim), got 16}}
  %y = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x?xf32>, tensor<16xf32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// A causal mask that the binding makes larger than the constant-size limit
// (8 x 2^24 > 2^26 elements): mir.causal_mask C5, not an allocation.
// expected-error @+1 {{the function does not verify after binding batch=4, seq=8, huge=4611686018427387904}}
func.func @causal_mask_too_large(%s: tensor<1x1x?x16777216xf16> {mir.dims = [1, 1, "seq", 16777216]}) -> tensor<?x16777216xf16> {
  // expected-error @+1 {{'mir.causal_mask' op a causal mask of 8x16777216 elements exceeds the limit of 67108864 constant elements}}
  %m = mir.causal_mask causal %s : tensor<1x1x?x16777216xf16> -> tensor<?x16777216xf16>
  return %m : tensor<?x16777216xf16>
}
