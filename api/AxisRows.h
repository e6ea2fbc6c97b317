//===- AxisRows.h - Rows of a row-major tensor along one axis ---*- C++ -*-===//
//
// What the model pipeline's padding (runPadded) and the Decoder's prompt
// chunks both do to caller data: view a row-major tensor as blocks of rows
// along one axis, check that its bytes hold its shape, and copy a range of
// rows of every block. Internal to the API library.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_AXISROWS_H
#define RLX_API_AXISROWS_H

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx {

/// A tensor of some shape as `outer` blocks of `rows` rows of `rowBytes`
/// along one axis.
struct AxisLayout {
  int64_t outer = 1;
  int64_t rows = 0;
  size_t rowBytes = 0;
};

/// `shape` (dims >= 0, `axis` < its rank) of `dtype` along `axis`.
AxisLayout layoutAlong(const std::vector<int64_t> &shape, size_t axis,
                       DType dtype);

/// invalid_argument naming `what` unless every dim of `shape` is >= 0 and
/// `bytes` is exactly the bytes of `shape` along `axis` (which then holds).
Expected<AxisLayout> checkedLayout(const std::string &what,
                                   const std::vector<int64_t> &shape,
                                   size_t axis, DType dtype, size_t bytes);

/// Rows [first, first + count) of each block of `src` (laid out as `from`),
/// into blocks of `toRows` rows (>= count; zero rows after the copied ones).
std::vector<uint8_t> copyRows(const uint8_t *src, const AxisLayout &from,
                              int64_t first, int64_t count, int64_t toRows);

} // namespace rlx

#endif // RLX_API_AXISROWS_H
