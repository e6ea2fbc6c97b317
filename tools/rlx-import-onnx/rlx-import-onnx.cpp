//===- rlx-import-onnx.cpp - An ONNX model as MIR text --------------------===//
//
//   rlx-import-onnx model.onnx [-o model.mlir] [--bind sym=N]
//                   [--const name=file.npy] [--write-params DIR]
//
// Prints the MIR the importer makes of the model (docs/ONNX.md): graph
// inputs as arguments (symbolic dims as mir.dims), initializers as params
// or constants. The text holds no weights: --write-params writes each
// param's values as DIR/<name>.npy, for `rlx-run model.mlir --param`.
// Errors name the node, op type and opset; the exit status is 1.
//
//===----------------------------------------------------------------------===//
#include "api/Compiler.h"
#include "api/OnnxImport.h"
#include "conversion/ONNXToMIR/OnnxFile.h"
#include "runtime/Npy.h"
#include "tools/FileSizeLimit.h"
#include "tools/ToolVersion.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "mlir/Support/FileUtilities.h"

#include <map>

namespace cl = llvm::cl;

static cl::OptionCategory category("rlx-import-onnx options");
static cl::opt<std::string> modelPath(cl::Positional, cl::cat(category),
                                      cl::desc("<model.onnx>"), cl::Required);
static cl::opt<std::string> outputPath("o", cl::cat(category),
                                       cl::desc("write the MIR here"),
                                       cl::value_desc("file"), cl::init("-"));
static cl::list<std::string> binds("bind", cl::cat(category),
                                   cl::desc("symbol=size"), cl::CommaSeparated);
static cl::list<std::string> constFiles(
    "const", cl::cat(category),
    cl::desc("bind a graph input to a value: name=file.npy"));
static cl::opt<std::string> paramsDir(
    "write-params", cl::cat(category),
    cl::desc("write each param's values as DIR/<name>.npy"), cl::init(""));

static int fail(const rlx::Status &status) {
  llvm::errs() << "rlx-import-onnx: " << status.toString() << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  rlx::tools::reportFileSizeLimitAsWriteError();
  rlx::tools::setVersionPrinter("rlx-import-onnx");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "rlx: an ONNX model as MIR text\n");
  rlx::CompileOptions options;
  for (const std::string &b : binds) {
    size_t eq = b.find('=');
    long long size = 0;
    if (eq == std::string::npos || eq == 0 ||
        llvm::StringRef(b).substr(eq + 1).getAsInteger(10, size) || size < 0)
      return fail(rlx::Status(rlx::StatusCode::invalid_argument,
                              "--bind '" + b + "' is not symbol=size"));
    options.dims.push_back({b.substr(0, eq), static_cast<int64_t>(size)});
  }
  for (const std::string &c : constFiles) {
    size_t eq = c.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == c.size())
      return fail(rlx::Status(rlx::StatusCode::invalid_argument,
                              "--const '" + c + "' is not name=file.npy"));
    rlx::Expected<rlx::npy::Array> array = rlx::npy::read(c.substr(eq + 1));
    if (!array)
      return fail(array.status());
    options.constants.push_back({c.substr(0, eq), array->dtype, array->shape,
                                 std::move(array->bytes)});
  }
  rlx::Expected<rlx::OnnxModel> model = rlx::OnnxModel::readFile(modelPath);
  if (!model)
    return fail(model.status());
  std::unique_ptr<mlir::MLIRContext> ctx =
      mlir::rlx::makeCompilerContext();
  auto module = mlir::rlx::importOnnxModel(ctx.get(), *model, options);
  if (!module)
    return fail(module.status());

  if (!paramsDir.empty()) {
    for (const std::string &name : model->paramNames()) {
      if (name.find('/') != std::string::npos || name == "." || name == "..")
        return fail(rlx::Status(rlx::StatusCode::invalid_argument,
                                "param '" + name +
                                    "' is not a file name (it holds '/' or "
                                    "is . or ..); it cannot be written under "
                                    "--write-params"));
      const auto *init =
          model->impl().file->findInitializer(name);
      std::optional<rlx::DType> dtype =
          mlir::rlx::onnximport::storageDTypeOfOnnx(init->elementType);
      if (!dtype)
        return fail(rlx::Status(rlx::StatusCode::unimplemented,
                                "param '" + name + "' has no rlx dtype"));
      rlx::npy::Array array{*dtype, init->shape,
                            std::vector<uint8_t>(init->data,
                                                 init->data + init->bytes)};
      if (rlx::Status s = rlx::npy::write(paramsDir + "/" + name + ".npy",
                                          array);
          !s)
        return fail(s);
    }
  }

  std::string error;
  auto out = mlir::openOutputFile(outputPath, &error);
  if (!out)
    return fail(rlx::Status(rlx::StatusCode::invalid_argument,
                            outputPath + ": " + error));
  (*module)->print(out->os());
  out->os() << "\n";
  out->keep();
  return 0;
}
