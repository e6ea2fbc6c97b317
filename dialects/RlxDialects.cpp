//===- RlxDialects.cpp - Registration of the dialects rlx uses ------------===//
#include "dialects/RlxDialects.h"
#include "dialects/HIR/HIRDialect.h"
#include "dialects/LIR/LIRDialect.h"
#include "dialects/MIR/MIRDialect.h"
#include "dialects/Target/TargetDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

void mlir::rlx::registerRlxDialects(DialectRegistry &registry) {
  registry
      .insert<RLXDialect, hir::HIRDialect, mir::MIRDialect, lir::LIRDialect>();
  registry.insert<func::FuncDialect, arith::ArithDialect, math::MathDialect,
                  memref::MemRefDialect, scf::SCFDialect, linalg::LinalgDialect,
                  tensor::TensorDialect>();
  // What convert-lir-to-llvm's intermediate forms hold (outline-only: the
  // input table's pointers; the CPU passes: vectors), so that every stage
  // dump parses again.
  registry.insert<vector::VectorDialect, LLVM::LLVMDialect>();
  // GPU kernels in LIR (workgroup_size) use gpu.thread_id, gpu.barrier and
  // workgroup memory (docs/VulkanBackend.md).
  registry.insert<gpu::GPUDialect>();
  // Vulkan targets carry a #spirv.target_env; the Vulkan backend's output
  // is the spirv dialect.
  registry.insert<spirv::SPIRVDialect>();
}
