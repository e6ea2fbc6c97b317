//===- OnnxFile.cpp - Read, check and lift an ONNX model ------------------===//
//
// Order of trust: the file is a regular file within the size limit, the
// bytes parse as a ModelProto, the IR version and opsets are ones rlx
// implements, ONNX's checker accepts the graph, and every initializer's
// data has exactly the bytes its type and dims need (external data inside
// the model's directory). Only then is the graph lifted to opset 17.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OnnxFileImpl.h"
#include "runtime/Files.h"

#include "onnx/checker.h"
#include "onnx/defs/schema.h"
#include "onnx/version_converter/convert.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

namespace mlir::rlx::onnximport {

using ::rlx::Expected;
using ::rlx::Status;
using ::rlx::StatusCode;
using ::onnx::TensorProto;

/// Initializers with more payload than this are left out of the graph the
/// checker and the converter copy (their data stays in the original).
static constexpr size_t kStubAbove = 4096;
/// The highest IR version libonnx 1.12 reads.
static constexpr int64_t kMaxIrVersion = 8;
static constexpr int64_t kMaxRank = 64;

std::optional<::rlx::DType> dtypeOfOnnx(int32_t t) {
  switch (t) {
  case TensorProto::FLOAT:
    return ::rlx::DType::f32;
  case TensorProto::FLOAT16:
    return ::rlx::DType::f16;
  case TensorProto::BFLOAT16:
    return ::rlx::DType::bf16;
  case TensorProto::DOUBLE:
    return ::rlx::DType::f64;
  case TensorProto::INT8:
    return ::rlx::DType::i8;
  case TensorProto::INT32:
    return ::rlx::DType::i32;
  case TensorProto::INT64:
    return ::rlx::DType::i64;
  case TensorProto::BOOL:
    return ::rlx::DType::i1;
  default:
    return std::nullopt;
  }
}

std::optional<::rlx::DType> storageDTypeOfOnnx(int32_t t) {
  switch (t) {
  case TensorProto::UINT8:
    return ::rlx::DType::i8;
  case TensorProto::UINT32:
    return ::rlx::DType::i32;
  case TensorProto::UINT64:
    return ::rlx::DType::i64;
  default:
    return dtypeOfOnnx(t);
  }
}

bool isUnsignedOnnx(int32_t t) {
  return t == TensorProto::UINT8 || t == TensorProto::UINT32 ||
         t == TensorProto::UINT64;
}

std::string onnxTypeName(int32_t t) {
  if (TensorProto::DataType_IsValid(t))
    return TensorProto::DataType_Name(static_cast<TensorProto::DataType>(t));
  return "type " + std::to_string(t);
}

size_t onnxElementSize(int32_t t) {
  switch (t) {
  case TensorProto::FLOAT:
  case TensorProto::INT32:
  case TensorProto::UINT32:
    return 4;
  case TensorProto::UINT8:
  case TensorProto::INT8:
  case TensorProto::BOOL:
    return 1;
  case TensorProto::UINT16:
  case TensorProto::INT16:
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16:
    return 2;
  case TensorProto::INT64:
  case TensorProto::DOUBLE:
  case TensorProto::UINT64:
  case TensorProto::COMPLEX64:
    return 8;
  case TensorProto::COMPLEX128:
    return 16;
  default:
    return 0;
  }
}

Mapping::~Mapping() {
  if (data)
    ::munmap(const_cast<uint8_t *>(data), size);
}

static Status ioError(const std::string &what, int err) {
  return Status(err == ENOENT ? StatusCode::not_found
                              : StatusCode::invalid_argument,
                what + ": " + std::strerror(err));
}

/// The element count of `dims`, or an error when a dim is negative, the
/// rank is absurd or the count overflows.
static Expected<uint64_t> countOf(const std::vector<int64_t> &dims,
                                  const std::string &what) {
  if (dims.size() > static_cast<size_t>(kMaxRank))
    return Status(StatusCode::invalid_argument,
                  what + " has rank " + std::to_string(dims.size()) +
                      " (at most " + std::to_string(kMaxRank) + ")");
  uint64_t count = 1;
  for (int64_t d : dims) {
    if (d < 0)
      return Status(StatusCode::invalid_argument,
                    what + " has a negative dim " + std::to_string(d));
    if (d != 0 && count > (uint64_t(1) << 62) / static_cast<uint64_t>(d))
      return Status(StatusCode::invalid_argument,
                    what + " has more elements than int64 counts");
    count *= static_cast<uint64_t>(d);
  }
  return count;
}

/// `location` of an external tensor, confined to the model's directory:
/// relative, without "..", resolving (symlinks too) inside it.
static Expected<std::string> confinedPath(const std::string &base,
                                          const std::string &location,
                                          const std::string &what) {
  auto refuse = [&](const std::string &why) {
    return Status(StatusCode::invalid_argument,
                  what + ": external data location '" + location + "' " + why);
  };
  if (base.empty())
    return refuse("cannot be read: the model was given as bytes without a "
                  "directory for its external data");
  if (location.empty() || location.find('\0') != std::string::npos)
    return refuse("is empty or holds a NUL byte");
  if (location.front() == '/')
    return refuse("is absolute; it must be relative to the model's directory");
  size_t start = 0;
  while (start <= location.size()) {
    size_t slash = location.find('/', start);
    std::string part = location.substr(
        start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part == "..")
      return refuse("leaves the model's directory ('..')");
    if (slash == std::string::npos)
      break;
    start = slash + 1;
  }
  char resolvedBase[PATH_MAX], resolved[PATH_MAX];
  if (!::realpath(base.c_str(), resolvedBase))
    return ioError(base, errno);
  std::string joined = base + "/" + location;
  if (!::realpath(joined.c_str(), resolved))
    return Status(errno == ENOENT ? StatusCode::not_found
                                  : StatusCode::invalid_argument,
                  what + ": external data file '" + joined +
                      "': " + std::strerror(errno));
  std::string root = resolvedBase;
  if (root != "/")
    root += "/";
  if (std::strncmp(resolved, root.c_str(), root.size()) != 0)
    return refuse("resolves to '" + std::string(resolved) +
                  "', outside the model's directory");
  return std::string(resolved);
}

/// The mapping of external file `location` (mapped once per model).
static Expected<const Mapping *> mapExternal(OnnxFile::Impl &impl,
                                             const std::string &location,
                                             const std::string &what) {
  auto found = impl.mappings.find(location);
  if (found != impl.mappings.end())
    return found->second.get();
  Expected<std::string> path =
      confinedPath(impl.baseDirectory, location, what);
  if (!path)
    return path.status();
  // realpath resolved every symlink: a final one now was swapped in.
  Expected<::rlx::files::ReadableFile> file =
      ::rlx::files::openRegular(*path, /*noFollow=*/true);
  if (!file)
    return Status(file.status().code(), what + ": " + file.status().message());
  uint64_t size = file->size();
  auto mapping = std::make_unique<Mapping>();
  if (size > 0) {
    void *p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file->fd(), 0);
    if (p == MAP_FAILED)
      return ioError(what + ": mapping '" + *path + "'", errno);
    mapping->data = static_cast<const uint8_t *>(p);
    mapping->size = size;
  }
  const Mapping *result = mapping.get();
  impl.mappings.emplace(location, std::move(mapping));
  return result;
}

