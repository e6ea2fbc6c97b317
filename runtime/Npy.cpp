//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
#include "runtime/Npy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>

namespace rlx::npy {

static const char kMagic[] = "\x93NUMPY";

static const char *descrOf(DType dtype) {
  switch (dtype) {
  case DType::f32:
    return "<f4";
  case DType::f64:
    return "<f8";
  case DType::f16:
    return "<f2";
  case DType::i8:
    return "|i1";
  case DType::i32:
    return "<i4";
  case DType::i64:
    return "<i8";
  case DType::i1:
    return "|b1";
  case DType::bf16:
    return "<V2"; // no NumPy dtype: raw 2-byte values
  }
  return "<f4";
}

/// The value of `key` in the header dict, e.g. 'descr': '<f4'.
static std::string field(const std::string &header, const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    return {};
  size_t colon = header.find(':', at);
  if (colon == std::string::npos)
    return {};
  size_t start = header.find_first_not_of(' ', colon + 1);
  if (start == std::string::npos)
    return {};
  char open = header[start];
  char close = open == '(' ? ')' : open == '\'' ? '\'' : ',';
  size_t end = header.find(close, start + 1);
  if (end == std::string::npos)
    return {};
  return header.substr(start, end - start + 1);
}

Expected<Array> parse(const uint8_t *data, size_t size) {
  auto fail = [](const std::string &why) {
    return Status(StatusCode::invalid_argument, why);
  };
  llvm::ArrayRef<uint8_t> file(data, size);
  if (!data || file.size() < 10 || std::memcmp(file.data(), kMagic, 6) != 0)
    return fail("not a .npy file (bad magic)");
  uint8_t major = file[6];
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = file[8] | (file[9] << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (file.size() < 12)
      return fail("truncated header");
    headerLen =
        file[8] | (file[9] << 8) | (file[10] << 16) | (size_t(file[11]) << 24);
    headerStart = 12;
  } else {
    return fail("unsupported .npy version " + std::to_string(major));
  }
  if (headerStart + headerLen > file.size())
    return fail("truncated header");
  std::string header(file.begin() + headerStart,
                     file.begin() + headerStart + headerLen);
  Array array;
  std::string descr = field(header, "descr");
  static const std::pair<const char *, DType> known[] = {
      {"'<f4'", DType::f32}, {"'<f8'", DType::f64}, {"'<f2'", DType::f16},
      {"'|i1'", DType::i8},  {"'<i4'", DType::i32}, {"'<i8'", DType::i64},
      {"'|b1'", DType::i1},  {"'<V2'", DType::bf16}};
  bool found = false;
  for (auto &[name, dtype] : known)
    if (descr == name) {
      array.dtype = dtype;
      found = true;
    }
  if (!found)
    return fail("unsupported dtype " + descr);
  if (field(header, "fortran_order").rfind("False", 0) != 0)
    return fail("Fortran-order arrays are not supported");
  std::string shape = field(header, "shape");
  if (shape.size() < 2 || shape.front() != '(')
    return fail("bad shape field");
  int64_t count = 1;
  for (size_t i = 1; i + 1 < shape.size();) {
    size_t end = shape.find_first_of(",)", i);
    std::string token = shape.substr(i, end - i);
    i = end + 1;
    token.erase(0, token.find_first_not_of(' '));
    if (token.empty())
      continue;
    char *rest = nullptr;
    long long dim = std::strtoll(token.c_str(), &rest, 10);
    if (*rest != '\0' || dim < 0 || (dim && count > INT64_MAX / dim))
      return fail("bad dim '" + token + "'");
    array.shape.push_back(dim);
    count *= dim;
  }
  // The byte size must fit too: 2^62 f4 elements would wrap to 0 bytes.
  size_t elementSize = dtypeSize(array.dtype);
  if (count > INT64_MAX / static_cast<int64_t>(elementSize))
    return fail("shape " + shape + " of " + descr +
                " elements has more bytes than fit in int64");
  size_t bytes = size_t(count) * elementSize;
  size_t dataStart = headerStart + headerLen;
  if (file.size() - dataStart != bytes)
    return fail("holds " + std::to_string(file.size() - dataStart) +
                " data bytes, its shape and dtype need " +
                std::to_string(bytes));
  array.bytes.assign(file.begin() + dataStart, file.end());
  return array;
}

Expected<Array> read(const std::string &path) {
  // LLVM's reader reports errors as values (an iostream read of a
  // directory throws, and rlx is built without exceptions).
  if (llvm::sys::fs::is_directory(path))
    return Status(StatusCode::invalid_argument,
                  path + ": is a directory, not a .npy file");
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return Status(StatusCode::not_found, path + ": cannot open the file: " +
                                             buffer.getError().message());
  Expected<Array> array =
      parse(reinterpret_cast<const uint8_t *>((*buffer)->getBufferStart()),
            (*buffer)->getBufferSize());
  if (!array)
    return Status(array.status().code(),
                  path + ": " + array.status().message());
  return array;
}

Status write(const std::string &path, const Array &array) {
  std::string shape = "(";
  for (int64_t d : array.shape)
    shape += std::to_string(d) + ", ";
  if (array.shape.size() > 1)
    shape.resize(shape.size() - 2);
  else if (array.shape.size() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header = std::string("{'descr': '") + descrOf(array.dtype) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad so the data starts at a multiple of 64 bytes; end with '\n'.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out)
    return Status(StatusCode::not_found, path + ": cannot create the file");
  out.write(kMagic, 6);
  out.put(1);
  out.put(0);
  out.put(static_cast<char>(header.size() & 0xff));
  out.put(static_cast<char>(header.size() >> 8));
  out << header;
  out.write(reinterpret_cast<const char *>(array.bytes.data()),
            array.bytes.size());
  if (!out)
    return Status(StatusCode::data_loss, path + ": write failed");
  return Status::ok();
}

} // namespace rlx::npy
