// Tensor constants: float, integer, bool and splat.
func.func @constant_tensor() -> (tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<4x8xbf16>) {
  %0 = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = mir.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = mir.constant dense<[true, false, true]> : tensor<3xi1>
  %3 = mir.constant dense<0.5> : tensor<4x8xbf16>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<4x8xbf16>
}
