// Elementwise region yielding a bool and a body argument directly.
func.func @elementwise_bool(%x: tensor<2x3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
  %0 = mir.elementwise %x : (tensor<2x3xi1>) -> tensor<2x3xi1> {
  ^bb0(%e: i1):
    mir.yield %e : i1
  }
  %1 = mir.elementwise %x : (tensor<2x3xi1>) -> tensor<2x3xi1> {
  ^bb0(%e2: i1):
    %t = mir.constant true
    %f = mir.constant false
    %s = mir.select %e2, %f, %t : (i1, i1, i1) -> i1
    mir.yield %s : i1
  }
  return %0, %1 : tensor<2x3xi1>, tensor<2x3xi1>
}
