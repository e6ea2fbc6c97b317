//===- ConvKernel.h - mir.conv2d on the CPU: products and planes -*- C++
//-*-===//
//
// An f32 convolution with groups = 1 as products the matmul microkernel
// takes (docs/CPUBackend.md, "Convolution"): per image, the output is
// out[O, Ho*Wo] = W[O, C*KH*KW] · P[C*KH*KW, Ho*Wo], P the input's patches
// (im2col). P is never whole: a workgroup owns a tile of output rows (R
// rows of Wo pixels) and, optionally, a range of output channels; it walks
// the input channels in chunks, writing each chunk's patches [Cc*KH*KW,
// R*Wo] into a stack buffer and multiplying the filter's matching columns
// by it into its output window (accumulating; the window starts as the
// bias). The filter is read in place as A (row stride C*KH*KW), the
// output window written in place (row stride Ho*Wo).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_CONVKERNEL_H
#define RLX_CONVERSION_MIRTOLIR_CONVKERNEL_H

#include "conversion/MIRToLIR/KernelConfig.h"

#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::rlx {
namespace mir {
class Conv2dOp;
} // namespace mir

/// The CPU's kernel of an f32 conv2d at `b` (the kernel's entry block) on
/// its operands' memrefs (input, filter, bias if present) and `out`,
/// reading its workgroup from `lir.workgroup_id 0`; its grid, or nullopt
/// (nothing built) for a conv the neutral kernels take: other types,
/// dynamic or empty shapes, and groups other than 1 or C.
///
/// groups = 1: the tiled products above. Depthwise (groups = C, O a
/// multiple of C; output channel o reads input channel o / (O / C)): each
/// workgroup a range of (image, output channel) planes; per plane, the input
/// plane is copied into a zero-padded stack plane (split into `sw` column
/// phases for column stride sw), the output plane starts as the bias, and
/// each window position (kh, kw) adds weight * the padded plane's matching
/// rows and columns: a 2-D elementwise multiply-add on contiguous rows.
std::optional<KernelShape> buildCpuConvKernel(OpBuilder &b, Location loc,
                                              mir::Conv2dOp op,
                                              ValueRange operands, Value out);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_MIRTOLIR_CONVKERNEL_H
