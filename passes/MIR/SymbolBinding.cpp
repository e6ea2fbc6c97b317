//===- SymbolBinding.cpp - A symbolic dim bound to a size -----------------===//
#include "passes/MIR/SymbolBinding.h"

using namespace mlir::rlx;

std::optional<SymbolBinding> mlir::rlx::parseSymbolBinding(llvm::StringRef text,
                                                           std::string &error) {
  llvm::StringRef entry = text.trim();
  auto [symbol, value] = entry.split('=');
  symbol = symbol.trim();
  value = value.trim();
  if (!entry.contains('=') || symbol.empty() || value.empty()) {
    error =
        "bind entry '" + text.str() + "' is malformed; expected symbol=size";
    return std::nullopt;
  }
  int64_t size;
  if (value.getAsInteger(10, size)) {
    error = "bind entry '" + text.str() + "': size '" + value.str() +
            "' is not a 64-bit integer";
    return std::nullopt;
  }
  if (size < 1) {
    error = "bind entry '" + text.str() + "': size must be positive";
    return std::nullopt;
  }
  return SymbolBinding{symbol.str(), size};
}

std::string
mlir::rlx::describeBindings(llvm::ArrayRef<SymbolBinding> bindings) {
  std::string text;
  for (const SymbolBinding &b : bindings)
    text +=
        (text.empty() ? "" : ", ") + b.symbol + "=" + std::to_string(b.size);
  return text.empty() ? "none" : text;
}

llvm::raw_ostream &mlir::rlx::operator<<(llvm::raw_ostream &os,
                                         const SymbolBinding &binding) {
  return os << binding.symbol << "=" << binding.size;
}

namespace llvm::cl {
bool parser<SymbolBinding>::parse(Option &o, StringRef, StringRef arg,
                                  SymbolBinding &value) {
  std::string error;
  std::optional<SymbolBinding> parsed = parseSymbolBinding(arg, error);
  if (!parsed)
    return o.error(error);
  value = *parsed;
  return false;
}

void parser<SymbolBinding>::printOptionDiff(const Option &o,
                                            const SymbolBinding &value,
                                            const OptionValue<SymbolBinding> &,
                                            size_t globalWidth) const {
  printOptionName(o, globalWidth);
  outs() << "= " << value.symbol << "=" << value.size << "\n";
}

void parser<SymbolBinding>::anchor() {}
} // namespace llvm::cl
