// Every unary kind on a float tensor.
func.func @unary_kinds(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.unary gelu %x : tensor<4x8xf32>
  %1 = mir.unary gelu_tanh %0 : tensor<4x8xf32>
  %2 = mir.unary silu %1 : tensor<4x8xf32>
  %3 = mir.unary relu %2 : tensor<4x8xf32>
  %4 = mir.unary sigmoid %3 : tensor<4x8xf32>
  %5 = mir.unary tanh %4 : tensor<4x8xf32>
  %6 = mir.unary exp %5 : tensor<4x8xf32>
  %7 = mir.unary log %6 : tensor<4x8xf32>
  %8 = mir.unary sqrt %7 : tensor<4x8xf32>
  %9 = mir.unary rsqrt %8 : tensor<4x8xf32>
  %10 = mir.unary neg %9 : tensor<4x8xf32>
  %11 = mir.unary abs %10 : tensor<4x8xf32>
  %12 = mir.unary sin %11 : tensor<4x8xf32>
  %13 = mir.unary cos %12 : tensor<4x8xf32>
  %14 = mir.unary tan %13 : tensor<4x8xf32>
  %15 = mir.unary atan %14 : tensor<4x8xf32>
  %16 = mir.unary round %15 : tensor<4x8xf32>
  return %16 : tensor<4x8xf32>
}
