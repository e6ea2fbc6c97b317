//===- InputLimits.h - Checks on IR text before MLIR parses it --*- C++ -*-===//
//
// MLIR 19's parser recurses once per nesting level and overflows the stack at
// a few thousand levels (RELIABILITY.md contract 3), so rlx measures the
// nesting of untrusted text before handing it to the parser.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_INPUTLIMITS_H
#define RLX_DIALECTS_COMMON_INPUTLIMITS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::rlx {

/// Deepest `{`, `(`, `[` nesting rlx accepts in IR text.
constexpr int kMaxNestingDepth = 256;

/// Scans `text` (skipping string literals and `//` comments) and returns an
/// empty string when it nests at most `maxDepth` levels, else a message that
/// names the line and column where the limit is crossed.
std::string checkNestingDepth(llvm::StringRef text,
                              int maxDepth = kMaxNestingDepth);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_INPUTLIMITS_H
