// Elementwise region with broadcast inputs and scalar unary, binary and constant steps.
func.func @elementwise(%x: tensor<1024xf32>, %a: tensor<1024xf32>, %b: tensor<f32>) -> tensor<1024xf32> {
  %0 = mir.elementwise %x, %a, %b : (tensor<1024xf32>, tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32> {
  ^bb0(%e: f32, %f: f32, %g: f32):
    %m = mir.binary mul %e, %f : (f32, f32) -> f32
    %s = mir.binary add %m, %g : (f32, f32) -> f32
    %h = mir.constant 5.000000e-01 : f32
    %p = mir.binary pow %s, %h : (f32, f32) -> f32
    %r = mir.unary relu %p : f32
    mir.yield %r : f32
  }
  return %0 : tensor<1024xf32>
}
