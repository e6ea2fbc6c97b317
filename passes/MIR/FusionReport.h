//===- FusionReport.h - What fusion did and what it missed ------*- C++ -*-===//
//
// Fusion passes record each fusion they perform; after a pass, each pattern's
// diagnose function walks the function and records every place where the
// pattern's shape is there but a condition failed (a missed fusion, with its
// reason). Printed with a pass's `report` option or RLX_FUSION_REPORT=1.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_FUSIONREPORT_H
#define RLX_PASSES_MIR_FUSIONREPORT_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace mlir::rlx::mir {

class FusionReport {
public:
  struct Entry {
    std::string pattern;
    std::string op;      // op name and location of the anchor
    std::string message; // what was fused, or why it was not
  };

  /// Op counts by name of `root`'s body, before and after fusion.
  void countBefore(Operation *root) { before = countOps(root); }
  void countAfter(Operation *root) { after = countOps(root); }

  void recordFused(StringRef pattern, Operation *anchor, const Twine &what);
  void recordMissed(StringRef pattern, Operation *anchor, const Twine &why);

  ArrayRef<Entry> fused() const { return fusedEntries; }
  ArrayRef<Entry> missed() const { return missedEntries; }

  void print(llvm::raw_ostream &os, StringRef title) const;

  /// True when RLX_FUSION_REPORT is set to a value other than 0.
  static bool enabledByEnvironment();

private:
  static llvm::MapVector<StringRef, int64_t> countOps(Operation *root);
  static std::string describe(Operation *op);

  llvm::MapVector<StringRef, int64_t> before, after;
  std::vector<Entry> fusedEntries, missedEntries;
};

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_FUSIONREPORT_H
