//===- AxisRows.cpp - Rows of a row-major tensor along one axis -----------===//
#include "api/AxisRows.h"

#include <algorithm>
#include <cstring>

namespace rlx {

AxisLayout layoutAlong(const std::vector<int64_t> &shape, size_t axis,
                       DType dtype) {
  AxisLayout l;
  for (size_t i = 0; i < axis; ++i)
    l.outer *= shape[i];
  l.rows = shape[axis];
  l.rowBytes = dtypeSize(dtype);
  for (size_t i = axis + 1; i < shape.size(); ++i)
    l.rowBytes *= static_cast<size_t>(shape[i]);
  return l;
}

Expected<AxisLayout> checkedLayout(const std::string &what,
                                   const std::vector<int64_t> &shape,
                                   size_t axis, DType dtype, size_t bytes) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  text += "]";
  if (std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; }))
    return Status(StatusCode::invalid_argument,
                  what + " has a negative dim in its shape " + text);
  AxisLayout layout = layoutAlong(shape, axis, dtype);
  if (static_cast<size_t>(layout.outer * layout.rows) * layout.rowBytes !=
      bytes)
    return Status(StatusCode::invalid_argument,
                  what + ": " + std::to_string(bytes) +
                      " bytes do not hold its shape " + text);
  return layout;
}

std::vector<uint8_t> copyRows(const uint8_t *src, const AxisLayout &from,
                              int64_t first, int64_t count, int64_t toRows) {
  std::vector<uint8_t> out(static_cast<size_t>(from.outer * toRows) *
                           from.rowBytes);
  for (int64_t o = 0; o < from.outer; ++o)
    std::memcpy(out.data() + static_cast<size_t>(o * toRows) * from.rowBytes,
                src +
                    static_cast<size_t>(o * from.rows + first) * from.rowBytes,
                static_cast<size_t>(count) * from.rowBytes);
  return out;
}

} // namespace rlx
