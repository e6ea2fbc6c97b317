// A shape whose byte size (not element count) overflows int64.
func.func @byte_size_overflow(%x: tensor<2305843009213693952x2xf32>) -> tensor<2305843009213693952x2xf32> {
  %y = mir.unary relu %x : tensor<2305843009213693952x2xf32>
  return %y : tensor<2305843009213693952x2xf32>
}
