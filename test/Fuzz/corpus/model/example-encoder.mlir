// encoder.mlir — one post-norm transformer encoder layer in HIR, the shape of
// PyTorch's nn.TransformerEncoderLayer(d_model=256, nhead=4,
// dim_feedforward=1024, activation=relu, batch_first=True), seq 128:
//   n1 = LayerNorm(x + Wo·Attention(x Wq, x Wk, x Wv))
//   y  = LayerNorm(n1 + W2·relu(W1·n1))
// Weights are [in, out]. The batch dim is symbolic.
// rlx-bind: batch=1   (the binding scripts/run-example.sh compiles with)
func.func @encoder(%x: tensor<?x128x256xf32> {hir.name = "x", hir.dims = ["batch", 128, 256]})
    -> (tensor<?x128x256xf32> {hir.name = "y"}) {
  %wq = hir.param "attn.wq" : tensor<256x256xf32>
  %bq = hir.param "attn.bq" : tensor<256xf32>
  %wk = hir.param "attn.wk" : tensor<256x256xf32>
  %bk = hir.param "attn.bk" : tensor<256xf32>
  %wv = hir.param "attn.wv" : tensor<256x256xf32>
  %bv = hir.param "attn.bv" : tensor<256xf32>
  %wo = hir.param "attn.wo" : tensor<256x256xf32>
  %bo = hir.param "attn.bo" : tensor<256xf32>
  %g1 = hir.param "norm1.gamma" : tensor<256xf32>
  %be1 = hir.param "norm1.beta" : tensor<256xf32>
  %w1 = hir.param "ff.w1" : tensor<256x1024xf32>
  %b1 = hir.param "ff.b1" : tensor<1024xf32>
  %w2 = hir.param "ff.w2" : tensor<1024x256xf32>
  %b2 = hir.param "ff.b2" : tensor<256xf32>
  %g2 = hir.param "norm2.gamma" : tensor<256xf32>
  %be2 = hir.param "norm2.beta" : tensor<256xf32>

  %q = hir.linear %x, %wq, %bq : (tensor<?x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
  %k = hir.linear %x, %wk, %bk : (tensor<?x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
  %v = hir.linear %x, %wv, %bv : (tensor<?x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
  %a = hir.attention none %q, %k, %v heads = 4 head_dim = 64 : (tensor<?x128x256xf32>, tensor<?x128x256xf32>, tensor<?x128x256xf32>) -> tensor<?x128x256xf32>
  %o = hir.linear %a, %wo, %bo : (tensor<?x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
  %n1, %s1 = hir.residual_norm layer %o, %x, %g1, %be1 eps = 1.0e-05 : (tensor<?x128x256xf32>, tensor<?x128x256xf32>, tensor<256xf32>, tensor<256xf32>) -> (tensor<?x128x256xf32>, tensor<?x128x256xf32>)
  %h = hir.linear %n1, %w1, %b1 act = relu : (tensor<?x128x256xf32>, tensor<256x1024xf32>, tensor<1024xf32>) -> tensor<?x128x1024xf32>
  %f = hir.linear %h, %w2, %b2 : (tensor<?x128x1024xf32>, tensor<1024x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
  %y, %s2 = hir.residual_norm layer %f, %n1, %g2, %be2 eps = 1.0e-05 : (tensor<?x128x256xf32>, tensor<?x128x256xf32>, tensor<256xf32>, tensor<256xf32>) -> (tensor<?x128x256xf32>, tensor<?x128x256xf32>)
  return %y : tensor<?x128x256xf32>
}
