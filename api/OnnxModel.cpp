//===- OnnxModel.cpp - ONNX models in the API -----------------------------===//
//
// The API's face of conversion/ONNXToMIR: an OnnxModel shares one
// onnximport::OnnxFile (parsed, checked, lifted, initializers decoded);
// every compile imports it anew with its own bindings.
//
//===----------------------------------------------------------------------===//
#include "api/OnnxImport.h"
#include "conversion/ONNXToMIR/ONNXToMIR.h"
#include "rlx/Onnx.h"
#include "rlx/PrintableText.h"

namespace rlx {

using mlir::rlx::onnximport::OnnxFile;

/// `status` with its message escaped: ONNX names are any UTF-8 (or bytes),
/// and the messages quote them.
static Status printable(const Status &status) {
  return Status(status.code(), escapeUnprintable(status.message()));
}

OnnxModel::OnnxModel() = default;

Expected<OnnxModel> OnnxModel::readFile(const std::string &path) {
  Expected<std::shared_ptr<const OnnxFile>> file = OnnxFile::read(path);
  if (!file)
    return printable(file.status());
  OnnxModel model;
  model.impl_ = std::make_shared<Impl>(Impl{std::move(*file)});
  return model;
}

Expected<OnnxModel> OnnxModel::fromBytes(std::string_view bytes,
                                         std::string sourceName,
                                         std::string externalDataDirectory) {
  Expected<std::shared_ptr<const OnnxFile>> file = OnnxFile::parse(
      bytes, std::move(sourceName), std::move(externalDataDirectory));
  if (!file)
    return printable(file.status());
  OnnxModel model;
  model.impl_ = std::make_shared<Impl>(Impl{std::move(*file)});
  return model;
}

const std::string &OnnxModel::sourceName() const {
  static const std::string empty;
  return impl_ ? impl_->file->sourceName() : empty;
}

int64_t OnnxModel::opset() const {
  return impl_ ? impl_->file->originalOpset() : 0;
}

/// `decls` as the API describes them.
static std::vector<OnnxModel::ValueInfo>
describe(const std::vector<mlir::rlx::onnximport::ValueDecl> &decls) {
  std::vector<OnnxModel::ValueInfo> out;
  for (const auto &decl : decls) {
    OnnxModel::ValueInfo in;
    in.name = decl.name;
    std::optional<DType> dtype =
        mlir::rlx::onnximport::storageDTypeOfOnnx(decl.elementType);
    in.supported = dtype.has_value();
    in.isUnsigned = mlir::rlx::onnximport::isUnsignedOnnx(decl.elementType);
    in.dtype = dtype.value_or(DType::f32);
    for (size_t i = 0; i < decl.dims.size(); ++i) {
      const auto &d = decl.dims[i];
      in.shape.push_back(d.size);
      in.symbols.push_back(d.size >= 0 ? std::string()
                           : d.symbol.empty()
                               ? decl.name + ":" + std::to_string(i)
                               : d.symbol);
    }
    out.push_back(std::move(in));
  }
  return out;
}

std::vector<OnnxModel::ValueInfo> OnnxModel::inputs() const {
  return impl_ ? describe(impl_->file->inputs())
               : std::vector<ValueInfo>();
}

std::vector<OnnxModel::ValueInfo> OnnxModel::outputs() const {
  return impl_ ? describe(impl_->file->outputs())
               : std::vector<ValueInfo>();
}

std::vector<std::string> OnnxModel::paramNames() const {
  std::vector<std::string> out;
  if (impl_)
    for (const auto &t : impl_->file->initializers())
      if (mlir::rlx::onnximport::initializerIsParam(t))
        out.push_back(t.name);
  return out;
}

std::vector<std::string> OnnxModel::compileTimeInputs() const {
  if (!impl_)
    return {};
  return mlir::rlx::onnximport::compileTimeInputs(*impl_->file);
}

std::vector<std::string> OnnxModel::opTypes() const {
  return impl_ ? impl_->file->opTypes() : std::vector<std::string>();
}

std::vector<std::string> OnnxModel::supportedOps() {
  return mlir::rlx::onnximport::importedOpTypes();
}

} // namespace rlx

namespace mlir::rlx {

::rlx::Expected<OwningOpRef<ModuleOp>>
importOnnxModel(MLIRContext *ctx, const ::rlx::OnnxModel &model,
                const ::rlx::CompileOptions &options) {
  if (!model.valid())
    return ::rlx::Status(::rlx::StatusCode::invalid_argument,
                         "the ONNX model is empty (read one with "
                         "OnnxModel::readFile or fromBytes)");
  onnximport::ImportOptions import;
  import.dims = options.dims;
  import.constants = options.constants;
  auto module = onnximport::importOnnx(ctx, *model.impl().file, import);
  if (!module)
    return ::rlx::printable(module.status());
  return module;
}

::rlx::Status setParamsFromInitializers(::rlx::CompiledGraph &graph,
                                        const ::rlx::OnnxModel &model) {
  const onnximport::OnnxFile &file = *model.impl().file;
  for (const ::rlx::Slot *slot :
       graph.manifest().slotsWithRole(::rlx::SlotRole::param)) {
    const onnximport::TensorData *init = file.findInitializer(slot->name);
    if (!init)
      continue;
    std::optional<::rlx::DType> dtype =
        onnximport::storageDTypeOfOnnx(init->elementType);
    if (!dtype)
      return ::rlx::Status(::rlx::StatusCode::unimplemented,
                           file.sourceName() + ": initializer '" + init->name +
                               "' holds " +
                               onnximport::onnxTypeName(init->elementType) +
                               " elements, which rlx has no dtype for");
    if (::rlx::Status s = graph.setParamTyped(slot->name, init->data,
                                              init->bytes, *dtype);
        !s)
      return ::rlx::Status(s.code(), file.sourceName() + ": initializer '" +
                                         init->name + "': " + s.message());
  }
  return ::rlx::Status::ok();
}

} // namespace mlir::rlx
