// Gather along axis 0 (i32 ids) and axis 1 (i64 ids, dynamic).
func.func @gather(%t: tensor<100x16xf32>, %ids: tensor<4x7xi32>, %u: tensor<3x10x2xi8>, %j: tensor<?xi64>) -> (tensor<4x7x16xf32>, tensor<3x?x2xi8>) {
  %0 = mir.gather %t[%ids] axis = 0 : (tensor<100x16xf32>, tensor<4x7xi32>) -> tensor<4x7x16xf32>
  %1 = mir.gather %u[%j] axis = 1 : (tensor<3x10x2xi8>, tensor<?xi64>) -> tensor<3x?x2xi8>
  return %0, %1 : tensor<4x7x16xf32>, tensor<3x?x2xi8>
}
