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

/// Decodes `size` bytes at `data` holding a little-endian, C-order .npy
/// (version 1, 2 or 3) of a dtype rlx knows (f4, f8, f2, i1, i4, i8, b1,
/// V2 for bf16). The bytes are untrusted: errors (invalid_argument) name the
/// field at fault.
Expected<Array> parse(const uint8_t *data, size_t size);

/// Reads the .npy at `path` (see parse). Errors name the file and the field;
/// a missing file is not_found.
Expected<Array> read(const std::string &path);

/// Writes `array` as a version 1 .npy.
Status write(const std::string &path, const Array &array);

} // namespace rlx::npy

#endif // RLX_RUNTIME_NPY_H
