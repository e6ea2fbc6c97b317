// Parameters, one of them read twice under the same name and type.
func.func @param() -> (tensor<784x512xf32>, tensor<784x512xf32>, tensor<512xf16>) {
  %0 = mir.param "fc1.weight" : tensor<784x512xf32>
  %1 = mir.param "fc1.weight" : tensor<784x512xf32>
  %2 = mir.param "fc1.bias" : tensor<512xf16>
  return %0, %1, %2 : tensor<784x512xf32>, tensor<784x512xf32>, tensor<512xf16>
}
