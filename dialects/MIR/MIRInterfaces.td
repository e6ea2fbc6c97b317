//===- MIRInterfaces.td - Op interfaces of MIR -------------*- tablegen -*-===//
//
// What passes and conversions ask of a MIR op, answered by the op itself so
// that a new op brings its facts along instead of joining a table elsewhere.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_MIR_INTERFACES
#define RLX_MIR_INTERFACES

include "mlir/IR/OpBase.td"

def MIR_ParallelDimsOpInterface : OpInterface<"ParallelDimsOpInterface"> {
  let cppNamespace = "::mlir::rlx::mir";
  let description = [{
    How an op's work splits into independent parts, for the workgroup grid of
    its kernel (docs/CPUBackend.md, "Workgroups"). Result elements that differ
    only in the leading *independent* dims are computed from disjoint work,
    so a workgroup may compute a range along one of them on its own. An op
    without this interface does not split. Both methods expect a verified op
    with ranked tensor results; the first result's dims are the ones that
    split (ops with several results give them one shape).
  }];
  let methods = [
    InterfaceMethod<[{
        How many leading result dims are independent: 0 when the op does not
        split (an axis-0 softmax).
      }],
      "int64_t", "getIndependentLeadingDims">,
    InterfaceMethod<[{
        For a result dim `resultDim` < getIndependentLeadingDims(): the dim of
        operand `operandIndex` that runs along with it, or nullopt when every
        workgroup reads the operand whole (a broadcast operand, a weight).
      }],
      "std::optional<int64_t>", "getOperandDimAlong",
      (ins "unsigned":$operandIndex, "int64_t":$resultDim)>,
  ];
}

def MIR_ContractionOpInterface : OpInterface<"ContractionOpInterface"> {
  let cppNamespace = "::mlir::rlx::mir";
  let description = [{
    An op that multiplies and accumulates along a contraction dim (matmul,
    fused_matmul, shared_matmul, swiglu, conv2d): its arithmetic, for the
    kernel's cost (`rlx.flops` on its `lir.kernel`, the manifest's
    `Dispatch::flops`). Epilogues (bias, activation, gating) are not
    counted: they are as many operations as an elementwise kernel's, whose
    cost is its bytes.
  }];
  let methods = [
    InterfaceMethod<[{
        Floating-point operations of the whole op, 2 per multiply-add (an
        integer matmul's operations count alike); INT64_MAX when the count
        overflows int64, 0 when a dim it needs is dynamic. Expects a
        verified op.
      }],
      "int64_t", "getFlops">,
  ];
}

// Families of ops that split alike implement the interface through a trait
// of MIRInterfaces.h (ElementwiseParallelDims, ...); an op outside them
// declares the interface's methods (DeclareOpInterfaceMethods) and defines
// them in MIROps.cpp.
class MIR_ParallelDimsTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::rlx::mir";
}

// Elementwise ops and broadcasts: every result dim, operands right-aligned.
def MIR_ElementwiseParallelDims
    : TraitList<[MIR_ParallelDimsOpInterface,
                 MIR_ParallelDimsTrait<"ElementwiseParallelDims">]>;

// Matmul and fused matmul: batch dims and M.
def MIR_MatmulParallelDims
    : TraitList<[MIR_ParallelDimsOpInterface,
                 MIR_ParallelDimsTrait<"MatmulParallelDims">]>;

// Ops along one `axis` of their `input`: the dims before the axis.
def MIR_AxisParallelDims
    : TraitList<[MIR_ParallelDimsOpInterface,
                 MIR_ParallelDimsTrait<"AxisParallelDims">]>;

// Row ops: every result dim but the last; the first `rowOperands` operands
// are rows, the others are read whole.
class MIR_RowParallelDimsImpl<int rowOperands>
    : ParamNativeOpTrait<"RowParallelDims", !cast<string>(rowOperands)> {
  let cppNamespace = "::mlir::rlx::mir";
}
class MIR_RowParallelDims<int rowOperands>
    : TraitList<[MIR_ParallelDimsOpInterface,
                 MIR_RowParallelDimsImpl<rowOperands>]>;

#endif // RLX_MIR_INTERFACES
