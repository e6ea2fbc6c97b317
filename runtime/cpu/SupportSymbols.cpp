//===- SupportSymbols.cpp - What compiled CPU code may call ---------------===//
#include "runtime/cpu/SupportSymbols.h"

#include "llvm/ADT/STLExtras.h"

namespace rlx::runtime {

namespace {

/// A libm function in its f32 and f64 forms.
#define RLX_LIBM(name) #name "f", #name

// Where each group comes from (docs/CPUBackend.md, "What load promises"):
constexpr llvm::StringLiteral kSupportSymbols[] = {
    // rlx-math-to-libm (upstream's MathToLibm patterns on what
    // convert-math-to-llvm leaves), and the libcalls LLVM's code generator
    // makes for math intrinsics without an instruction (llvm.exp, .log,
    // .pow, .sin, .cos, .fma, .round, ... and frem), on a CPU without
    // SSE4.1 the rounding ones too.
    RLX_LIBM(acos), RLX_LIBM(acosh), RLX_LIBM(asin), RLX_LIBM(asinh),
    RLX_LIBM(atan), RLX_LIBM(atan2), RLX_LIBM(atanh), RLX_LIBM(cbrt),
    RLX_LIBM(ceil), RLX_LIBM(cos), RLX_LIBM(cosh), RLX_LIBM(erf), RLX_LIBM(exp),
    RLX_LIBM(exp2), RLX_LIBM(expm1), RLX_LIBM(floor), RLX_LIBM(fma),
    RLX_LIBM(fmax), RLX_LIBM(fmin), RLX_LIBM(fmod), RLX_LIBM(log),
    RLX_LIBM(log10), RLX_LIBM(log1p), RLX_LIBM(log2), RLX_LIBM(nearbyint),
    RLX_LIBM(pow), RLX_LIBM(rint), RLX_LIBM(round), RLX_LIBM(roundeven),
    RLX_LIBM(sin), RLX_LIBM(sinh), RLX_LIBM(sqrt), RLX_LIBM(tan),
    RLX_LIBM(tanh), RLX_LIBM(trunc),
    // LLVM's library-call simplifier at O2 on GNU targets: sin and cos of
    // one value become sincos, pow(10, x) exp10, exp2 of an integer ldexp.
    RLX_LIBM(sincos), RLX_LIBM(exp10), RLX_LIBM(ldexp),
    // Memory intrinsics (contiguous memref.copy; loops the loop-idiom pass
    // recognizes as copies and fills).
    "memcpy", "memmove", "memset",
    // Compiler support (libgcc / compiler-rt): f16 conversions without F16C
    // and from f64, llvm.powi with a variable exponent.
    "__extendhfsf2", "__truncsfhf2", "__truncdfhf2", "__powisf2", "__powidf2"};

#undef RLX_LIBM

} // namespace

llvm::ArrayRef<llvm::StringLiteral> processSupportSymbols() {
  return kSupportSymbols;
}

bool isSupportSymbol(llvm::StringRef name) {
  return name == "cblas_sgemm" || llvm::is_contained(kSupportSymbols, name);
}

} // namespace rlx::runtime
