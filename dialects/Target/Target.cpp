//===- Target.cpp - The module's compilation target -----------------------===//
#include "dialects/Target/Target.h"

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

TargetAttrInterface mlir::rlx::getHostTarget(MLIRContext *ctx) {
  // Attributes of a dialect that is not loaded are a crash, not an error
  // (MLIR19.md); passes that read the target declare the dialect.
  auto *dialect = ctx->getOrLoadDialect<RLXDialect>();
  if (auto *host = dialect->getRegisteredInterface<HostTargetInterface>())
    return host->getHostTarget(ctx);
  return nullptr;
}

TargetAttrInterface mlir::rlx::getTargetOrDefault(Operation *op) {
  if (TargetAttrInterface target = getTarget(op))
    return target;
  MLIRContext *ctx = op->getContext();
  if (TargetAttrInterface host = getHostTarget(ctx))
    return host;
  return NamedTargetAttr::get(ctx, "none");
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
  if (text == "host") {
    if (TargetAttrInterface host = getHostTarget(ctx))
      return host;
    return emitError() << "'host': no backend that knows this machine is "
                          "registered (the CPU backend's registerCpuBackend)";
  }
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
