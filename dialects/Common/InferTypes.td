//===- InferTypes.td - Result-type inference of rlx ops ----*- tablegen -*-===//
//
// Kept apart from Types.td: with InferTypeOpInterface.td in scope, ODS gives
// the interface to every op whose result types its traits fix, and LIR has
// no use for it.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_COMMON_INFERTYPES
#define RLX_COMMON_INFERTYPES

include "mlir/Interfaces/InferTypeOpInterface.td"

// Implements InferTypeOpInterface for an op with `min` to `max` operands
// (max -1: no limit). The generated inferReturnTypes checks the operand count
// first (it may be asked about a generic-form op or an OperationState, and
// the adaptor's getters index without checking), then calls `rule`, a
// shared rule of dialects/Common/InferRules.h taking
// `(const Inference &, ValueRange operands, SmallVectorImpl<Type> &)`, or,
// with no rule, the op's own
//   static LogicalResult inferResultTypes(const ::mlir::rlx::Inference &,
//                                         Adaptor, SmallVectorImpl<Type> &);
// A declared result type need only be compatible with the inferred one
// (rlx::isCompatibleResultTypes: same element type and rank, each dim pair
// equal or one of them `?`), unless the op defines its own
// isCompatibleReturnTypes (`ownCompatibility`).
class RLX_InferResultTypesImpl<int min, int max, string rule,
                               bit ownCompatibility>
    : NativeOpTrait<"InferResultTypes", [],
      !if(ownCompatibility, [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange declared);
  }], [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange declared) {
      return ::mlir::rlx::isCompatibleResultTypes(inferred, declared);
    }
  }]) # !if(!empty(rule), [{
    static ::llvm::LogicalResult
    inferResultTypes(const ::mlir::rlx::Inference &in, Adaptor adaptor,
                     ::llvm::SmallVectorImpl<::mlir::Type> &types);
  }], ""), [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, ::std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      ::mlir::rlx::Inference in(location, getOperationName());
      if (::mlir::failed(in.checkOperandCount(operands, }] #
          !cast<string>(min) # ", " #
          !if(!lt(max, 0), "::mlir::rlx::Inference::kAnyNumber",
              !cast<string>(max)) # [{)))
        return ::mlir::failure();
      }] # !if(!empty(rule), [{
      return inferResultTypes(in, Adaptor(operands, attributes, properties,
                                          regions),
                              inferredReturnTypes);
      }], [{
      return ::mlir::rlx::}] # rule # [{(in, operands, inferredReturnTypes);
      }]) # [{
    }
  }]> {
  let cppNamespace = "::mlir::rlx";
}

// The op infers its result types in its own inferResultTypes.
class RLX_InferResultTypes<int min, int max, bit ownCompatibility = 0>
    : TraitList<[DeclareOpInterfaceMethods<InferTypeOpInterface>,
                 RLX_InferResultTypesImpl<min, max, "", ownCompatibility>]>;

// The op's inference is a rule HIR and MIR ops share; it has no code of its
// own for it.
class RLX_InferResultTypesWith<string rule, int min, int max>
    : TraitList<[DeclareOpInterfaceMethods<InferTypeOpInterface>,
                 RLX_InferResultTypesImpl<min, max, rule, 0>]>;

// The result has the type of the first operand (elementwise functions,
// softmax, cumsum, norms, rope).
class RLX_InferFirstOperandType<int min, int max>
    : RLX_InferResultTypesWith<"inferFirstOperandType", min, max>;

#endif // RLX_COMMON_INFERTYPES
