//===- InputLimits.h - Checks on IR text before MLIR parses it --*- C++ -*-===//
//
// MLIR 19's parser and printer recurse once per nesting level (regions,
// lists, type and attribute brackets, types built from aliases, chains of
// affine operators) and overflow the stack at a few thousand levels, and a
// shape of very high rank parses in super-linear time before any verifier
// can refuse it (RELIABILITY.md contract 3). So rlx measures untrusted text
// before handing it to the parser: docs/Reliability.md, "Model text".
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_INPUTLIMITS_H
#define RLX_DIALECTS_COMMON_INPUTLIMITS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::rlx {

/// Deepest nesting rlx accepts in IR text: `{`, `(`, `[` and `<` together,
/// an alias counting as deep as its definition.
constexpr int kMaxNestingDepth = 256;
/// Most dims one shape may spell (`1x2x...`); the verifiers allow rank 16.
constexpr int kMaxShapeDims = 64;
/// Most operators in one affine map or set (`d0 + d0 + ...`).
constexpr int kMaxAffineOperators = 256;

/// Scans `text` (skipping string literals and `//` comments) and returns an
/// empty string when it is within the limits above and every decimal
/// literal of a `dense<>` of f16, bf16 or f32 is finite in that type (the
/// parser would round it to infinity silently), else a message naming the
/// limit or literal and the line and column.
std::string checkNestingDepth(llvm::StringRef text,
                              int maxDepth = kMaxNestingDepth);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_INPUTLIMITS_H
