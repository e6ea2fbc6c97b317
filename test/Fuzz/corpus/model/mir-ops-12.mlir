// Casts between float, integer and bool dtypes, with a dynamic dim.
func.func @cast(%x: tensor<4xf32>, %i: tensor<?x4xi32>) -> (tensor<4xf16>, tensor<4xi64>, tensor<?x4xi1>, tensor<?x4xbf16>) {
  %0 = mir.cast %x : tensor<4xf32> to tensor<4xf16>
  %1 = mir.cast %x : tensor<4xf32> to tensor<4xi64>
  %2 = mir.cast %i : tensor<?x4xi32> to tensor<?x4xi1>
  %3 = mir.cast %i : tensor<?x4xi32> to tensor<?x4xbf16>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xi64>, tensor<?x4xi1>, tensor<?x4xbf16>
}
