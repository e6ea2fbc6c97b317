//===- Log.cpp - Where a compilation's reports and warnings go ------------===//
#include "passes/Common/Log.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

namespace mlir::rlx {

namespace {
struct Sinks {
  std::mutex mutex;
  llvm::DenseMap<MLIRContext *, LogSink> byContext;
  llvm::DenseMap<MLIRContext *, FusionSink> fusionByContext;
};
Sinks &sinks() {
  // Never destroyed: a context may log from a static destructor.
  static Sinks *all = new Sinks();
  return *all;
}
} // namespace

void setLogSink(MLIRContext *ctx, LogSink sink) {
  Sinks &all = sinks();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (sink)
    all.byContext[ctx] = std::move(sink);
  else
    all.byContext.erase(ctx);
}

void log(MLIRContext *ctx, ::rlx::LogLevel level, llvm::StringRef text) {
  Sinks &all = sinks();
  LogSink sink;
  {
    std::lock_guard<std::mutex> lock(all.mutex);
    auto it = all.byContext.find(ctx);
    if (it != all.byContext.end())
      sink = it->second;
  }
  if (sink) {
    sink(level, text);
    return;
  }
  static std::mutex stderrMutex;
  std::lock_guard<std::mutex> lock(stderrMutex);
  llvm::errs() << text;
  if (!text.ends_with("\n"))
    llvm::errs() << "\n";
}

void setFusionSink(MLIRContext *ctx, FusionSink sink) {
  Sinks &all = sinks();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (sink)
    all.fusionByContext[ctx] = std::move(sink);
  else
    all.fusionByContext.erase(ctx);
}

void recordFusions(MLIRContext *ctx, const std::vector<FusionRecord> &records) {
  Sinks &all = sinks();
  // Held while calling, so one function's records arrive together.
  std::lock_guard<std::mutex> lock(all.mutex);
  auto it = all.fusionByContext.find(ctx);
  if (it == all.fusionByContext.end())
    return;
  for (const FusionRecord &r : records)
    it->second(r);
}

} // namespace mlir::rlx
