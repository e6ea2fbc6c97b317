//===- ConstantTables.h - Tables the compiler materializes -----*- C++ -*-===//
//
// The size limit on constants rlx builds itself (masks, rope tables) and the
// builders of those tables, shared by convert-hir-to-mir and the MIR folders
// so a table is defined once whichever of them makes it.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_CONSTANTTABLES_H
#define RLX_DIALECTS_COMMON_CONSTANTTABLES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::rlx {

/// Largest constant (masks, rope tables) the compiler materializes: a huge
/// sequence length or head_dim must be a diagnostic, not an allocation
/// failure (RELIABILITY.md contract 3). 8192 x 8192 fits.
constexpr int64_t kMaxConstantElements = int64_t(1) << 26;

/// A float constant of `type` whose element `i` is `palette[pick(i)]`. Built
/// through a raw buffer: a vector of APFloat takes 32 bytes per element,
/// too much for a large mask.
DenseElementsAttr paletteConstant(RankedTensorType type,
                                  ArrayRef<llvm::APFloat> palette,
                                  llvm::function_ref<unsigned(int64_t)> pick);

/// Why a causal or sliding-window mask of [seqQ, seqK] cannot be a
/// constant (over kMaxConstantElements), or an empty string. `kind` names
/// the mask in the message.
std::string causalMaskSizeProblem(StringRef kind, int64_t seqQ, int64_t seqK);

/// The additive causal / sliding-window mask [seqQ, seqK] of `type` (0 where
/// query i sees key j, -inf elsewhere): i sees j when j <= i + (T - S), and
/// with a window only the last `window` such keys, j > i + (T - S) - window.
DenseElementsAttr causalMaskConstant(int64_t seqQ, int64_t seqK,
                                     std::optional<int64_t> window,
                                     FloatType type);

/// True when `value` is causalMaskConstant(seqQ, seqK, window, type), bit
/// for bit, compared in place instead of building the table to compare.
bool isCausalMaskConstant(Attribute value, int64_t seqQ, int64_t seqK,
                          std::optional<int64_t> window, FloatType type);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_CONSTANTTABLES_H
