//===- TargetDialect.cpp - The rlx dialect: compilation targets -----------===//
#include "dialects/Target/TargetDialect.h"
#include "dialects/Target/Target.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rlx;

#include "dialects/Target/TargetDialect.cpp.inc"
#include "dialects/Target/TargetInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Target/TargetAttrs.cpp.inc"

void RLXDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/Target/TargetAttrs.cpp.inc"
      >();
}

LogicalResult RLXDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  // conversion/LibraryCall.h: the routine a linalg contraction calls.
  if (attr.getName() == kLibraryCallAttrName) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << "'rlx.library_call' must name a routine (a "
                                "string), got "
                             << attr.getValue();
    return success();
  }
  // The FLOPs of a contraction kernel (a cost model's input).
  if (attr.getName() == kFlopsAttrName) {
    auto flops = dyn_cast<IntegerAttr>(attr.getValue());
    if (!flops || !flops.getType().isSignlessInteger(64) || flops.getInt() < 0)
      return op->emitError() << "'rlx.flops' must be a non-negative i64, got "
                             << attr.getValue();
    return success();
  }
  if (attr.getName() != kTargetAttrName)
    return op->emitError() << "'" << attr.getName().strref()
                           << "' is not an attribute of the rlx dialect (it "
                              "has 'rlx.target', 'rlx.library_call' and "
                              "'rlx.flops')";
  if (!isa<ModuleOp>(op))
    return op->emitError() << "'" << kTargetAttrName
                           << "' belongs on a builtin.module, not on '"
                           << op->getName() << "'";
  if (!isa<TargetAttrInterface>(attr.getValue()))
    return op->emitError() << "'" << kTargetAttrName
                           << "' must be a target attribute (#rlx.cpu<...>, "
                              "#rlx.target<\"name\">), got "
                           << attr.getValue();
  return success();
}

//===----------------------------------------------------------------------===//
// CpuTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
CpuTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringRef triple, StringRef cpu, StringRef features,
                      int64_t vectorBits) {
  // rlx.cpu C1
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    bool signedEntry =
        entry.size() > 1 && (entry.front() == '+' || entry.front() == '-');
    if (!signedEntry || entry.contains(' '))
      return emitError() << "feature entry '" << entry
                         << "' is not of the form +name or -name";
  }
  // rlx.cpu C2
  if (!llvm::is_contained({0, 128, 256, 512}, vectorBits))
    return emitError() << "vector_bits must be 0, 128, 256 or 512, got "
                       << vectorBits;
  return success();
}

bool CpuTargetAttr::enablesFeature(StringRef name) const {
  SmallVector<StringRef> entries;
  getFeatures().split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  // A later entry overrides an earlier one, as in LLVM.
  bool on = false;
  for (StringRef entry : entries)
    if (entry.drop_front() == name)
      on = entry.front() == '+';
  return on;
}

int64_t CpuTargetAttr::getF32Lanes() const {
  if (getVectorBits() > 0)
    return getVectorBits() / 32;
  if (enablesFeature("avx512f"))
    return 16;
  if (enablesFeature("avx"))
    return 8;
  return 4;
}

StringRef CpuTargetAttr::getBackend() const { return "cpu"; }

//===----------------------------------------------------------------------===//
// VulkanTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
VulkanTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         Attribute env) {
  // rlx.vulkan C1
  auto spirvEnv = llvm::dyn_cast_or_null<spirv::TargetEnvAttr>(env);
  if (!spirvEnv)
    return emitError() << "a Vulkan target needs a #spirv.target_env, got "
                       << env;
  spirv::ClientAPI api = spirvEnv.getClientAPI();
  if (api != spirv::ClientAPI::Vulkan && api != spirv::ClientAPI::Unknown)
    return emitError() << "the SPIR-V environment is for "
                       << spirv::stringifyClientAPI(api) << ", not Vulkan";
  if (!llvm::is_contained(spirvEnv.getTripleAttr().getCapabilities(),
                          spirv::Capability::Shader))
    return emitError() << "the SPIR-V environment lacks the Shader "
                          "capability every Vulkan device has";
  return success();
}

StringRef VulkanTargetAttr::getBackend() const { return "vulkan"; }

//===----------------------------------------------------------------------===//
// NamedTargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
NamedTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        StringRef name) {
  // rlx.target C1
  if (name.empty())
    return emitError() << "a named target needs a name";
  return success();
}

StringRef NamedTargetAttr::getBackend() const { return getName(); }
