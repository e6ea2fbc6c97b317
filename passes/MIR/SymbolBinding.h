//===- SymbolBinding.h - A symbolic dim bound to a size ---------*- C++ -*-===//
//
// `batch=64`: the typed form of a binding, shared by mir-specialize, the
// pipelines' `bind` option and rlx-run's --bind, so every command line
// parses (and rejects) bindings the same way, quoting what the user typed.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_SYMBOLBINDING_H
#define RLX_PASSES_MIR_SYMBOLBINDING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::rlx {

struct SymbolBinding {
  std::string symbol;
  int64_t size = 0;

  bool operator==(const SymbolBinding &other) const {
    return symbol == other.symbol && size == other.size;
  }
};

/// Parses `symbol=size` (spaces around either side ignored; size a positive
/// 64-bit integer). On failure returns nullopt and sets `error` to a message
/// that quotes `text`.
std::optional<SymbolBinding> parseSymbolBinding(llvm::StringRef text,
                                                std::string &error);

/// "batch=4, seq=8", or "none".
std::string describeBindings(llvm::ArrayRef<SymbolBinding> bindings);

llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                              const SymbolBinding &binding);

} // namespace mlir::rlx

namespace llvm::cl {
/// `--bind batch=64` and pass options `bind=batch=64,seq=8`.
template <>
class parser<mlir::rlx::SymbolBinding>
    : public basic_parser<mlir::rlx::SymbolBinding> {
public:
  parser(Option &o) : basic_parser(o) {}
  bool parse(Option &o, StringRef argName, StringRef arg,
             mlir::rlx::SymbolBinding &value);
  StringRef getValueName() const override { return "symbol=size"; }
  void
  printOptionDiff(const Option &o, const mlir::rlx::SymbolBinding &value,
                  const OptionValue<mlir::rlx::SymbolBinding> &defaultValue,
                  size_t globalWidth) const;
  void anchor() override;
};
} // namespace llvm::cl

#endif // RLX_PASSES_MIR_SYMBOLBINDING_H
