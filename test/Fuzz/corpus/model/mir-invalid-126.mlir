//===----------------------------------------------------------------------===//
// mir.broadcast
//===----------------------------------------------------------------------===//

// mir.broadcast C1: the result has another element type.
func.func @broadcast_c1(%x: tensor<8xf32>) -> tensor<4x8xf16> {
  %0 = mir.broadcast %x : tensor<8xf32> to tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}
