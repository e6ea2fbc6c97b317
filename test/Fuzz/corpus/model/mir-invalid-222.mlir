// mir.elementwise (generic form): a block without a terminator.
func.func @elementwise_no_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "mir.elementwise"(%x) ({
  ^bb0(%e: f32):
    %n = "mir.unary"(%e) <{kind = 10 : i32}> : (f32) -> f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
