//===- MatmulSchedule.h - Tiling and vectorizing linalg.matmul --*- C++ -*-===//
//
// The `tile-matmul` schedule of convert-lir-to-llvm, kept in its own file:
// the Linalg transform and Vector headers it needs cost more compile time
// than the rest of the lowering.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_MATMULSCHEDULE_H
#define RLX_CONVERSION_LIRTOLLVM_MATMULSCHEDULE_H

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace mlir::rlx {

/// Appends to a func.func pass manager the passes that tile every f32
/// linalg.matmul on memrefs for caches and registers and vectorize its full
/// register tiles (edge tiles stay linalg.matmul, hence scalar loops); see
/// MatmulSchedule.cpp for the schedule.
void addMatmulSchedule(OpPassManager &funcPm);

/// The dialects and external models the schedule needs loaded.
void registerMatmulScheduleDependencies(DialectRegistry &registry);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_MATMULSCHEDULE_H
