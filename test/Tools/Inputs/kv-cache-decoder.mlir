// kv-cache-decoder.mlir — a decode step with a KV cache: `seq` new tokens
// attend causally to `past` cached keys and values plus their own, so the
// key length is T = past + seq > S = seq (the mask's offset T - S = past).
// Symbols name argument dims only; T is the concat of the two, inferred once
// both are bound. kv-cache-decoder-static.mlir is the same model at
// seq = 1, past = 7.
func.func @decode(%x: tensor<1x?x32xf32> {hir.name = "x", hir.dims = [1, "seq", 32]},
                  %pk: tensor<1x?x16xf32> {hir.name = "past_k", hir.dims = [1, "past", 16]},
                  %pv: tensor<1x?x16xf32> {hir.name = "past_v", hir.dims = [1, "past", 16]})
    -> (tensor<1x?x32xf32> {hir.name = "y"}) {
  %wq = hir.param "attn.wq" : tensor<32x32xf32>
  %wk = hir.param "attn.wk" : tensor<32x16xf32>
  %wv = hir.param "attn.wv" : tensor<32x16xf32>
  %wo = hir.param "attn.wo" : tensor<32x32xf32>
  %q = hir.linear %x, %wq : (tensor<1x?x32xf32>, tensor<32x32xf32>) -> tensor<1x?x32xf32>
  %kn = hir.linear %x, %wk : (tensor<1x?x32xf32>, tensor<32x16xf32>) -> tensor<1x?x16xf32>
  %vn = hir.linear %x, %wv : (tensor<1x?x32xf32>, tensor<32x16xf32>) -> tensor<1x?x16xf32>
  %k = mir.concat %pk, %kn axis = 1 : (tensor<1x?x16xf32>, tensor<1x?x16xf32>) -> tensor<1x?x16xf32>
  %v = mir.concat %pv, %vn axis = 1 : (tensor<1x?x16xf32>, tensor<1x?x16xf32>) -> tensor<1x?x16xf32>
  %a = hir.attention causal %q, %k, %v heads = 4 kv_heads = 2 head_dim = 8 : (tensor<1x?x32xf32>, tensor<1x?x16xf32>, tensor<1x?x16xf32>) -> tensor<1x?x32xf32>
  %o = hir.linear %a, %wo : (tensor<1x?x32xf32>, tensor<32x32xf32>) -> tensor<1x?x32xf32>
  return %o : tensor<1x?x32xf32>
}