/// A decimal offset or length of an external data entry.
static Expected<uint64_t> parseSize(const std::string &text,
                                    const std::string &what) {
  if (text.empty() || text.size() > 19 ||
      text.find_first_not_of("0123456789") != std::string::npos)
    return Status(StatusCode::invalid_argument,
                  what + ": '" + text + "' is not a byte count");
  return std::stoull(text);
}

/// Copies `n` elements of a typed proto field into `out`, element by
/// element narrowed to `size` bytes (int32_data holds 8- and 16-bit types
/// one per entry).
template <typename Field>
static void narrowInto(const Field &field, size_t size,
                       std::vector<uint8_t> &out) {
  out.resize(static_cast<size_t>(field.size()) * size);
  for (int i = 0; i < field.size(); ++i) {
    auto v = field.Get(i);
    std::memcpy(out.data() + static_cast<size_t>(i) * size, &v, size);
  }
}

Status decodeTensor(const TensorProto &t, OnnxFile::Impl *external,
                    std::deque<std::vector<uint8_t>> &owned, TensorData &out) {
  out.name = t.name();
  out.elementType = t.data_type();
  out.shape.assign(t.dims().begin(), t.dims().end());
  std::string what = "tensor '" + t.name() + "'";
  Expected<uint64_t> count = countOf(out.shape, what);
  if (!count)
    return count.status();
  if (t.has_segment())
    return Status(StatusCode::invalid_argument,
                  what + " is segmented (not supported)");
  size_t size = onnxElementSize(out.elementType);
  if (out.elementType == TensorProto::UNDEFINED ||
      !TensorProto::DataType_IsValid(out.elementType))
    return Status(StatusCode::invalid_argument,
                  what + " has no valid element type (" +
                      std::to_string(out.elementType) + ")");
  if (size == 0) {
    out.problem = what + " holds " + onnxTypeName(out.elementType) +
                  " elements, which rlx cannot read";
    return Status::ok();
  }
  if (*count > (uint64_t(1) << 62) / size)
    return Status(StatusCode::invalid_argument,
                  what + " holds more bytes than int64 counts");
  uint64_t need = *count * size;
  if (t.data_location() == TensorProto::EXTERNAL) {
    std::string location;
    std::optional<uint64_t> offset, length;
    for (const auto &entry : t.external_data()) {
      if (entry.key() == "location") {
        location = entry.value();
      } else if (entry.key() == "offset" || entry.key() == "length") {
        Expected<uint64_t> v = parseSize(entry.value(), what);
        if (!v)
          return v.status();
        (entry.key() == "offset" ? offset : length) = *v;
      }
    }
    if (!external)
      return Status(StatusCode::invalid_argument,
                    what + " refers to external data, which is not read here");
    Expected<const Mapping *> mapping = mapExternal(*external, location, what);
    if (!mapping)
      return mapping.status();
    uint64_t fileSize = (*mapping)->size;
    uint64_t start = offset.value_or(0);
    uint64_t len = length.value_or(need);
    if (len != need)
      return Status(StatusCode::invalid_argument,
                    what + ": external data length " + std::to_string(len) +
                        " bytes, its type and dims need " +
                        std::to_string(need));
    if (start > fileSize || len > fileSize - start)
      return Status(StatusCode::invalid_argument,
                    what + ": external data at offset " +
                        std::to_string(start) + " of " + std::to_string(len) +
                        " bytes lies beyond the end of '" + location + "' (" +
                        std::to_string(fileSize) + " bytes)");
    out.data = (*mapping)->data ? (*mapping)->data + start : nullptr;
    out.bytes = static_cast<size_t>(need);
    return Status::ok();
  }
  if (t.has_raw_data()) {
    if (t.raw_data().size() != need)
      return Status(StatusCode::invalid_argument,
                    what + " has " + std::to_string(t.raw_data().size()) +
                        " bytes of raw data, its type and dims need " +
                        std::to_string(need));
    out.data = reinterpret_cast<const uint8_t *>(t.raw_data().data());
    out.bytes = static_cast<size_t>(need);
    return Status::ok();
  }
  // Typed fields: one entry per element (two for complex numbers).
  auto wrongCount = [&](int64_t entries, const char *field) {
    return Status(StatusCode::invalid_argument,
                  what + " has " + std::to_string(entries) + " entries in " +
                      field + ", its dims need " + std::to_string(*count));
  };
  std::vector<uint8_t> bytes;
  switch (out.elementType) {
  case TensorProto::FLOAT:
    if (static_cast<uint64_t>(t.float_data_size()) != *count)
      return wrongCount(t.float_data_size(), "float_data");
    narrowInto(t.float_data(), 4, bytes);
    break;
  case TensorProto::COMPLEX64:
    if (static_cast<uint64_t>(t.float_data_size()) != 2 * *count)
      return wrongCount(t.float_data_size(), "float_data");
    narrowInto(t.float_data(), 4, bytes);
    break;
  case TensorProto::DOUBLE:
    if (static_cast<uint64_t>(t.double_data_size()) != *count)
      return wrongCount(t.double_data_size(), "double_data");
    narrowInto(t.double_data(), 8, bytes);
    break;
  case TensorProto::COMPLEX128:
    if (static_cast<uint64_t>(t.double_data_size()) != 2 * *count)
      return wrongCount(t.double_data_size(), "double_data");
    narrowInto(t.double_data(), 8, bytes);
    break;
  case TensorProto::INT64:
    if (static_cast<uint64_t>(t.int64_data_size()) != *count)
      return wrongCount(t.int64_data_size(), "int64_data");
    narrowInto(t.int64_data(), 8, bytes);
    break;
  case TensorProto::UINT32:
  case TensorProto::UINT64:
    if (static_cast<uint64_t>(t.uint64_data_size()) != *count)
      return wrongCount(t.uint64_data_size(), "uint64_data");
    narrowInto(t.uint64_data(), size, bytes);
    break;
  default:
    // INT32, INT16, INT8, UINT16, UINT8, BOOL, FLOAT16, BFLOAT16.
    if (static_cast<uint64_t>(t.int32_data_size()) != *count)
      return wrongCount(t.int32_data_size(), "int32_data");
    narrowInto(t.int32_data(), size, bytes);
    if (out.elementType == TensorProto::BOOL)
      for (uint8_t &b : bytes)
        b = b != 0;
    break;
  }
  owned.push_back(std::move(bytes));
  out.data = owned.back().data();
  out.bytes = owned.back().size();
  return Status::ok();
}

