//===- ToolVersion.h - The --version line of rlx's tools ------------------===//
//
// `<tool> <rlx version> (artifact format <n>, LLVM/MLIR <version>)`, in
// place of LLVM's own --version text: the library's version, the artifact
// format it reads and writes, and the LLVM/MLIR it was built with.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_TOOLS_TOOLVERSION_H
#define RLX_TOOLS_TOOLVERSION_H

#include "rlx/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace rlx::tools {

/// Makes --version print `tool`'s version line; call before parsing the
/// command line.
inline void setVersionPrinter(const char *tool) {
  llvm::cl::SetVersionPrinter([tool](llvm::raw_ostream &os) {
    os << tool << " " << ::rlx::version() << " (artifact format "
       << ::rlx::artifactFormatVersion() << ", LLVM/MLIR "
       << LLVM_VERSION_STRING << ")\n";
  });
}

} // namespace rlx::tools

#endif // RLX_TOOLS_TOOLVERSION_H
