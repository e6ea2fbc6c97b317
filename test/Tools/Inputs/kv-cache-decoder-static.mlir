// kv-cache-decoder-static.mlir — kv-cache-decoder.mlir written with static
// shapes, seq = 1 and past = 7 (T = 8): its mask is the lowering's constant.
func.func @decode(%x: tensor<1x1x32xf32> {hir.name = "x"},
                  %pk: tensor<1x7x16xf32> {hir.name = "past_k"},
                  %pv: tensor<1x7x16xf32> {hir.name = "past_v"})
    -> (tensor<1x1x32xf32> {hir.name = "y"}) {
  %wq = hir.param "attn.wq" : tensor<32x32xf32>
  %wk = hir.param "attn.wk" : tensor<32x16xf32>
  %wv = hir.param "attn.wv" : tensor<32x16xf32>
  %wo = hir.param "attn.wo" : tensor<32x32xf32>
  %q = hir.linear %x, %wq : (tensor<1x1x32xf32>, tensor<32x32xf32>) -> tensor<1x1x32xf32>
  %kn = hir.linear %x, %wk : (tensor<1x1x32xf32>, tensor<32x16xf32>) -> tensor<1x1x16xf32>
  %vn = hir.linear %x, %wv : (tensor<1x1x32xf32>, tensor<32x16xf32>) -> tensor<1x1x16xf32>
  %k = mir.concat %pk, %kn axis = 1 : (tensor<1x7x16xf32>, tensor<1x1x16xf32>) -> tensor<1x8x16xf32>
  %v = mir.concat %pv, %vn axis = 1 : (tensor<1x7x16xf32>, tensor<1x1x16xf32>) -> tensor<1x8x16xf32>
  %a = hir.attention causal %q, %k, %v heads = 4 kv_heads = 2 head_dim = 8 : (tensor<1x1x32xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x1x32xf32>
  %o = hir.linear %a, %wo : (tensor<1x1x32xf32>, tensor<32x32xf32>) -> tensor<1x1x32xf32>
  return %o : tensor<1x1x32xf32>
}
