// mir.name and mir.dims on arguments (symbols for dynamic dims, sizes for static ones) and mir.name on results.
func.func @annotations(%x: tensor<?x?x16xf32> {mir.name = "tokens", mir.dims = ["batch", "seq", 16]}, %y: tensor<4xf32> {mir.dims = [4]}, %z: tensor<f32> {mir.dims = []}) -> (tensor<?x?x16xf32> {mir.name = "out"}, tensor<4xf32>) {
  return %x, %y : tensor<?x?x16xf32>, tensor<4xf32>
}
