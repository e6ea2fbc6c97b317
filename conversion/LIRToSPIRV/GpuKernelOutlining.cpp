//===- GpuKernelOutlining.cpp - rlx-outline-gpu-kernels -------------------===//
//
// Each lir.kernel of a program becomes a gpu.func kernel of the program's
// gpu.module: the same body, its workgroup size as the SPIR-V entry point's,
// `lir.workgroup_id` as `gpu.block_id`. Unlike the CPU, the kernels are not
// specialized per dispatch: a dispatch is a descriptor set the runtime binds.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToSPIRV/VulkanBackend.h"
#include "conversion/Passes.h"
#include "dialects/LIR/LIROps.h"
#include "dialects/Target/Target.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_OUTLINEGPUKERNELS
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

static gpu::GPUFuncOp outlineKernel(OpBuilder &b, lir::KernelOp kernel) {
  MLIRContext *ctx = kernel.getContext();
  Block &body = kernel.getBody().front();
  auto type = FunctionType::get(ctx, body.getArgumentTypes(), {});
  auto fn =
      b.create<gpu::GPUFuncOp>(kernel.getLoc(), kernel.getSymName(), type);
  fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  SmallVector<int32_t, 3> size = {1, 1, 1};
  if (std::optional<ArrayRef<int64_t>> wg = kernel.getWorkgroupSize())
    for (auto [i, s] : llvm::enumerate(*wg))
      size[i] = static_cast<int32_t>(s);
  fn->setAttr(spirv::getEntryPointABIAttrName(),
              spirv::getEntryPointABIAttr(ctx, size));

  // The kernel's block replaces the function's empty entry block.
  fn.getBody().getBlocks().clear();
  IRMapping mapping;
  kernel.getBody().cloneInto(&fn.getBody(), mapping);
  SmallVector<Operation *> toReplace;
  fn.walk([&](Operation *op) {
    if (isa<lir::WorkgroupIdOp, lir::ReturnOp>(op))
      toReplace.push_back(op);
  });
  for (Operation *op : toReplace) {
    OpBuilder ob(op);
    if (auto id = dyn_cast<lir::WorkgroupIdOp>(op)) {
      static const gpu::Dimension dims[] = {
          gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z};
      Value block = ob.create<gpu::BlockIdOp>(op->getLoc(),
                                              dims[id.getDimAttr().getInt()]);
      id.replaceAllUsesWith(block);
    } else {
      ob.create<gpu::ReturnOp>(op->getLoc());
    }
    op->erase();
  }
  return fn;
}

namespace {
struct OutlineGpuKernels
    : mlir::rlx::impl::OutlineGpuKernelsBase<OutlineGpuKernels> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<lir::ProgramOp> programs(module.getOps<lir::ProgramOp>());
    if (programs.empty())
      return;
    auto target = dyn_cast_or_null<VulkanTargetAttr>(getTarget(module));
    if (!target) {
      module.emitError() << "rlx-outline-gpu-kernels compiles for Vulkan "
                            "targets (#rlx.vulkan<...>); the module's is "
                         << getTargetOrDefault(module);
      return signalPassFailure();
    }
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
    for (lir::ProgramOp program : programs) {
      OpBuilder b(program);
      for (auto kernel : program.getBody().getOps<lir::KernelOp>()) {
        // A module per kernel: its pipeline sees only its own workgroup
        // variables (docs/VulkanBackend.md, "One module per kernel").
        auto gpuModule = b.create<gpu::GPUModuleOp>(
            kernel.getLoc(),
            (program.getSymName() + "_" + kernel.getSymName()).str());
        gpuModule->setAttr(spirv::getTargetEnvAttrName(), target.getEnv());
        OpBuilder gb = OpBuilder::atBlockBegin(gpuModule.getBody());
        for (Type type : kernel.getBody().front().getArgumentTypes()) {
          std::string missing = missingStorageSupport(
              cast<MemRefType>(type).getElementType(), target);
          if (missing.empty())
            continue;
          kernel.emitOpError() << "has a " << type << " buffer: " << missing
                               << " is not supported by target " << target;
          return signalPassFailure();
        }
        // Values computed in registers need the same capabilities (an
        // integer pow through f64 has no f64 buffer).
        std::string missing;
        kernel.getBody().walk([&](Operation *op) {
          for (Type type : op->getResultTypes()) {
            Type element = getElementTypeOrSelf(type);
            if (missing.empty() && element.isIntOrFloat())
              missing = missingStorageSupport(element, target);
          }
          return missing.empty() ? WalkResult::advance()
                                 : WalkResult::interrupt();
        });
        if (!missing.empty()) {
          kernel.emitOpError() << "computes in " << missing
                               << ", which is not supported by target "
                               << target;
          return signalPassFailure();
        }
        outlineKernel(gb, kernel);
      }
      program.erase();
    }
  }
};
} // namespace
