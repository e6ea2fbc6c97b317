// The integer unary kinds (neg, abs, relu) on i8, i32 and i64.
func.func @unary_int(%a: tensor<4xi8>, %b: tensor<4xi32>, %c: tensor<4xi64>) -> (tensor<4xi8>, tensor<4xi32>, tensor<4xi64>) {
  %0 = mir.unary neg %a : tensor<4xi8>
  %1 = mir.unary abs %b : tensor<4xi32>
  %2 = mir.unary relu %c : tensor<4xi64>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi32>, tensor<4xi64>
}
