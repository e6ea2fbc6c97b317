// BoundedShapes: an element count that fits but a byte size that overflows int64.
func.func @bounded_byte_size(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  %0 = mir.unary relu %x : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}
