//===- OnnxFileImpl.h - What an OnnxFile holds (ONNX headers) ---*- C++ -*-===//
//
// Included only by this folder's translation units, which are built with
// -fexceptions (ONNX throws); nothing here may reach the rest of rlx.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_ONNXTOMIR_ONNXFILEIMPL_H
#define RLX_CONVERSION_ONNXTOMIR_ONNXFILEIMPL_H

#include "conversion/ONNXToMIR/OnnxFile.h"

#include "onnx/onnx_pb.h"

#include <deque>
#include <map>
#include <unordered_map>

namespace mlir::rlx::onnximport {

/// A read-only mapping of an external data file, unmapped with the model.
struct Mapping {
  Mapping() = default;
  Mapping(const Mapping &) = delete;
  Mapping &operator=(const Mapping &) = delete;
  ~Mapping();
  const uint8_t *data = nullptr;
  size_t size = 0;
};

struct OnnxFile::Impl {
  std::string sourceName;
  std::string baseDirectory;
  int64_t originalOpset = 0;
  /// The model as read: its initializers hold the weights.
  ::onnx::ModelProto original;
  /// What the importer reads: the checked model lifted to kOpsetVersion,
  /// its large initializers stubbed (their data stays in `original`).
  ::onnx::ModelProto graph;
  std::vector<ValueDecl> inputs, outputs;
  std::vector<TensorData> initializers;
  std::unordered_map<std::string, size_t> initializerIndex;
  /// Decoded copies of data not stored as raw bytes (typed proto fields).
  std::deque<std::vector<uint8_t>> owned;
  /// External data files by their location.
  std::map<std::string, std::unique_ptr<Mapping>> mappings;
};

/// Decodes `tensor` (its data in its raw or typed fields, or external and
/// mapped through `impl`'s mappings) into a view. `owned` keeps converted
/// copies. Errors name the tensor and the field at fault.
::rlx::Status decodeTensor(const ::onnx::TensorProto &tensor,
                           OnnxFile::Impl *external,
                           std::deque<std::vector<uint8_t>> &owned,
                           TensorData &out);

/// Bytes per element of an ONNX element type; 0 for strings and unknown
/// types.
size_t onnxElementSize(int32_t elementType);

} // namespace mlir::rlx::onnximport

#endif // RLX_CONVERSION_ONNXTOMIR_ONNXFILEIMPL_H
