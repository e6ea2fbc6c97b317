// The integer-capable kinds (neg, abs, relu) on i8, i32 and i64 tensors.
func.func @activation_integer(%a: tensor<4xi8>, %b: tensor<?xi32>, %c: tensor<i64>) -> (tensor<4xi8>, tensor<?xi32>, tensor<i64>) {
  %x = hir.activation neg %a : tensor<4xi8>
  %y = hir.activation abs %b : tensor<?xi32>
  %z = hir.activation relu %c : tensor<i64>
  return %x, %y, %z : tensor<4xi8>, tensor<?xi32>, tensor<i64>
}
