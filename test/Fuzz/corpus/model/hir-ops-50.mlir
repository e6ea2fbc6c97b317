// Every unary kind on a float tensor.
func.func @activation_every_kind(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a0 = hir.activation gelu %x : tensor<4x8xf32>
  %a1 = hir.activation gelu_tanh %a0 : tensor<4x8xf32>
  %a2 = hir.activation silu %a1 : tensor<4x8xf32>
  %a3 = hir.activation relu %a2 : tensor<4x8xf32>
  %a4 = hir.activation sigmoid %a3 : tensor<4x8xf32>
  %a5 = hir.activation tanh %a4 : tensor<4x8xf32>
  %a6 = hir.activation exp %a5 : tensor<4x8xf32>
  %a7 = hir.activation log %a6 : tensor<4x8xf32>
  %a8 = hir.activation sqrt %a7 : tensor<4x8xf32>
  %a9 = hir.activation rsqrt %a8 : tensor<4x8xf32>
  %a10 = hir.activation neg %a9 : tensor<4x8xf32>
  %a11 = hir.activation abs %a10 : tensor<4x8xf32>
  %a12 = hir.activation sin %a11 : tensor<4x8xf32>
  %a13 = hir.activation cos %a12 : tensor<4x8xf32>
  %a14 = hir.activation tan %a13 : tensor<4x8xf32>
  %a15 = hir.activation atan %a14 : tensor<4x8xf32>
  %a16 = hir.activation round %a15 : tensor<4x8xf32>
  return %a16 : tensor<4x8xf32>
}
