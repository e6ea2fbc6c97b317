//===- DumpIR.cpp - Write each pipeline stage's IR to a file --------------===//
#include "passes/Common/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_DUMPIR
#include "passes/Common/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {
struct DumpIR : rlx::impl::DumpIRBase<DumpIR> {
  using DumpIRBase::DumpIRBase;
  void runOnOperation() override {
    markAllAnalysesPreserved();
    if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
      getOperation().emitError() << "cannot create IR dump directory '" << dir
                                 << "': " << ec.message();
      return signalPassFailure();
    }
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, stage + ".mlir");
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec) {
      getOperation().emitError()
          << "cannot write IR dump '" << path << "': " << ec.message();
      return signalPassFailure();
    }
    getOperation().print(os);
    // A write that failed (a full disk) is this pass's error, not the
    // "LLVM ERROR" raw_fd_ostream's destructor would abort with.
    os.close();
    if (os.has_error()) {
      std::error_code failure = os.error();
      os.clear_error();
      getOperation().emitError() << "cannot write IR dump '" << path
                                 << "': " << failure.message();
      return signalPassFailure();
    }
  }
};
} // namespace
