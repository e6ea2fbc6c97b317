// mir.gather: ODS rejects i8 indices.
func.func @gather_index_dtype(%t: tensor<100x16xf32>, %i: tensor<4xi8>) -> tensor<4x16xf32> {
  %0 = mir.gather %t[%i] axis = 0 : (tensor<100x16xf32>, tensor<4xi8>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}
