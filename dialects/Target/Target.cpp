//===- Target.cpp - The module's compilation target -----------------------===//
#include "dialects/Target/Target.h"
#include "runtime/HostCpu.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::rlx;

TargetAttrInterface mlir::rlx::getTarget(Operation *op) {
  for (; op; op = op->getParentOp())
    if (isa<ModuleOp>(op))
      if (auto target = op->getAttrOfType<TargetAttrInterface>(kTargetAttrName))
        return target;
  return nullptr;
}

TargetAttrInterface mlir::rlx::getTargetOrDefault(Operation *op) {
  if (TargetAttrInterface target = getTarget(op))
    return target;
  return hostCpuTarget(op->getContext());
}

CpuTargetAttr mlir::rlx::hostCpuTarget(MLIRContext *ctx) {
  // Attributes of a dialect that is not loaded are a crash, not an error
  // (MLIR19.md); passes that read the target declare the dialect.
  ctx->getOrLoadDialect<RLXDialect>();
  bool avx512 = false, avx = false;
  for (const auto &[name, on] : ::rlx::host::cpuFeatures()) {
    avx512 |= on && name == "avx512f";
    avx |= on && name == "avx";
  }
  int64_t vectorBits = avx512 ? 512 : avx ? 256 : 128;
  return CpuTargetAttr::get(ctx, ::rlx::host::processTriple(),
                            ::rlx::host::cpuName(),
                            ::rlx::host::signedCpuFeatures(), vectorBits);
}

VulkanTargetAttr mlir::rlx::baselineVulkanTarget(MLIRContext *ctx) {
  // Attributes of a dialect that is not loaded are a crash (MLIR19.md).
  ctx->getOrLoadDialect<RLXDialect>();
  ctx->getOrLoadDialect<spirv::SPIRVDialect>();
  auto vce = spirv::VerCapExtAttr::get(
      spirv::Version::V_1_3, {spirv::Capability::Shader},
      {spirv::Extension::SPV_KHR_storage_buffer_storage_class}, ctx);
  auto env = spirv::TargetEnvAttr::get(
      vce, spirv::getDefaultResourceLimits(ctx), spirv::ClientAPI::Vulkan);
  return VulkanTargetAttr::get(ctx, env);
}

FailureOr<TargetAttrInterface>
mlir::rlx::parseTarget(StringRef text, MLIRContext *ctx,
                       function_ref<InFlightDiagnostic()> emitError) {
  text = text.trim();
  if (text.empty())
    return emitError() << "an empty target; use 'host', a target attribute "
                          "(#rlx.cpu<...>) or a claims name";
  if (text == "host")
    return TargetAttrInterface(hostCpuTarget(ctx));
  if (text == "vulkan")
    return TargetAttrInterface(baselineVulkanTarget(ctx));
  ctx->getOrLoadDialect<RLXDialect>();
  if (!text.starts_with("#"))
    return TargetAttrInterface(NamedTargetAttr::get(ctx, text));
  Attribute attr = parseAttribute(text, ctx);
  auto target = dyn_cast_or_null<TargetAttrInterface>(attr);
  if (!target)
    return emitError() << "'" << text << "' is not a target attribute";
  return target;
}

void mlir::rlx::setTarget(Operation *module, TargetAttrInterface target) {
  module->setAttr(kTargetAttrName, target);
}
