// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=8,hw=6"}))' | FileCheck %s

// mir.dims annotations are dropped; only the declaration (last) keeps its own.
// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=8,hw=6"}))' | FileCheck %s --check-prefix=NODIMS
// NODIMS-NOT:  mir.dims
// NODIMS:      func.func private @declaration(tensor<?x4xf32> {mir.dims = ["batch", 4]})
// NODIMS-NOT:  mir.dims

// Inference agrees with the verifiers: the output re-parses and verifies, and
// specializing it again (every type static now) reproduces every type.
// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=8,hw=6"}))' > %t
// RUN: rlx-opt %t -split-input-file -pass-pipeline='builtin.module(func.func(mir-specialize))' | diff %t -

// Spaces, order and unused bindings do not matter.
// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(mir-specialize{bind=" hw = 6 , seq=8,unused=3 , batch =4 "}))' | diff %t -

// An MLP (matmul + add bias + relu) on a symbolic batch; the result type follows.
// CHECK-LABEL: func.func @mlp(
// CHECK-SAME:    %[[X:.+]]: tensor<4x16xf32> {mir.name = "x"}) -> (tensor<4x10xf32> {mir.name = "y"})
// CHECK:         %[[W1:.+]] = mir.param "fc1.weight" : tensor<16x32xf32>
// CHECK:         %[[B1:.+]] = mir.param "fc1.bias" : tensor<32xf32>
// CHECK:         %[[W2:.+]] = mir.param "fc2.weight" : tensor<32x10xf32>
// CHECK:         %[[H:.+]] = mir.matmul %[[X]], %[[W1]] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
// CHECK:         %[[HB:.+]] = mir.binary add %[[H]], %[[B1]] : (tensor<4x32xf32>, tensor<32xf32>) -> tensor<4x32xf32>
// CHECK:         %[[R:.+]] = mir.unary relu %[[HB]] : tensor<4x32xf32>
// CHECK:         %[[Y:.+]] = mir.matmul %[[R]], %[[W2]] : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
// CHECK:         return %[[Y]] : tensor<4x10xf32>
func.func @mlp(%x: tensor<?x16xf32> {mir.name = "x", mir.dims = ["batch", 16]})
    -> (tensor<?x10xf32> {mir.name = "y"}) {
  %w1 = mir.param "fc1.weight" : tensor<16x32xf32>
  %b1 = mir.param "fc1.bias" : tensor<32xf32>
  %w2 = mir.param "fc2.weight" : tensor<32x10xf32>
  %h = mir.matmul %x, %w1 : (tensor<?x16xf32>, tensor<16x32xf32>) -> tensor<?x32xf32>
  %hb = mir.binary add %h, %b1 : (tensor<?x32xf32>, tensor<32xf32>) -> tensor<?x32xf32>
  %r = mir.unary relu %hb : tensor<?x32xf32>
  %y = mir.matmul %r, %w2 : (tensor<?x32xf32>, tensor<32x10xf32>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}

// -----

// An attention-like chain: reshape ?x8x16 into 2 heads of 8 (the one `?`
// dim is inferred from the element count), transposes, a batched matmul,
// softmax, reduce keep_dim, concat, slice, broadcast, gather of token ids and
// an elementwise region; the function results follow.
// CHECK-LABEL: func.func @attention(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8x16xf32>, %[[IDS:.+]]: tensor<8xi32>)
// CHECK-SAME:    -> (tensor<4x2x8x8xf32>, tensor<2x2x8x9xf32>, tensor<8x16xf32>)
// CHECK:         %[[EMB:.+]] = mir.param "embedding" : tensor<100x16xf32>
// CHECK:         %[[H:.+]] = mir.reshape %[[X]] : tensor<4x8x16xf32> to tensor<4x8x2x8xf32>
// CHECK:         %[[Q:.+]] = mir.transpose %[[H]] permutation = [0, 2, 1, 3] : tensor<4x8x2x8xf32> -> tensor<4x2x8x8xf32>
// CHECK:         %[[K:.+]] = mir.transpose %[[H]] permutation = [0, 2, 3, 1] : tensor<4x8x2x8xf32> -> tensor<4x2x8x8xf32>
// CHECK:         %[[S:.+]] = mir.matmul %[[Q]], %[[K]] : (tensor<4x2x8x8xf32>, tensor<4x2x8x8xf32>) -> tensor<4x2x8x8xf32>
// CHECK:         %[[P:.+]] = mir.softmax %[[S]] axis = -1 : tensor<4x2x8x8xf32>
// CHECK:         %[[M:.+]] = mir.reduce max %[[P]] axes = [3] keep_dim : tensor<4x2x8x8xf32> -> tensor<4x2x8x1xf32>
// CHECK:         %[[C:.+]] = mir.concat %[[P]], %[[M]] axis = 3 : (tensor<4x2x8x8xf32>, tensor<4x2x8x1xf32>) -> tensor<4x2x8x9xf32>
// CHECK:         %[[SL:.+]] = mir.slice %[[C]] offsets = [1, 0, 0, 0] sizes = [2, 2, 8, 9] strides = [2, 1, 1, 1] : tensor<4x2x8x9xf32> -> tensor<2x2x8x9xf32>
// CHECK:         %[[MB:.+]] = mir.broadcast %[[M]] : tensor<4x2x8x1xf32> to tensor<4x2x8x8xf32>
// CHECK:         %[[E:.+]] = mir.gather %[[EMB]][%[[IDS]]] axis = 0 : (tensor<100x16xf32>, tensor<8xi32>) -> tensor<8x16xf32>
// CHECK:         %[[T:.+]] = mir.elementwise %[[P]], %[[MB]] : (tensor<4x2x8x8xf32>, tensor<4x2x8x8xf32>) -> tensor<4x2x8x8xf32> {
// CHECK:         ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32):
// CHECK:           %[[D:.+]] = mir.binary sub %[[A]], %[[B]] : (f32, f32) -> f32
// CHECK:           %[[EX:.+]] = mir.unary exp %[[D]] : f32
// CHECK:           mir.yield %[[EX]] : f32
// CHECK:         return %[[T]], %[[SL]], %[[E]] : tensor<4x2x8x8xf32>, tensor<2x2x8x9xf32>, tensor<8x16xf32>
func.func @attention(%x: tensor<?x8x16xf32> {mir.dims = ["batch", 8, 16]},
                     %ids: tensor<?xi32> {mir.dims = ["seq"]})
    -> (tensor<?x2x8x8xf32>, tensor<2x2x8x9xf32>, tensor<?x16xf32>) {
  %emb = mir.param "embedding" : tensor<100x16xf32>
  %h = mir.reshape %x : tensor<?x8x16xf32> to tensor<?x8x2x8xf32>
  %q = mir.transpose %h permutation = [0, 2, 1, 3] : tensor<?x8x2x8xf32> -> tensor<?x2x8x8xf32>
  %k = mir.transpose %h permutation = [0, 2, 3, 1] : tensor<?x8x2x8xf32> -> tensor<?x2x8x8xf32>
  %s = mir.matmul %q, %k : (tensor<?x2x8x8xf32>, tensor<?x2x8x8xf32>) -> tensor<?x2x8x8xf32>
  %p = mir.softmax %s axis = -1 : tensor<?x2x8x8xf32>
  %m = mir.reduce max %p axes = [3] keep_dim : tensor<?x2x8x8xf32> -> tensor<?x2x8x1xf32>
  %c = mir.concat %p, %m axis = 3 : (tensor<?x2x8x8xf32>, tensor<?x2x8x1xf32>) -> tensor<?x2x8x9xf32>
  %sl = mir.slice %c offsets = [1, 0, 0, 0] sizes = [2, 2, 8, 9] strides = [2, 1, 1, 1] : tensor<?x2x8x9xf32> -> tensor<2x2x8x9xf32>
  %mb = mir.broadcast %m : tensor<?x2x8x1xf32> to tensor<?x2x8x8xf32>
  %e = mir.gather %emb[%ids] axis = 0 : (tensor<100x16xf32>, tensor<?xi32>) -> tensor<?x16xf32>
  %t = mir.elementwise %p, %mb : (tensor<?x2x8x8xf32>, tensor<?x2x8x8xf32>) -> tensor<?x2x8x8xf32> {
  ^bb0(%a: f32, %b: f32):
    %d = mir.binary sub %a, %b : (f32, f32) -> f32
    %ex = mir.unary exp %d : f32
    mir.yield %ex : f32
  }
  return %t, %sl, %e : tensor<?x2x8x8xf32>, tensor<2x2x8x9xf32>, tensor<?x16xf32>
}

// -----

// One symbol on two arguments (and twice on one) denotes one size: tokens
// and a seq x seq mask.
// CHECK-LABEL: func.func @shared_symbol(
// CHECK-SAME:    %[[X:.+]]: tensor<8x16xf32>, %[[MASK:.+]]: tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK:         %[[XT:.+]] = mir.transpose %[[X]] permutation = [1, 0] : tensor<8x16xf32> -> tensor<16x8xf32>
// CHECK:         %[[S:.+]] = mir.matmul %[[X]], %[[XT]] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK:         %[[SM:.+]] = mir.binary add %[[S]], %[[MASK]] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK:         return %[[SM]] : tensor<8x8xf32>
func.func @shared_symbol(%x: tensor<?x16xf32> {mir.dims = ["seq", 16]},
                         %mask: tensor<?x?xf32> {mir.dims = ["seq", "seq"]})
    -> tensor<?x?xf32> {
  %xt = mir.transpose %x permutation = [1, 0] : tensor<?x16xf32> -> tensor<16x?xf32>
  %s = mir.matmul %x, %xt : (tensor<?x16xf32>, tensor<16x?xf32>) -> tensor<?x?xf32>
  %sm = mir.binary add %s, %mask : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %sm : tensor<?x?xf32>
}

// -----

// An already static function is left as it is (its static mir.dims aside,
// which are dropped).
// CHECK-LABEL: func.func @already_static(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32> {mir.name = "x"}) -> tensor<3x2xf32>
// CHECK:         %[[T:.+]] = mir.transpose %[[X]] permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK:         %[[R:.+]] = mir.unary tanh %[[T]] : tensor<3x2xf32>
// CHECK:         return %[[R]] : tensor<3x2xf32>
func.func @already_static(%x: tensor<2x3xf32> {mir.name = "x", mir.dims = [2, 3]})
    -> tensor<3x2xf32> {
  %t = mir.transpose %x permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %r = mir.unary tanh %t : tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// The function's result types are those func.return returns: an argument
// returned as is, and a flattening reshape (? inferred as 4 * 8 * 3).
// CHECK-LABEL: func.func @result_types(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8x3xi32>) -> (tensor<4x8x3xi32>, tensor<96xi32>)
// CHECK:         %[[F:.+]] = mir.reshape %[[X]] : tensor<4x8x3xi32> to tensor<96xi32>
// CHECK:         return %[[X]], %[[F]] : tensor<4x8x3xi32>, tensor<96xi32>
func.func @result_types(%x: tensor<?x?x3xi32> {mir.dims = ["batch", "seq", 3]})
    -> (tensor<?x?x3xi32>, tensor<?xi32>) {
  %f = mir.reshape %x : tensor<?x?x3xi32> to tensor<?xi32>
  return %x, %f : tensor<?x?x3xi32>, tensor<?xi32>
}

// -----

// Convolution and pooling on symbolic batch and spatial dims:
// Ho = (6 + 1 + 1 - 3) / 2 + 1 = 3, then (3 - 2) / 1 + 1 = 2.
// CHECK-LABEL: func.func @conv_pool(
// CHECK-SAME:    %[[X:.+]]: tensor<4x3x6x6xf32>) -> tensor<4x5x2x2xf32>
// CHECK:         %[[Y:.+]] = mir.conv2d %[[X]], %{{.+}}, %{{.+}} strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<4x3x6x6xf32>, tensor<5x3x3x3xf32>, tensor<5xf32>) -> tensor<4x5x3x3xf32>
// CHECK:         %[[P:.+]] = mir.pool avg %[[Y]] kernel = [2, 2] strides = [1, 1] padding = [0, 0, 0, 0] : tensor<4x5x3x3xf32> -> tensor<4x5x2x2xf32>
// CHECK:         return %[[P]] : tensor<4x5x2x2xf32>
func.func @conv_pool(%x: tensor<?x3x?x?xf32> {mir.dims = ["batch", 3, "hw", "hw"]})
    -> tensor<?x5x?x?xf32> {
  %w = mir.param "conv.weight" : tensor<5x3x3x3xf32>
  %b = mir.param "conv.bias" : tensor<5xf32>
  %y = mir.conv2d %x, %w, %b strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<?x3x?x?xf32>, tensor<5x3x3x3xf32>, tensor<5xf32>) -> tensor<?x5x?x?xf32>
  %p = mir.pool avg %y kernel = [2, 2] strides = [1, 1] padding = [0, 0, 0, 0] : tensor<?x5x?x?xf32> -> tensor<?x5x?x?xf32>
  return %p : tensor<?x5x?x?xf32>
}

// -----

// Element-type-changing and per-element ops keep their result element types:
// cast, compare (i1), select, cumsum, layer_norm, rms_norm, and topk's two
// results.
// CHECK-LABEL: func.func @elementwise_and_norms(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8xf32>)
// CHECK-SAME:    -> (tensor<4x8xf16>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x2xf32>, tensor<4x2xi64>)
// CHECK:         %[[H:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK:         %[[LT:.+]] = mir.compare lt %[[X]], %{{.+}} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xi1>
// CHECK:         %[[SEL:.+]] = mir.select %[[LT]], %[[X]], %{{.+}} : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK:         %[[CS:.+]] = mir.cumsum %[[SEL]] axis = 1 : tensor<4x8xf32>
// CHECK:         %[[LN:.+]] = mir.layer_norm %[[CS]], %{{.+}}, %{{.+}} eps = {{.+}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK:         %[[RN:.+]] = mir.rms_norm %[[LN]], %{{.+}} eps = {{.+}} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK:         %[[V:.+]], %[[I:.+]] = mir.topk %[[RN]] k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
// CHECK:         return %[[H]], %[[SEL]], %[[RN]], %[[V]], %[[I]]
func.func @elementwise_and_norms(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]})
    -> (tensor<?x8xf16>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x2xf32>, tensor<?x2xi64>) {
  %zero = mir.constant dense<0.0> : tensor<f32>
  %g = mir.param "ln.gamma" : tensor<8xf32>
  %be = mir.param "ln.beta" : tensor<8xf32>
  %h = mir.cast %x : tensor<?x8xf32> to tensor<?x8xf16>
  %lt = mir.compare lt %x, %zero : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xi1>
  %sel = mir.select %lt, %x, %zero : (tensor<?x8xi1>, tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  %cs = mir.cumsum %sel axis = 1 : tensor<?x8xf32>
  %ln = mir.layer_norm %cs, %g, %be eps = 1.0e-05 : (tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %rn = mir.rms_norm %ln, %g eps = 1.0e-06 : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %v, %i = mir.topk %rn k = 2 axis = -1 : tensor<?x8xf32> -> tensor<?x2xf32>, tensor<?x2xi64>
  return %h, %sel, %rn, %v, %i : tensor<?x8xf16>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x2xf32>, tensor<?x2xi64>
}

// -----

// The fused ops: shared_matmul (QKV-style), fused_matmul with bias and
// activation, swiglu, residual_norm (both results).
// CHECK-LABEL: func.func @fused(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8x16xf32>)
// CHECK:         %[[Q:.+]]:2 = mir.shared_matmul %[[X]], %{{.+}}, %{{.+}} : (tensor<4x8x16xf32>, tensor<16x16xf32>, tensor<16x4xf32>) -> (tensor<4x8x16xf32>, tensor<4x8x4xf32>)
// CHECK:         %[[F:.+]] = mir.fused_matmul %[[Q]]#0, %{{.+}}, %{{.+}} act = relu : (tensor<4x8x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<4x8x16xf32>
// CHECK:         %[[G:.+]] = mir.swiglu %[[F]], %{{.+}}, %{{.+}} : (tensor<4x8x16xf32>, tensor<16x24xf32>, tensor<16x24xf32>) -> tensor<4x8x24xf32>
// CHECK:         %[[N:.+]], %[[SUM:.+]] = mir.residual_norm rms %[[F]], %[[X]] gamma(%{{.+}}) eps = {{.+}} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>, tensor<16xf32>) -> (tensor<4x8x16xf32>, tensor<4x8x16xf32>)
// CHECK:         return %[[Q]]#1, %[[G]], %[[N]], %[[SUM]] : tensor<4x8x4xf32>, tensor<4x8x24xf32>, tensor<4x8x16xf32>, tensor<4x8x16xf32>
func.func @fused(%x: tensor<?x?x16xf32> {mir.dims = ["batch", "seq", 16]})
    -> (tensor<?x?x4xf32>, tensor<?x?x24xf32>, tensor<?x?x16xf32>, tensor<?x?x16xf32>) {
  %wq = mir.param "wq" : tensor<16x16xf32>
  %wk = mir.param "wk" : tensor<16x4xf32>
  %w = mir.param "w" : tensor<16x16xf32>
  %b = mir.param "b" : tensor<16xf32>
  %wg = mir.param "wg" : tensor<16x24xf32>
  %wu = mir.param "wu" : tensor<16x24xf32>
  %g = mir.param "gamma" : tensor<16xf32>
  %q, %k = mir.shared_matmul %x, %wq, %wk : (tensor<?x?x16xf32>, tensor<16x16xf32>, tensor<16x4xf32>) -> (tensor<?x?x16xf32>, tensor<?x?x4xf32>)
  %f = mir.fused_matmul %q, %w, %b act = relu : (tensor<?x?x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> tensor<?x?x16xf32>
  %s = mir.swiglu %f, %wg, %wu : (tensor<?x?x16xf32>, tensor<16x24xf32>, tensor<16x24xf32>) -> tensor<?x?x24xf32>
  %n, %sum = mir.residual_norm rms %f, %x gamma(%g) eps = 1.0e-06 : (tensor<?x?x16xf32>, tensor<?x?x16xf32>, tensor<16xf32>) -> (tensor<?x?x16xf32>, tensor<?x?x16xf32>)
  return %k, %s, %n, %sum : tensor<?x?x4xf32>, tensor<?x?x24xf32>, tensor<?x?x16xf32>, tensor<?x?x16xf32>
}

// -----

// An elementwise region whose result is larger than its inputs (a fused
// broadcast): the `?` takes the input's bound dim, the 5 stays.
// CHECK-LABEL: func.func @elementwise_expands(
// CHECK-SAME:    %[[X:.+]]: tensor<4x1xf32>) -> tensor<4x5xf32>
// CHECK:         mir.elementwise %[[X]] : (tensor<4x1xf32>) -> tensor<4x5xf32>
func.func @elementwise_expands(%x: tensor<?x1xf32> {mir.dims = ["batch", 1]})
    -> tensor<?x5xf32> {
  %y = mir.elementwise %x : (tensor<?x1xf32>) -> tensor<?x5xf32> {
  ^bb0(%e: f32):
    %c = mir.constant 2.000000e+00 : f32
    %m = mir.binary mul %e, %c : (f32, f32) -> f32
    mir.yield %m : f32
  }
  return %y : tensor<?x5xf32>
}

// -----

// Causal masks become the constants they fold to once the key length `hw`
// is bound: one query, T = 6, so causal sees every key and a window of 2
// only the last two.
// CHECK-LABEL: func.func @causal_mask(
// CHECK-SAME:    %[[S:.+]]: tensor<1x2x1x6xf32>) -> (tensor<1x6xf32>, tensor<1x6xf32>)
// CHECK-NOT:     mir.causal_mask
// CHECK-DAG:     %[[C:.+]] = mir.constant dense<0.000000e+00> : tensor<1x6xf32>
// CHECK-DAG:     %[[W:.+]] = mir.constant dense<{{\[}}[0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0.000000e+00, 0.000000e+00]]> : tensor<1x6xf32>
// CHECK-NOT:     mir.causal_mask
// CHECK:         return %[[C]], %[[W]] : tensor<1x6xf32>, tensor<1x6xf32>
func.func @causal_mask(%s: tensor<1x2x1x?xf32> {mir.dims = [1, 2, 1, "hw"]})
    -> (tensor<1x?xf32>, tensor<1x?xf32>) {
  %c = mir.causal_mask causal %s : tensor<1x2x1x?xf32> -> tensor<1x?xf32>
  %w = mir.causal_mask sliding_window %s window = 2 : tensor<1x2x1x?xf32> -> tensor<1x?xf32>
  return %c, %w : tensor<1x?xf32>, tensor<1x?xf32>
}

// -----

// A declaration has no body to infer results from: left unchanged.
// CHECK-LABEL: func.func private @declaration(
// CHECK-SAME:    tensor<?x4xf32> {mir.dims = ["batch", 4]}) -> tensor<?x4xf32>
func.func private @declaration(tensor<?x4xf32> {mir.dims = ["batch", 4]}) -> tensor<?x4xf32>
