//===- Importer.h - What an ONNX op importer sees ---------------*- C++ -*-===//
//
// One Node per ONNX node: its inputs as MIR values (a value known at
// compile time is a mir.constant), its attributes read with ONNX's
// defaults, and builders that create MIR ops through their own type
// inference and evaluate them at once when every operand is a constant
// (passes/MIR/ConstantEvaluation.h), so shape arithmetic folds as it is
// imported. An importer reports a problem with fail(), which names the
// node; it never asserts on what the model holds.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_ONNXTOMIR_IMPORTER_H
#define RLX_CONVERSION_ONNXTOMIR_IMPORTER_H

#include "conversion/ONNXToMIR/OnnxFileImpl.h"
#include "dialects/Common/Enums.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"

#include <functional>

namespace mlir::rlx::onnximport {

class Importer;

/// One ONNX node being imported.
class Node {
public:
  Node(Importer &importer, const ::onnx::NodeProto &proto, Location loc);

  const ::onnx::NodeProto &proto() const { return proto_; }
  Location loc() const { return loc_; }
  MLIRContext *ctx() const;
  OpBuilder &builder();

  //===--- Inputs --------------------------------------------------------===//
  /// Inputs as written, counting empty names (omitted optional inputs).
  int numInputs() const { return proto_.input_size(); }
  /// Input `i` is given (present and not the empty name).
  bool has(int i) const;
  /// Input `i` as a MIR value; fails (naming it) when it is omitted.
  FailureOr<Value> input(int i);
  /// The compile-time value of input `i` (a constant), or a failure saying
  /// what it depends on and how to bind it.
  FailureOr<DenseElementsAttr> constantInput(int i, StringRef role);
  /// Input `i` as int64 values (an integer constant of rank 0 or 1).
  FailureOr<SmallVector<int64_t>> intsInput(int i, StringRef role);
  /// The static shape of a tensor value; fails naming `role` when a dim is
  /// symbolic.
  FailureOr<SmallVector<int64_t>> staticShape(Value v, StringRef role);

  //===--- Attributes (ONNX defaults when absent) ------------------------===//
  const ::onnx::AttributeProto *attr(StringRef name) const;
  FailureOr<int64_t> attrInt(StringRef name, int64_t fallback);
  FailureOr<float> attrFloat(StringRef name, float fallback);
  FailureOr<std::string> attrString(StringRef name, StringRef fallback);
  /// Absent: nullopt.
  FailureOr<std::optional<SmallVector<int64_t>>> attrInts(StringRef name);
  /// Fails when an attribute this importer does not read is set to a
  /// value other than its default (so no model silently computes
  /// something else).
  LogicalResult refuseAttr(StringRef name, StringRef why);

  //===--- Outputs -------------------------------------------------------===//
  int numOutputs() const { return proto_.output_size(); }
  /// Output `i` is requested (present and not the empty name).
  bool wants(int i) const;
  void setOutput(int i, Value v);

  //===--- Unsigned integers ---------------------------------------------===//
  // UINT8, UINT32 and UINT64 values are MIR's signless i8, i32 and i64
  // holding the same bits; the importer remembers which values mean
  // unsigned and writes the ops whose results differ (OpEntry::unsigned).
  bool isUnsigned(Value v) const;
  void markUnsigned(Value v);
  /// Unsigned `x` (i8 or i32) zero-extended to i64.
  FailureOr<Value> zeroExtend(Value x);
  /// `x` + the smallest value of its width, wrapping: unsigned order becomes
  /// signed order (and back).
  FailureOr<Value> flipSign(Value x);

  //===--- Building MIR --------------------------------------------------===//
  /// Creates `name` with `operands` and `attrs`; the result types are
  /// `declared` or, when empty, the op's inferred types. Evaluated to a
  /// constant when every operand is one (and the result is small).
  FailureOr<Value> create(StringRef name, ValueRange operands,
                          ArrayRef<NamedAttribute> attrs = {},
                          ArrayRef<Type> declared = {});
  FailureOr<SmallVector<Value>> createMulti(StringRef name,
                                            ValueRange operands,
                                            ArrayRef<NamedAttribute> attrs,
                                            ArrayRef<Type> declared,
                                            unsigned numResults);
  Value constant(DenseElementsAttr value);
  /// A rank-0 constant of `elementType`.
  Value scalar(Type elementType, double value);
  Value ints(ArrayRef<int64_t> values);
  FailureOr<Value> unary(UnaryKind kind, Value x);
  FailureOr<Value> binary(BinaryKind kind, Value a, Value b);
  FailureOr<Value> compare(CompareKind kind, Value a, Value b);
  FailureOr<Value> select(Value c, Value a, Value b);
  FailureOr<Value> cast(Value x, Type elementType);
  FailureOr<Value> reshape(Value x, ArrayRef<int64_t> shape);
  FailureOr<Value> transpose(Value x, ArrayRef<int64_t> permutation);
  FailureOr<Value> broadcast(Value x, ArrayRef<int64_t> shape);
  FailureOr<Value> slice(Value x, ArrayRef<int64_t> offsets,
                         ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides);
  FailureOr<Value> concat(ValueRange xs, int64_t axis);
  FailureOr<Value> reduce(ReduceKind kind, Value x, ArrayRef<int64_t> axes,
                          bool keepDim);
  FailureOr<Value> matmul(Value a, Value b);

  /// Records the error "<model>: node '<name>' (<op>): <message>" and fails.
  LogicalResult fail(const Twine &message);
  /// As fail(), with status code unimplemented (rlx lacks it; the model is
  /// valid ONNX).
  LogicalResult unsupported(const Twine &message);

private:
  Importer &importer_;
  const ::onnx::NodeProto &proto_;
  Location loc_;
};

/// Imports one op type; the node's outputs are set on success.
using OpImportFn = LogicalResult (*)(Node &node);

/// What an op does with unsigned integer inputs.
enum class UnsignedInputs {
  /// Refused (the op has no unsigned form).
  refuse,
  /// The op is the same on the bits (add, reshape, ...): integer outputs of
  /// an unsigned input's type are unsigned too.
  same,
  /// The importer handles them itself.
  own,
};

/// One row of the op table (OpTable.cpp): the ONNX op type, its importer,
/// which of its inputs must be known at compile time (bit i: input i), and
/// what it does with unsigned inputs.
struct OpEntry {
  const char *type;
  OpImportFn import;
  uint32_t compileTimeInputs = 0;
  UnsignedInputs unsignedInputs = UnsignedInputs::refuse;
};

/// The table row of `type` (default domain), or null.
const OpEntry *findOp(StringRef type);
ArrayRef<OpEntry> allOps();

/// The MIR element type that holds an ONNX element type (storageDTypeOfOnnx),
/// or null.
Type elementTypeOfOnnx(MLIRContext *ctx, int32_t elementType);

} // namespace mlir::rlx::onnximport

#endif // RLX_CONVERSION_ONNXTOMIR_IMPORTER_H