/// A graph input or output's declaration; a type other than a tensor is an
/// error naming it.
static Expected<ValueDecl> declOf(const ::onnx::ValueInfoProto &v,
                                  const std::string &role) {
  ValueDecl decl;
  decl.name = v.name();
  const auto &type = v.type();
  if (!type.has_tensor_type())
    return Status(StatusCode::unimplemented,
                  "graph " + role + " '" + v.name() +
                      "' is not a tensor (sequence, map, optional and sparse "
                      "values are not supported)");
  decl.elementType = type.tensor_type().elem_type();
  if (!type.tensor_type().has_shape())
    return Status(StatusCode::invalid_argument,
                  "graph " + role + " '" + v.name() +
                      "' has no shape (not even its rank)");
  const auto &shape = type.tensor_type().shape();
  if (shape.dim_size() > kMaxRank)
    return Status(StatusCode::invalid_argument,
                  "graph " + role + " '" + v.name() + "' has rank " +
                      std::to_string(shape.dim_size()));
  for (const auto &d : shape.dim()) {
    ValueDecl::Dim dim;
    if (d.has_dim_value()) {
      if (d.dim_value() < 0)
        return Status(StatusCode::invalid_argument,
                      "graph " + role + " '" + v.name() +
                          "' has a negative dim " +
                          std::to_string(d.dim_value()));
      dim.size = d.dim_value();
    } else if (d.has_dim_param()) {
      dim.symbol = d.dim_param();
    }
    decl.dims.push_back(std::move(dim));
  }
  return decl;
}

