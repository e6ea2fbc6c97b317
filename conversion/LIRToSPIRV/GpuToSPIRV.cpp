//===- GpuToSPIRV.cpp - rlx-convert-gpu-to-spirv --------------------------===//
//
// Upstream's conversions to the spirv dialect, gathered the way upstream's
// convert-gpu-to-spirv does (which lacks the math patterns the kernels need
// and keeps the gpu module beside the result), applied in place per
// gpu.module for its own target environment. Every float add, sub and mul
// it emits carries NoContraction: a fused multiply-add the kernels want is
// an explicit math.fma (GLSL's Fma).
//
//===----------------------------------------------------------------------===//
#include "conversion/Passes.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/IndexToSPIRV/IndexToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CONVERTGPUTOSPIRV
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {
/// Kernel memrefs (no memory space) are storage buffers; the gpu dialect's
/// workgroup memory is the Workgroup storage class (upstream's Vulkan map
/// knows only numbered memory spaces).
std::optional<spirv::StorageClass> storageClassOf(Attribute memorySpace) {
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(memorySpace)) {
    switch (gpuSpace.getValue()) {
    case gpu::AddressSpace::Global:
      return spirv::StorageClass::StorageBuffer;
    case gpu::AddressSpace::Workgroup:
      return spirv::StorageClass::Workgroup;
    case gpu::AddressSpace::Private:
      return spirv::StorageClass::Private;
    }
  }
  return spirv::mapMemorySpaceToVulkanStorageClass(memorySpace);
}

/// gpu.subgroup_reduce as a non-uniform group operation over the subgroup
/// (Vulkan has no uniform Group* ops for compute): add, mul, and the float
/// max / min upstream's pattern does not know. GroupNonUniformFMax / FMin
/// leave NaN inputs undefined, unlike arith.maximumf (docs/VulkanBackend.md).
struct SubgroupReduceToSPIRV : OpConversionPattern<gpu::SubgroupReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    Type type = value.getType();
    bool isFloat = isa<FloatType>(type);
    if (!isFloat && !isa<IntegerType>(type))
      return rewriter.notifyMatchFailure(op, "not a scalar");
    auto scope =
        spirv::ScopeAttr::get(rewriter.getContext(), spirv::Scope::Subgroup);
    auto reduce = spirv::GroupOperationAttr::get(rewriter.getContext(),
                                                 spirv::GroupOperation::Reduce);
    auto create = [&](auto tag) -> Value {
      using OpT = decltype(tag);
      return rewriter.create<OpT>(loc, type, scope, reduce, value, Value());
    };
    Value result;
    switch (op.getOp()) {
    case gpu::AllReduceOperation::ADD:
      result = isFloat ? create(spirv::GroupNonUniformFAddOp())
                       : create(spirv::GroupNonUniformIAddOp());
      break;
    case gpu::AllReduceOperation::MUL:
      result = isFloat ? create(spirv::GroupNonUniformFMulOp())
                       : create(spirv::GroupNonUniformIMulOp());
      break;
    case gpu::AllReduceOperation::MAXIMUMF:
    case gpu::AllReduceOperation::MAXNUMF:
      if (!isFloat)
        return failure();
      result = create(spirv::GroupNonUniformFMaxOp());
      break;
    case gpu::AllReduceOperation::MINIMUMF:
    case gpu::AllReduceOperation::MINNUMF:
      if (!isFloat)
        return failure();
      result = create(spirv::GroupNonUniformFMinOp());
      break;
    default:
      return rewriter.notifyMatchFailure(op, "reduction kind not built");
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Upstream's scf.for lowering (MLIR 19) keeps each loop result in a
/// function variable that only the loop body stores, so a loop that runs
/// zero times yields an undefined value instead of its initial one (a row
/// reduction whose invocation has no element read 0 on lavapipe). Selecting
/// the initial value when the loop cannot run restores scf.for's meaning.
static void guardZeroTripLoopResults(gpu::GPUModuleOp module) {
  module.walk([](scf::ForOp loop) {
    if (loop.getNumResults() == 0)
      return;
    OpBuilder b(loop->getContext());
    b.setInsertionPointAfter(loop);
    Location loc = loop.getLoc();
    Value runs =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                loop.getLowerBound(), loop.getUpperBound());
    for (auto [result, init] :
         llvm::zip(loop.getResults(), loop.getInitArgs())) {
      auto chosen = b.create<arith::SelectOp>(loc, runs, result, init);
      result.replaceAllUsesExcept(chosen, chosen);
    }
  });
}

struct ConvertGpuToSPIRV
    : mlir::rlx::impl::ConvertGpuToSPIRVBase<ConvertGpuToSPIRV> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules)
      if (failed(convert(ctx, module)))
        return signalPassFailure();
    forbidContraction(ctx);
  }

  /// Vulkan lets a driver fuse a multiply and an add it is given separately
  /// into one FMA (NVIDIA's does), which rounds once instead of twice: the
  /// same kernel would then differ from the CPU's, and from itself on
  /// another driver, and rlx's FMA-free polynomials (rlx-expand-gpu-math)
  /// would lose the correctly rounded steps their bounds assume. SPIR-V's
  /// NoContraction decoration (the serializer writes the `no_contraction`
  /// attribute as one) forbids that.
  void forbidContraction(MLIRContext *ctx) {
    auto unit = UnitAttr::get(ctx);
    getOperation().walk([&](Operation *op) {
      if (isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp>(op))
        op->setAttr("no_contraction", unit);
    });
  }

  LogicalResult convert(MLIRContext *ctx, gpu::GPUModuleOp module) {
    spirv::TargetEnvAttr env = spirv::lookupTargetEnvOrDefault(module);
    guardZeroTripLoopResults(module);
    // Memory spaces first: kernel memrefs are storage buffers, gpu
    // workgroup memory the Workgroup storage class.
    spirv::MemorySpaceToStorageClassConverter memorySpaces(storageClassOf);
    spirv::convertMemRefTypesAndAttrs(module, memorySpaces);
    std::unique_ptr<ConversionTarget> target = SPIRVConversionTarget::get(env);
    SPIRVConversionOptions options;
    options.use64bitIndex = false;
    SPIRVTypeConverter typeConverter(env, options);
    RewritePatternSet patterns(ctx);
    populateGPUToSPIRVPatterns(typeConverter, patterns);
    patterns.add<SubgroupReduceToSPIRV>(typeConverter, ctx, /*benefit=*/2);
    ScfToSPIRVContext scfContext;
    populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
    arith::populateArithToSPIRVPatterns(typeConverter, patterns);
    populateMemRefToSPIRVPatterns(typeConverter, patterns);
    populateFuncToSPIRVPatterns(typeConverter, patterns);
    populateMathToSPIRVPatterns(typeConverter, patterns);
    index::populateIndexToSPIRVPatterns(typeConverter, patterns);
    if (succeeded(applyFullConversion(module, *target, std::move(patterns))))
      return success();
    // The conversion reported the first op it could not legalize.
    return module.emitError()
           << "cannot lower the kernels of '" << module.getName()
           << "' to SPIR-V for " << env
           << " (an op or type the target environment does not allow)";
  }
};
} // namespace
