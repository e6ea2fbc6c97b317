//===- ValidateSpirv.cpp - rlx-validate-spirv -----------------------------===//
#include "conversion/LIRToSPIRV/SpirvBinary.h"
#include "conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Target/SPIRV/Serialization.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_VALIDATESPIRV
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {
struct ValidateSpirv : mlir::rlx::impl::ValidateSpirvBase<ValidateSpirv> {
  void runOnOperation() override {
    markAllAnalysesPreserved();
    getOperation().walk([&](spirv::ModuleOp module) {
      SmallVector<uint32_t, 0> words;
      if (failed(spirv::serialize(module, words))) {
        module.emitError("cannot serialize the spirv.module");
        return signalPassFailure();
      }
      std::optional<spirv::VerCapExtAttr> vce = module.getVceTriple();
      spirv::Version version = vce ? vce->getVersion() : spirv::Version::V_1_0;
      std::string messages = mlir::rlx::validateSpirv(
          std::vector<uint32_t>(words.begin(), words.end()),
          mlir::rlx::vulkanMinorFor(version));
      if (!messages.empty()) {
        module.emitError() << "the SPIR-V does not validate (SPIRV-Tools): "
                           << messages;
        signalPassFailure();
      }
    });
  }
};
} // namespace