/// Runs `body`, turning whatever ONNX throws into a Status prefixed with
/// `what`.
template <typename F>
static Status catching(const std::string &what, F &&body) {
  try {
    return body();
  } catch (const std::exception &e) {
    return Status(StatusCode::invalid_argument, what + e.what());
  } catch (...) {
    return Status(StatusCode::internal, what + "an unknown exception");
  }
}

/// Checks, lifts and decodes `impl->original`.
static Status prepare(OnnxFile::Impl &impl) {
  const std::string &src = impl.sourceName;
  ::onnx::ModelProto &model = impl.original;
  if (!model.has_ir_version())
    return Status(StatusCode::invalid_argument,
                  src + ": the model has no IR version (not an ONNX model?)");
  if (model.ir_version() > kMaxIrVersion)
    return Status(StatusCode::incompatible,
                  src + ": IR version " + std::to_string(model.ir_version()) +
                      " is newer than rlx reads (at most " +
                      std::to_string(kMaxIrVersion) + ", ONNX 1.12)");
  int64_t opset = -1;
  for (const auto &o : model.opset_import())
    if (o.domain().empty() || o.domain() == "ai.onnx")
      opset = o.version();
  if (opset < 0)
    return Status(StatusCode::invalid_argument,
                  src + ": the model imports no default-domain (ai.onnx) "
                        "opset");
  if (opset > kOpsetVersion)
    return Status(StatusCode::unimplemented,
                  src + ": opset " + std::to_string(opset) +
                      " is newer than rlx implements (opsets 1 to " +
                      std::to_string(kOpsetVersion) +
                      "; older ones are converted up)");
  impl.originalOpset = opset;
  if (model.graph().sparse_initializer_size() > 0)
    return Status(StatusCode::unimplemented,
                  src + ": sparse initializer '" +
                      model.graph().sparse_initializer(0).values().name() +
                      "' (sparse tensors are not supported)");

  // The graph the checker and converter see: large initializers become
  // stubs of their type and dims (no copy of the weights; external data is
  // read by decodeTensor, which confines it).
  {
    google::protobuf::RepeatedPtrField<TensorProto> weights;
    weights.Swap(model.mutable_graph()->mutable_initializer());
    impl.graph = model;
    weights.Swap(model.mutable_graph()->mutable_initializer());
  }
  for (const TensorProto &t : model.graph().initializer()) {
    TensorProto *copy = impl.graph.mutable_graph()->add_initializer();
    bool large = t.data_location() == TensorProto::EXTERNAL ||
                 t.raw_data().size() > kStubAbove ||
                 t.float_data_size() * 4 > static_cast<int>(kStubAbove) ||
                 t.int64_data_size() * 8 > static_cast<int>(kStubAbove) ||
                 t.int32_data_size() * 4 > static_cast<int>(kStubAbove) ||
                 t.double_data_size() * 8 > static_cast<int>(kStubAbove);
    if (!large) {
      *copy = t;
      continue;
    }
    // A stub: one byte of raw data, which ONNX 1.12's checker and
    // converter accept without comparing it to the dims (an empty field
    // would count as no data, external data as a file to look up).
    copy->set_name(t.name());
    copy->set_data_type(t.data_type());
    *copy->mutable_dims() = t.dims();
    copy->set_raw_data(std::string(1, '\0'));
  }

  if (Status s = catching(src + ": the ONNX checker refused the model: ",
                          [&] {
                            ::onnx::checker::check_model(impl.graph);
                            return Status::ok();
                          });
      !s)
    return s;

  // ONNX 1.12's checker does not ask that each graph output be defined,
  // and its version converter dereferences null on one that is not.
  {
    std::unordered_set<std::string> defined;
    const auto &g = impl.graph.graph();
    for (const auto &v : g.input())
      defined.insert(v.name());
    for (const TensorProto &t : g.initializer())
      defined.insert(t.name());
    for (const auto &node : g.node())
      for (const std::string &out : node.output())
        defined.insert(out);
    for (const auto &v : g.output())
      if (!defined.count(v.name()))
        return Status(StatusCode::invalid_argument,
                      src + ": graph output '" + v.name() +
                          "' is no input, initializer or node output");
  }

  if (opset < kOpsetVersion) {
    Status lifted = catching(
        src + ": ONNX's version converter could not lift opset " +
            std::to_string(opset) + " to " + std::to_string(kOpsetVersion) +
            ": ",
        [&] {
          impl.graph = ::onnx::version_conversion::ConvertVersion(
              impl.graph, static_cast<int>(kOpsetVersion));
          return Status::ok();
        });
    if (!lifted)
      return Status(StatusCode::unimplemented, lifted.message());
  }

  // Decode the original initializers (the converter may have added small
  // ones of its own, which it keeps whole in `graph`).
  const auto &stubs = impl.graph.graph().initializer();
  std::unordered_map<std::string, const TensorProto *> originals;
  for (const TensorProto &t : model.graph().initializer())
    originals.emplace(t.name(), &t);
  for (const TensorProto &t : stubs) {
    auto orig = originals.find(t.name());
    const TensorProto &source = orig != originals.end() ? *orig->second : t;
    TensorData data;
    if (Status s = decodeTensor(source, &impl, impl.owned, data); !s)
      return Status(s.code(), src + ": initializer: " + s.message());
    if (impl.initializerIndex.count(data.name))
      return Status(StatusCode::invalid_argument,
                    src + ": two initializers are named '" + data.name + "'");
    impl.initializerIndex.emplace(data.name, impl.initializers.size());
    impl.initializers.push_back(std::move(data));
  }

  for (const auto &v : impl.graph.graph().input()) {
    if (impl.initializerIndex.count(v.name()))
      continue; // IR < 4: an initializer listed as an input is a param.
    Expected<ValueDecl> decl = declOf(v, "input");
    if (!decl)
      return Status(decl.status().code(), src + ": " + decl.status().message());
    impl.inputs.push_back(std::move(*decl));
  }
  for (const auto &v : impl.graph.graph().output()) {
    Expected<ValueDecl> decl = declOf(v, "output");
    if (!decl)
      return Status(decl.status().code(), src + ": " + decl.status().message());
    impl.outputs.push_back(std::move(*decl));
  }
  if (impl.outputs.empty())
    return Status(StatusCode::invalid_argument,
                  src + ": the graph has no outputs");
  return Status::ok();
}

