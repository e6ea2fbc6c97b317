//===- FuzzNpy.cpp - Fuzz target: .npy bytes to an array ------------------===//
//
// rlx-fuzz-npy: the bytes are a .npy file, decoded by rlx::npy::parse (what
// npy::read and rlx-run's --input / --param files go through). Findings
// besides crashes and sanitizer reports: an accepted array whose byte count
// is not its element count times its dtype's size.
//
//===----------------------------------------------------------------------===//
#include "runtime/Npy.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  rlx::Expected<rlx::npy::Array> array = rlx::npy::parse(data, size);
  if (!array)
    return 0;
  // The byte size in 128-bit arithmetic, so the check itself cannot wrap.
  // Any 0 dim makes an empty array, whatever the others (they may overflow).
  unsigned __int128 bytes = rlx::dtypeSize(array->dtype);
  bool empty = false;
  for (int64_t dim : array->shape) {
    if (dim < 0)
      __builtin_trap();
    empty |= dim == 0;
  }
  if (empty)
    bytes = 0;
  for (size_t i = 0; !empty && i < array->shape.size(); ++i) {
    bytes *= static_cast<uint64_t>(array->shape[i]);
    if (bytes > INT64_MAX)
      __builtin_trap();
  }
  if (bytes != array->bytes.size())
    __builtin_trap();
  return 0;
}
