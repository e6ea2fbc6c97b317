//===- FileSizeLimit.h - A file size limit is a write error ---------------===//
//
// Past RLIMIT_FSIZE the kernel sends SIGXFSZ, which LLVM's crash handlers
// (installed by InitLLVM) turn into a stack dump. rlx's tools ignore it, so
// the write fails with EFBIG and is reported like a full disk: an error
// naming the file, no half-written output (runtime/Files.h).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_TOOLS_FILESIZELIMIT_H
#define RLX_TOOLS_FILESIZELIMIT_H

#include <csignal>

namespace rlx::tools {

/// Call after llvm::InitLLVM.
inline void reportFileSizeLimitAsWriteError() { std::signal(SIGXFSZ, SIG_IGN); }

} // namespace rlx::tools

#endif // RLX_TOOLS_FILESIZELIMIT_H
