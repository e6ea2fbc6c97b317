//===- Onnx.h - ONNX models in the API ------------------------------------===//
//
// An OnnxModel is an .onnx file (or its bytes) read once: parsed, checked by
// ONNX's checker, lifted to opset 17 and its initializers decoded (external
// data memory-mapped from the model's directory). Session::compile imports
// it for each compile with the compile's dims and constants bound, and sets
// every param from its initializer (docs/ONNX.md). Copies share the model.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_ONNX_H
#define RLX_ONNX_H

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rlx {

class OnnxModel {
public:
  /// An empty model (valid() false); compiling it is an error.
  OnnxModel();
  /// Reads `path`: invalid_argument for a file that is not a valid ONNX
  /// model (quoting ONNX's checker), unimplemented for an opset newer than
  /// 17, not_found when there is no file.
  static Expected<OnnxModel> readFile(const std::string &path);
  /// A model in memory, named `sourceName` in messages; external data is
  /// read from `externalDataDirectory` (empty: a model with external data
  /// is refused).
  static Expected<OnnxModel> fromBytes(std::string_view bytes,
                                       std::string sourceName = "<onnx>",
                                       std::string externalDataDirectory = "");

  bool valid() const { return impl_ != nullptr; }
  const std::string &sourceName() const;
  /// The default-domain opset the file was written for.
  int64_t opset() const;

  /// A graph input (not an initializer) or output as the model declares
  /// it; a dim is a size, or -1 with its symbol (dim_param; "<input>:<i>"
  /// when an input names none), bound by CompileOptions::dims.
  struct ValueInfo {
    std::string name;
    /// False for element types rlx has no dtype for (strings, 16-bit
    /// integers); `dtype` is then meaningless.
    bool supported = false;
    /// The dtype the compiled graph takes: UINT8, UINT32 and UINT64 come
    /// as i8, i32 and i64 holding the same bits (`isUnsigned`).
    DType dtype = DType::f32;
    bool isUnsigned = false;
    std::vector<int64_t> shape;
    std::vector<std::string> symbols;
  };
  std::vector<ValueInfo> inputs() const;
  std::vector<ValueInfo> outputs() const;
  /// The initializers that become params, set from the file when the model
  /// is compiled (the others become constants of the code).
  std::vector<std::string> paramNames() const;
  /// The graph inputs a compile needs as values (they determine shapes):
  /// bind them with CompileOptions::constants.
  std::vector<std::string> compileTimeInputs() const;

  /// The op types the graph uses ("domain:Type" outside the default
  /// domain), each once.
  std::vector<std::string> opTypes() const;

  /// The ONNX op types rlx imports (default domain, opset 17).
  static std::vector<std::string> supportedOps();

  struct Impl;
  const Impl &impl() const { return *impl_; }

private:
  std::shared_ptr<const Impl> impl_;
};

} // namespace rlx

#endif // RLX_ONNX_H
