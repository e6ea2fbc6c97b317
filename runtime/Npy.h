//===- Npy.h - NumPy .npy files (inputs, outputs, goldens) ------*- C++ -*-===//
#ifndef RLX_RUNTIME_NPY_H
#define RLX_RUNTIME_NPY_H

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx::npy {

struct Array {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
};

/// What a .npy header says: the element type and shape, and where the data
/// lies.
struct Header {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  size_t dataOffset = 0;
  size_t dataBytes = 0;
};

/// Decodes the magic, version and header dict at `data` (at least the
/// header's bytes). The dict is parsed as the Python literal NumPy writes:
/// the keys descr, fortran_order and shape, each exactly once, nothing
/// after it but padding. Errors (invalid_argument) name what is wrong.
Expected<Header> parseHeader(const uint8_t *data, size_t size);

/// Decodes `size` bytes at `data` holding a little-endian, C-order .npy
/// (version 1, 2 or 3) of a dtype rlx knows (f4, f8, f2, i1, i4, i8, b1,
/// V2 for bf16). The bytes are untrusted: errors (invalid_argument) name the
/// field at fault.
Expected<Array> parse(const uint8_t *data, size_t size);

/// Reads the .npy at `path` (see parse): a regular file (runtime/Files.h),
/// its header first, then exactly the data bytes it promises. Errors name
/// the file and the field; a missing file is not_found.
Expected<Array> read(const std::string &path);

/// As read, but the data is read only when the header says `dtype` and
/// `shape` (else invalid_argument: "<path>: <role> needs f32 [2x3], the
/// file holds ..."), so a file of another size is never loaded.
Expected<Array> readAs(const std::string &path, DType dtype,
                       const std::vector<int64_t> &shape,
                       const std::string &role);

/// Writes `array` as a version 1 .npy: a temporary in the same directory,
/// then a rename (an existing symlink at `path` is replaced, not followed);
/// every write and the close are checked.
Status write(const std::string &path, const Array &array);

} // namespace rlx::npy

#endif // RLX_RUNTIME_NPY_H
