// causal-decoder.mlir — one pre-norm causal decoder layer (Llama-shaped:
// RMSNorm, rope, grouped-query causal attention with 4 heads of 8 and 2 kv
// heads, SwiGLU), width 32, on a symbolic sequence `seq`:
//   h = x + Wo·Attention(rope(n Wq), rope(n Wk), n Wv),  n = RMSNorm(x)
//   y = h + Wd·SwiGLU(RMSNorm(h))
// rlx-run-causal.test runs it bound and compares with the same text made
// static by sed (every `?` and "seq" replaced by the size); sed also makes
// the sliding-window variant (`causal` -> `sliding_window ... window = 3`).
func.func @decoder(%x: tensor<1x?x32xf32> {hir.name = "x", hir.dims = [1, "seq", 32]},
                   %pos: tensor<?xi64> {hir.name = "positions", hir.dims = ["seq"]})
    -> (tensor<1x?x32xf32> {hir.name = "y"}) {
  %g1 = hir.param "norm1.gamma" : tensor<32xf32>
  %wq = hir.param "attn.wq" : tensor<32x32xf32>
  %wk = hir.param "attn.wk" : tensor<32x16xf32>
  %wv = hir.param "attn.wv" : tensor<32x16xf32>
  %wo = hir.param "attn.wo" : tensor<32x32xf32>
  %g2 = hir.param "norm2.gamma" : tensor<32xf32>
  %wg = hir.param "mlp.w_gate" : tensor<32x64xf32>
  %wu = hir.param "mlp.w_up" : tensor<32x64xf32>
  %wd = hir.param "mlp.w_down" : tensor<64x32xf32>

  %n = hir.rms_norm %x, %g1 eps = 1.0e-06 : (tensor<1x?x32xf32>, tensor<32xf32>) -> tensor<1x?x32xf32>
  %q0 = hir.linear %n, %wq : (tensor<1x?x32xf32>, tensor<32x32xf32>) -> tensor<1x?x32xf32>
  %k0 = hir.linear %n, %wk : (tensor<1x?x32xf32>, tensor<32x16xf32>) -> tensor<1x?x16xf32>
  %v = hir.linear %n, %wv : (tensor<1x?x32xf32>, tensor<32x16xf32>) -> tensor<1x?x16xf32>
  %q = hir.rope %q0, %pos heads = 4 head_dim = 8 : (tensor<1x?x32xf32>, tensor<?xi64>) -> tensor<1x?x32xf32>
  %k = hir.rope %k0, %pos heads = 2 head_dim = 8 : (tensor<1x?x16xf32>, tensor<?xi64>) -> tensor<1x?x16xf32>
  %a = hir.attention causal %q, %k, %v heads = 4 kv_heads = 2 head_dim = 8 : (tensor<1x?x32xf32>, tensor<1x?x16xf32>, tensor<1x?x16xf32>) -> tensor<1x?x32xf32>
  %o = hir.linear %a, %wo : (tensor<1x?x32xf32>, tensor<32x32xf32>) -> tensor<1x?x32xf32>
  %n2, %h = hir.residual_norm rms %o, %x, %g2 eps = 1.0e-06 : (tensor<1x?x32xf32>, tensor<1x?x32xf32>, tensor<32xf32>) -> (tensor<1x?x32xf32>, tensor<1x?x32xf32>)
  %f = hir.swiglu %n2, %wg, %wu : (tensor<1x?x32xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<1x?x64xf32>
  %d = hir.linear %f, %wd : (tensor<1x?x64xf32>, tensor<64x32xf32>) -> tensor<1x?x32xf32>
  %y = hir.binary add %d, %h : (tensor<1x?x32xf32>, tensor<1x?x32xf32>) -> tensor<1x?x32xf32>
  return %y : tensor<1x?x32xf32>
}
