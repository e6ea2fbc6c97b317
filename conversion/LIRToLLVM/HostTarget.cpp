//===- HostTarget.cpp - This machine's CPU as a target --------------------===//
//
// The compiler's only question about the machine (runtime/HostCpu answers
// it; the CPU loader asks the same functions), given to the rlx dialect as
// its host target when the CPU backend is registered.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/CpuBackend.h"
#include "dialects/Target/Target.h"
#include "runtime/HostCpu.h"

using namespace mlir;
using namespace mlir::rlx;

CpuTargetAttr mlir::rlx::hostCpuTarget(MLIRContext *ctx) {
  // Attributes of a dialect that is not loaded are a crash, not an error
  // (MLIR19.md).
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

namespace {
struct HostCpuTarget : HostTargetInterface {
  using HostTargetInterface::HostTargetInterface;
  TargetAttrInterface getHostTarget(MLIRContext *ctx) const override {
    return hostCpuTarget(ctx);
  }
};
} // namespace

void mlir::rlx::registerHostCpuTarget(RLXDialect *dialect) {
  dialect->addInterfaces<HostCpuTarget>();
}