OnnxFile::OnnxFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
OnnxFile::~OnnxFile() = default;

const std::string &OnnxFile::sourceName() const { return impl_->sourceName; }
int64_t OnnxFile::originalOpset() const { return impl_->originalOpset; }
const std::string &OnnxFile::graphName() const {
  return impl_->graph.graph().name();
}
const std::vector<ValueDecl> &OnnxFile::inputs() const {
  return impl_->inputs;
}
const std::vector<ValueDecl> &OnnxFile::outputs() const {
  return impl_->outputs;
}
const std::vector<TensorData> &OnnxFile::initializers() const {
  return impl_->initializers;
}
const TensorData *OnnxFile::findInitializer(std::string_view name) const {
  auto it = impl_->initializerIndex.find(std::string(name));
  return it == impl_->initializerIndex.end() ? nullptr
                                             : &impl_->initializers[it->second];
}

static std::vector<std::string> opTypesOf(const ::onnx::GraphProto &graph);

std::vector<std::string> OnnxFile::opTypes() const {
  return opTypesOf(impl_->graph.graph());
}

Expected<std::shared_ptr<const OnnxFile>>
OnnxFile::parse(std::string_view bytes, std::string sourceName,
                std::string baseDirectory, const LoadLimits &limits) {
  if (bytes.size() > limits.maxFileBytes || bytes.size() > INT_MAX)
    return Status(StatusCode::resource_exhausted,
                  sourceName + ": " + std::to_string(bytes.size()) +
                      " bytes, more than an ONNX model may hold (" +
                      std::to_string(std::min<uint64_t>(limits.maxFileBytes,
                                                        INT_MAX)) +
                      ")");
  auto impl = std::make_unique<Impl>();
  impl->sourceName = std::move(sourceName);
  impl->baseDirectory = std::move(baseDirectory);
  Status parsed = catching(impl->sourceName + ": ", [&] {
    if (bytes.empty() ||
        !impl->original.ParseFromArray(bytes.data(),
                                       static_cast<int>(bytes.size())))
      return Status(StatusCode::invalid_argument,
                    impl->sourceName +
                        ": not an ONNX model (the bytes do not parse as an "
                        "ONNX ModelProto: empty, truncated or another format)");
    return prepare(*impl);
  });
  if (!parsed)
    return parsed;
  return std::shared_ptr<const OnnxFile>(new OnnxFile(std::move(impl)));
}

