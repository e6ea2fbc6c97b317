//===- MemoryPlan.h - Arena offsets for one program's buffers ---*- C++ -*-===//
//
// The memory planner of convert-mir-to-lir, kept free of IR so it can be
// tested on plain numbers: buffers in, offsets and an arena size out.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_MEMORYPLAN_H
#define RLX_CONVERSION_MIRTOLIR_MEMORYPLAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>

namespace mlir::rlx {

/// One buffer to place. A pinned buffer (input, param, output, constant)
/// owns its bytes for the whole run. Any other buffer must stay intact from
/// the schedule step that writes it through the last step that reads it,
/// both inclusive: a kernel's operands and results are live at its step, so
/// a result never shares bytes with an operand of the same kernel. A
/// trailing buffer is pinned and placed after every other one: params, so
/// that a runtime which keeps them outside the arena (the CPU reads them
/// through the slot table) allocates only the bytes below them.
struct BufferRequest {
  int64_t bytes = 0;
  bool pinned = false;
  int64_t firstStep = 0;
  int64_t lastStep = 0;
  bool trailing = false;
};

/// Where each request lives, in request order, and the arena's size (the
/// end of the last byte in use).
struct MemoryPlan {
  llvm::SmallVector<int64_t> offsets;
  int64_t arenaSize = 0;
};

/// Pinned buffers get consecutive slots in request order from offset 0,
/// each aligned to `alignment` (a power of two). The others go above the
/// pinned slots, in order of first step (ties: request order); each takes
/// the smallest aligned gap between the buffers already placed whose
/// lifetimes overlap its own (best fit), else the first aligned offset above
/// them all. Trailing buffers then get consecutive aligned slots in request
/// order from the first aligned offset above everything else. Returns
/// nullopt when an offset would overflow int64.
std::optional<MemoryPlan> planMemory(llvm::ArrayRef<BufferRequest> requests,
                                     int64_t alignment);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_MIRTOLIR_MEMORYPLAN_H
