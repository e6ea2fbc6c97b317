//===- FuzzReplay.cpp - Runs a fuzz target over files, without libFuzzer --===//
//
// The main() of a fuzz target in a build without RLX_FUZZ: each file named on
// the command line, and each file in each directory named, goes once to
// LLVMFuzzerTestOneInput, in a buffer of exactly its size. Arguments that
// start with '-' are libFuzzer's flags and are ignored, so lit runs the same
// command line in both builds. Fails when it found no input at all (a
// corpus directory that moved).
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool runFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    llvm::errs() << path << ": " << buffer.getError().message() << "\n";
    return false;
  }
  // A heap copy of exactly the input's size, so ASan sees any read past it.
  size_t size = (*buffer)->getBufferSize();
  std::unique_ptr<uint8_t[]> copy(new uint8_t[size ? size : 1]);
  std::memcpy(copy.get(), (*buffer)->getBufferStart(), size);
  LLVMFuzzerTestOneInput(copy.get(), size);
  return true;
}

int main(int argc, char **argv) {
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.starts_with("-"))
      continue;
    if (!llvm::sys::fs::is_directory(arg)) {
      files.push_back(arg.str());
      continue;
    }
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(arg, ec), end; it != end && !ec;
         it.increment(ec))
      if (!llvm::sys::fs::is_directory(it->path()))
        files.push_back(it->path());
    if (ec) {
      llvm::errs() << arg << ": " << ec.message() << "\n";
      return 1;
    }
  }
  std::sort(files.begin(), files.end());
  for (const std::string &file : files) {
    if (!runFile(file))
      return 1;
  }
  if (files.empty()) {
    llvm::errs() << argv[0] << ": no inputs\n";
    return 1;
  }
  llvm::outs() << argv[0] << ": ran " << files.size() << " inputs\n";
  return 0;
}
