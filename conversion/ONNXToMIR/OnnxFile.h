//===- OnnxFile.h - An ONNX model read, checked and lifted once -*- C++ -*-===//
//
// The trust boundary for ONNX files (docs/ONNX.md, "What the loader
// promises"): a model is parsed with Debian's libonnx / libprotobuf, checked
// with ONNX's own checker (its message quoted on failure), lifted to opset
// 17 by ONNX's version converter when older, and every initializer is
// decoded and bounds-checked once; external data is confined to the model's
// directory and memory-mapped. This header includes no ONNX header: ONNX
// reports errors by throwing, so only this folder's translation units (built
// with -fexceptions) see it, and every entry point catches at its boundary.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_ONNXTOMIR_ONNXFILE_H
#define RLX_CONVERSION_ONNXTOMIR_ONNXFILE_H

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlir::rlx::onnximport {

/// The highest default-domain opset the importer implements; older models
/// are lifted to it, newer ones refused.
constexpr int64_t kOpsetVersion = 17;

/// The rlx dtype of an ONNX TensorProto element type, or nullopt for the
/// ones rlx has no dtype for (strings, unsigned and 16-bit integers,
/// complex numbers).
std::optional<::rlx::DType> dtypeOfOnnx(int32_t elementType);
/// The rlx dtype that holds an ONNX element type bit for bit: its dtype, or
/// for UINT8, UINT32 and UINT64 the signed integer of the same width (the
/// importer keeps their unsigned meaning; docs/ONNX.md, "Unsigned
/// integers"). nullopt for strings, 16-bit integers and complex numbers.
std::optional<::rlx::DType> storageDTypeOfOnnx(int32_t elementType);
/// UINT8, UINT32 or UINT64: stored in a signed dtype, computed unsigned.
bool isUnsignedOnnx(int32_t elementType);
/// "FLOAT", "UINT8", ... (ONNX's names), or "type N".
std::string onnxTypeName(int32_t elementType);

/// Decoded tensor data: row-major, little-endian, rlx's element layout
/// (i1 one byte per element). `data` points into the model, its mapping or
/// memory the OnnxFile owns.
struct TensorData {
  std::string name;
  /// ONNX's element type (TensorProto.DataType).
  int32_t elementType = 0;
  std::vector<int64_t> shape;
  const uint8_t *data = nullptr;
  size_t bytes = 0;
  /// Empty when the data decoded; else why not (an element type rlx lacks,
  /// a string tensor): an error only when the importer needs the values.
  std::string problem;
};

/// A graph input or output as declared: element type and dims, each a size
/// or a symbol (dim_param; empty with size -1 when the model names none).
struct ValueDecl {
  std::string name;
  int32_t elementType = 0;
  struct Dim {
    int64_t size = -1;
    std::string symbol;
  };
  std::vector<Dim> dims;
};

/// Limits on what a model may hold, checked before anything is allocated
/// for it.
struct LoadLimits {
  /// The largest .onnx file (protobuf's own limit is 2 GiB).
  uint64_t maxFileBytes = (uint64_t(2) << 30) - 1;
  /// The largest external data file.
  uint64_t maxExternalBytes = uint64_t(1) << 40;
};

class OnnxFile {
public:
  /// Reads the model at `path` (a regular file; external data is looked up
  /// in its directory). not_found when it does not exist.
  static ::rlx::Expected<std::shared_ptr<const OnnxFile>>
  read(const std::string &path, const LoadLimits &limits = LoadLimits());
  /// A model from memory, named `sourceName` in messages. External data is
  /// looked up in `baseDirectory`; empty: a model with external data is
  /// refused.
  static ::rlx::Expected<std::shared_ptr<const OnnxFile>>
  parse(std::string_view bytes, std::string sourceName,
        std::string baseDirectory = "",
        const LoadLimits &limits = LoadLimits());

  ~OnnxFile();

  /// The file name messages give.
  const std::string &sourceName() const;
  /// The default-domain opset the model was written for (before lifting).
  int64_t originalOpset() const;
  /// The graph's name.
  const std::string &graphName() const;
  /// Graph inputs that are not initializers, in order.
  const std::vector<ValueDecl> &inputs() const;
  const std::vector<ValueDecl> &outputs() const;
  /// Every initializer of the main graph, decoded.
  const std::vector<TensorData> &initializers() const;
  const TensorData *findInitializer(std::string_view name) const;
  /// The op types of the main graph's nodes ("domain:Type" outside the
  /// default domain), each once, in order of first use.
  std::vector<std::string> opTypes() const;

  struct Impl;
  const Impl &impl() const { return *impl_; }

private:
  explicit OnnxFile(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// The op types of a serialized model's main graph (as OnnxFile::opTypes),
/// read without checking it; empty when the bytes do not parse.
std::vector<std::string> peekOpTypes(std::string_view bytes);
/// Every default-domain op type ONNX 1.12 defines.
std::vector<std::string> onnxOpTypes();

/// Decodes a serialized TensorProto (an ONNX test's input_0.pb) into
/// `owned`, returning its view; external data is refused.
::rlx::Expected<TensorData> parseTensorProto(std::string_view bytes,
                                             std::vector<uint8_t> &owned);

} // namespace mlir::rlx::onnximport

#endif // RLX_CONVERSION_ONNXTOMIR_ONNXFILE_H