Expected<std::shared_ptr<const OnnxFile>>
OnnxFile::read(const std::string &path, const LoadLimits &limits) {
  // A regular file (a FIFO or device is refused, not waited on), bounded
  // before it is read.
  Expected<std::vector<uint8_t>> contents =
      ::rlx::files::readRegular(path, limits.maxFileBytes);
  if (!contents)
    return Status(contents.status().code(),
                  contents.status().code() == StatusCode::resource_exhausted
                      ? contents.status().message() +
                            " (more than an ONNX model may hold)"
                      : contents.status().message());
  std::string_view bytes(reinterpret_cast<const char *>(contents->data()),
                         contents->size());
  std::string dir = ".";
  size_t slash = path.rfind('/');
  if (slash != std::string::npos)
    dir = slash == 0 ? "/" : path.substr(0, slash);
  return parse(bytes, path, dir, limits);
}

/// The op types of `graph`'s nodes, each once, in order of first use.
static std::vector<std::string> opTypesOf(const ::onnx::GraphProto &graph) {
  std::vector<std::string> types;
  for (const auto &node : graph.node()) {
    std::string type = node.domain().empty() || node.domain() == "ai.onnx"
                           ? node.op_type()
                           : node.domain() + ":" + node.op_type();
    if (std::find(types.begin(), types.end(), type) == types.end())
      types.push_back(type);
  }
  return types;
}

std::vector<std::string> peekOpTypes(std::string_view bytes) {
  ::onnx::ModelProto model;
  if (bytes.size() > INT_MAX ||
      !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return {};
  return opTypesOf(model.graph());
}

std::vector<std::string> onnxOpTypes() {
  std::vector<std::string> types;
  try {
    for (const ::onnx::OpSchema &s :
         ::onnx::OpSchemaRegistry::get_all_schemas())
      if (s.domain().empty() &&
          std::find(types.begin(), types.end(), s.Name()) == types.end())
        types.push_back(s.Name());
  } catch (...) {
  }
  return types;
}

Expected<TensorData> parseTensorProto(std::string_view bytes,
                                      std::vector<uint8_t> &owned) {
  TensorProto proto;
  if (bytes.size() > INT_MAX ||
      !proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return Status(StatusCode::invalid_argument,
                  "the bytes do not parse as an ONNX TensorProto");
  std::deque<std::vector<uint8_t>> copies;
  TensorData data;
  Status s = catching("", [&] {
    return decodeTensor(proto, nullptr, copies, data);
  });
  if (!s)
    return s;
  if (!data.problem.empty())
    return Status(StatusCode::unimplemented, data.problem);
  owned.assign(data.data, data.data + data.bytes);
  data.data = owned.data();
  return data;
}

} // namespace mlir::rlx::onnximport
