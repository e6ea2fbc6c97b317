//===- Log.h - Where a compilation's reports and warnings go ----*- C++ -*-===//
//
// Passes that report (the fusion and dispatch reports) hand their text to
// log() with the context they run in; a program embedding rlx sets a sink
// per context (rlx::Session::setLogHandler), and without one the text goes
// to stderr as before. One call per whole report, so reports from passes
// running on several threads never interleave.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_COMMON_LOG_H
#define RLX_PASSES_COMMON_LOG_H

#include "rlx/CompileOptions.h"

#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::rlx {

using LogSink = std::function<void(::rlx::LogLevel, llvm::StringRef)>;

/// Sends the reports and warnings of compilations in `ctx` to `sink`; an
/// empty sink restores stderr. Thread-safe.
void setLogSink(MLIRContext *ctx, LogSink sink);

/// `text` (a whole report, or one warning) to the sink of `ctx`, else to
/// stderr.
void log(MLIRContext *ctx, ::rlx::LogLevel level, llvm::StringRef text);

/// One fusion a fusion pass performed, or missed and why.
struct FusionRecord {
  std::string function;
  std::string pattern;
  /// The anchor op's name and location.
  std::string op;
  /// What was fused, or why not.
  std::string message;
  bool fused = false;
};
using FusionSink = std::function<void(const FusionRecord &)>;

/// Every fusion record of passes run in `ctx` goes to `sink` as well (the
/// staged compile API collects them); an empty sink stops that.
/// Thread-safe; records of one function arrive together.
void setFusionSink(MLIRContext *ctx, FusionSink sink);
/// Hands `records` to the sink of `ctx`, if it has one.
void recordFusions(MLIRContext *ctx, const std::vector<FusionRecord> &records);

} // namespace mlir::rlx

#endif // RLX_PASSES_COMMON_LOG_H
