// RUN: rlx-opt %s -rlx-cpu-matmul-microkernel="lanes=16" | FileCheck %s --check-prefix=FITS
// RUN: rlx-opt %s -rlx-cpu-matmul-microkernel="lanes=16 prefetch-c-above=4095" | FileCheck %s --check-prefix=LARGER
// RUN: rlx-opt %s -rlx-cpu-matmul-microkernel="lanes=16 prefetch-c-above=4096" | FileCheck %s --check-prefix=FITS

// Each register tile prefetches the next tile's rows of C only when C has
// more bytes than prefetch-c-above (default 1 MiB, a core's L2): this C is
// 32 x 32 floats, 4096 bytes.
// FITS-LABEL:   func.func @c_of_4096_bytes
// FITS-NOT:       memref.prefetch
// FITS:           vector.fma
// FITS-NOT:       memref.prefetch
// LARGER-LABEL: func.func @c_of_4096_bytes
// LARGER:         memref.prefetch %{{.*}}, write, locality<3>, data : memref<32x32xf32>
// LARGER:         vector.fma
func.func @c_of_4096_bytes(%a: memref<32x16xf32>, %b: memref<16x32xf32>, %c: memref<32x32xf32>) {
  linalg.matmul ins(%a, %b : memref<32x16xf32>, memref<16x32xf32>) outs(%c : memref<32x32xf32>)
  return
}
