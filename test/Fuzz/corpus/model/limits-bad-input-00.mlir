// Malformed input gives a clear error, never a crash.

// A dense constant whose literal does not match its type.
func.func @dense_size_mismatch() -> tensor<2xf32> {
  %c = mir.constant dense<[1.0, 2.0, 3.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
