//===- FusionReport.cpp - What fusion did and what it missed --------------===//
#include "passes/MIR/FusionReport.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/SetVector.h"
#include <cstdlib>

namespace mlir::rlx::mir {

llvm::MapVector<StringRef, int64_t> FusionReport::countOps(Operation *root) {
  // Only the body's own ops: the scalar steps inside a mir.elementwise region
  // are part of that one op, not tensor ops of their own.
  llvm::MapVector<StringRef, int64_t> counts;
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        ++counts[op.getName().getStringRef()];
  return counts;
}

std::string FusionReport::describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName().getStringRef() << " at " << op->getLoc();
  return text;
}

void FusionReport::recordFused(StringRef pattern, Operation *anchor,
                               const Twine &what) {
  fusedEntries.push_back({pattern.str(), describe(anchor), what.str()});
}

void FusionReport::recordMissed(StringRef pattern, Operation *anchor,
                                const Twine &why) {
  missedEntries.push_back({pattern.str(), describe(anchor), why.str()});
}

void FusionReport::print(llvm::raw_ostream &os, StringRef title) const {
  os << "=== rlx fusion report: " << title << " ===\n";
  llvm::SetVector<StringRef> names;
  for (auto &[name, n] : before)
    names.insert(name);
  for (auto &[name, n] : after)
    names.insert(name);
  os << "op counts (before -> after):\n";
  for (StringRef name : names)
    os << "  " << name << ": " << before.lookup(name) << " -> "
       << after.lookup(name) << "\n";
  os << "fused (" << fusedEntries.size() << "):\n";
  for (const Entry &e : fusedEntries)
    os << "  [" << e.pattern << "] " << e.op << ": " << e.message << "\n";
  os << "missed (" << missedEntries.size() << "):\n";
  for (const Entry &e : missedEntries)
    os << "  [" << e.pattern << "] " << e.op << ": " << e.message << "\n";
}

bool FusionReport::enabledByEnvironment() {
  const char *value = std::getenv("RLX_FUSION_REPORT");
  return value && *value && StringRef(value) != "0";
}

} // namespace mlir::rlx::mir
