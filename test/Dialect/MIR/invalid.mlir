// RUN: rlx-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// One case per numbered constraint (and per branch of it) of every mir op,
// named `mir.<op> Cn` after dialects/MIR/MIROps.td; then ODS type and
// structure errors, type inference on generic-form ops, the BoundedShapes
// trait, and the mir.name / mir.dims annotations. -allow-unregistered-dialect
// is only needed for what no registered dialect provides: a typed scalar
// attribute that is neither a float nor an integer (mir.constant C2), a
// terminator other than mir.yield that has no parent constraint
// (mir.elementwise C5), and a few `foo.*` ops used as arbitrary foreign ops.
//
// A constraint the result-type inference checks fails with two errors: the
// reason, or MLIR's "inferred type(s) ... are incompatible with return
// type(s) of operation ..." when only the declared result type is wrong; then
// MLIR's "failed to infer returned types".

//===----------------------------------------------------------------------===//
// mir.constant
//===----------------------------------------------------------------------===//

// mir.constant C1: the value's type is not the result type.
func.func @constant_c1_type() -> tensor<2xf32> {
  // expected-error @+1 {{failed to verify that all of {value, output} have same type}}
  %0 = "mir.constant"() <{value = dense<1.0> : tensor<3xf32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// mir.constant C2: a tensor constant that does not hold dense elements.
func.func @constant_c2_tensor_not_dense() -> tensor<4xf32> {
  // expected-error @+1 {{a tensor constant must hold dense elements}}
  %0 = mir.constant sparse<[[0]], [1.0]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.constant C2: a scalar constant that holds neither a float nor an integer.
func.func @constant_c2_scalar_not_number() -> f32 {
  // expected-error @+1 {{a scalar constant must hold a float or integer}}
  %0 = mir.constant #foo<"x"> : f32
  return %0 : f32
}

// -----

// mir.constant: a dense literal whose size does not match its type is a parse error.
func.func @constant_dense_size() -> tensor<3xf32> {
  // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  %0 = mir.constant dense<[1.0, 2.0]> : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// mir.constant: ODS rejects an i16 result.
func.func @constant_i16() -> tensor<2xi16> {
  // expected-error @+1 {{result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values or 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer, but got 'tensor<2xi16>'}}
  %0 = mir.constant dense<1> : tensor<2xi16>
  return %0 : tensor<2xi16>
}

// -----

// mir.constant: ODS rejects an index scalar.
func.func @constant_index() -> index {
  // expected-error @+1 {{but got 'index'}}
  %0 = mir.constant 1 : index
  return %0 : index
}

// -----

//===----------------------------------------------------------------------===//
// mir.param
//===----------------------------------------------------------------------===//

// mir.param C1: the name is empty.
func.func @param_c1_empty_name() -> tensor<4xf32> {
  // expected-error @+1 {{parameter name must not be empty}}
  %0 = mir.param "" : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.param C2: the same name with another type in one block.
func.func @param_c2_duplicate_name() -> (tensor<4xf32>, tensor<8xf32>) {
  %0 = mir.param "w" : tensor<4xf32>
  // expected-error @+1 {{parameter 'w' was declared as 'tensor<4xf32>' earlier in the block}}
  %1 = mir.param "w" : tensor<8xf32>
  return %0, %1 : tensor<4xf32>, tensor<8xf32>
}

// -----

// mir.param C2: the same name with another `given`.
func.func @param_c2_other_given() -> (tensor<4xbf16>, tensor<4xbf16>) {
  %0 = mir.param "w" given f32 : tensor<4xbf16>
  // expected-error @+1 {{parameter 'w' was declared with another `given` type earlier in the block}}
  %1 = mir.param "w" : tensor<4xbf16>
  return %0, %1 : tensor<4xbf16>, tensor<4xbf16>
}

// -----

// mir.param C3: given on an f32 param.
func.func @param_c3_given_f32() -> tensor<4xf32> {
  // expected-error @+1 {{given 'f32' for a param of 'tensor<4xf32>': a param is converted only from f32 to f16 or bf16}}
  %0 = mir.param "w" given f32 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.param C3: given in another type than f32.
func.func @param_c3_given_f16() -> tensor<4xbf16> {
  // expected-error @+1 {{given 'f16' for a param of 'tensor<4xbf16>': a param is converted only from f32 to f16 or bf16}}
  %0 = mir.param "w" given f16 : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// mir.param C2: the same name with another element type.
func.func @param_c2_duplicate_name_dtype() -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = mir.param "w" : tensor<4xf32>
  // expected-error @+1 {{parameter 'w' was declared as 'tensor<4xf32>' earlier in the block}}
  %1 = mir.param "w" : tensor<4xf16>
  return %0, %1 : tensor<4xf32>, tensor<4xf16>
}

// -----

// mir.param C2: the same name declared permuted, then not.
func.func @param_c2_other_permuted() -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %0 = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
  // expected-error @+1 {{'mir.param' op parameter 'w' was declared with another `permuted` order earlier in the block}}
  %1 = mir.param "w" : tensor<4x5xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4x5xf32>
}

// -----

// mir.param C2: the same name declared not permuted, then permuted.
func.func @param_c2_then_permuted() -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %0 = mir.param "w" : tensor<4x5xf32>
  // expected-error @+1 {{'mir.param' op parameter 'w' was declared with another `permuted` order earlier in the block}}
  %1 = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4x5xf32>
}

// -----

// mir.param C2: the same name permuted two ways.
func.func @param_c2_two_permutations() -> (tensor<4x5x6xf32>, tensor<4x5x6xf32>) {
  %0 = mir.param "w" permuted [1, 2, 0] : tensor<4x5x6xf32>
  // expected-error @+1 {{'mir.param' op parameter 'w' was declared with another `permuted` order earlier in the block}}
  %1 = mir.param "w" permuted [2, 0, 1] : tensor<4x5x6xf32>
  return %0, %1 : tensor<4x5x6xf32>, tensor<4x5x6xf32>
}

// -----

// mir.param C4: the identity permutation.
func.func @param_c4_identity() -> tensor<4x5xf32> {
  // expected-error @+1 {{'mir.param' op permuted [0, 1] for a param of 'tensor<4x5xf32>': the identity permutation stores nothing differently}}
  %0 = mir.param "w" permuted [0, 1] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.param C4: the identity permutation of a scalar (rank 0, no entries).
func.func @param_c4_identity_rank0() -> tensor<f32> {
  // expected-error @+1 {{'mir.param' op permuted [] for a param of 'tensor<f32>': the identity permutation stores nothing differently}}
  %0 = mir.param "w" permuted [] : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// mir.param C4: more entries than dims.
func.func @param_c4_wrong_length() -> tensor<4x5xf32> {
  // expected-error @+1 {{'mir.param' op permuted [1, 0, 2] for a param of 'tensor<4x5xf32>': the permutation does not have one entry per dim}}
  %0 = mir.param "w" permuted [1, 0, 2] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.param C4: fewer entries than dims.
func.func @param_c4_short() -> tensor<4x5x6xf32> {
  // expected-error @+1 {{'mir.param' op permuted [1, 0] for a param of 'tensor<4x5x6xf32>': the permutation does not have one entry per dim}}
  %0 = mir.param "w" permuted [1, 0] : tensor<4x5x6xf32>
  return %0 : tensor<4x5x6xf32>
}

// -----

// mir.param C4: a repeated entry.
func.func @param_c4_repeated() -> tensor<4x5xf32> {
  // expected-error @+1 {{'mir.param' op permuted [0, 0] for a param of 'tensor<4x5xf32>': a permutation entry repeats}}
  %0 = mir.param "w" permuted [0, 0] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.param C4: an entry past the rank.
func.func @param_c4_out_of_range() -> tensor<4x5xf32> {
  // expected-error @+1 {{'mir.param' op permuted [2, 0] for a param of 'tensor<4x5xf32>': a permutation entry is out of range}}
  %0 = mir.param "w" permuted [2, 0] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.param C4: a negative entry.
func.func @param_c4_negative() -> tensor<4x5xf32> {
  // expected-error @+1 {{'mir.param' op permuted [-1, 0] for a param of 'tensor<4x5xf32>': a permutation entry is out of range}}
  %0 = mir.param "w" permuted [-1, 0] : tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.param C4 with C3: a converted param's permutation is checked too.
func.func @param_c4_given_identity() -> tensor<4x5xbf16> {
  // expected-error @+1 {{'mir.param' op permuted [0, 1] for a param of 'tensor<4x5xbf16>': the identity permutation stores nothing differently}}
  %0 = mir.param "w" given f32 permuted [0, 1] : tensor<4x5xbf16>
  return %0 : tensor<4x5xbf16>
}

// -----

// mir.param: ODS rejects a permutation that is not an i64 array (generic
// form).
func.func @param_permuted_type() -> tensor<4x5xf32> {
  // expected-error @+1 {{invalid properties {name = "w", permuted = [1, 0]} for op mir.param: Invalid attribute `permuted` in property conversion: [1, 0]}}
  %0 = "mir.param"() <{name = "w", permuted = [1, 0]}> : () -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.param: ODS rejects a scalar result (generic form; the custom form cannot parse it).
func.func @param_scalar() -> f32 {
  // expected-error @+1 {{result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'f32'}}
  %0 = "mir.param"() <{name = "w"}> : () -> f32
  return %0 : f32
}

// -----

// mir.param: ODS rejects a name that is not a string (generic form, attribute dictionary).
func.func @param_name_type() -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'name' failed to satisfy constraint: string attribute}}
  %0 = "mir.param"() {name = 3 : i64} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.state
//===----------------------------------------------------------------------===//

// mir.state C1: the name is empty (the param name rule).
func.func @state_c1_empty_name() {
  // expected-error @+1 {{parameter name must not be empty}}
  %0 = mir.state "" : tensor<4xf32>
  return
}

// -----

// mir.state C1: a name that is not printable ASCII (the param name rule).
func.func @state_c1_control_name() {
  // expected-error @+1 {{parameter name has a byte that is not printable ASCII (a control character, NUL or non-ASCII)}}
  %0 = mir.state "k\n" : tensor<4xf32>
  return
}

// -----

// mir.state C1: two states of one name and type; the first one is reported.
func.func @state_c1_duplicate_state() {
  // expected-error @+1 {{'mir.state' op state 'k_cache' has the name of another mir.state of the block}}
  %0 = mir.state "k_cache" : tensor<8x4xf32>
  %1 = mir.state "k_cache" : tensor<8x4xf32>
  return
}

// -----

// mir.state C1: two states of one name and different types; the first one
// is reported, by the state rule (which looks at the whole block) before the
// param rule could report the second's type.
func.func @state_c1_duplicate_state_type() {
  // expected-error @+1 {{'mir.state' op state 'k_cache' has the name of another mir.state of the block}}
  %0 = mir.state "k_cache" : tensor<8x4xf32>
  %1 = mir.state "k_cache" : tensor<16x4xf32>
  return
}

// -----

// mir.state C1: a state with the name of a mir.param of the block.
func.func @state_c1_param_name() -> tensor<8x4xf32> {
  %w = mir.param "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.state' op state 'k_cache' has the name of another mir.param of the block}}
  %0 = mir.state "k_cache" : tensor<8x4xf32>
  return %w : tensor<8x4xf32>
}

// -----

// mir.state C2: read before the write as well as written (two uses).
func.func @state_c2_two_uses(%new: tensor<1x4xf32>, %p: tensor<1xi32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  // expected-error @+1 {{'mir.state' op state 'k_cache' is used more than once; its one use is the cache of a mir.cache_write, whose result the readers take}}
  %c = mir.state "k_cache" : tensor<8x4xf32>
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  %r = mir.unary neg %c : tensor<8x4xf32>
  return %k, %r : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// mir.state C2: written by two cache writes (two uses).
func.func @state_c2_two_writes(%new: tensor<1x4xf32>, %p: tensor<1xi32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  // expected-error @+1 {{'mir.state' op state 'k_cache' is used more than once}}
  %c = mir.state "k_cache" : tensor<8x4xf32>
  %a = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  %b = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %a, %b : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// mir.state C2: the one use is an op other than mir.cache_write.
func.func @state_c2_other_op() -> tensor<8x4xf32> {
  // expected-error @+1 {{'mir.state' op state 'k_cache' must be read through the mir.cache_write that updates it, not by mir.unary}}
  %c = mir.state "k_cache" : tensor<8x4xf32>
  %r = mir.unary neg %c : tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// mir.state C2: the one use is returning it.
func.func @state_c2_returned() -> tensor<8x4xf32> {
  // expected-error @+1 {{'mir.state' op state 'k_cache' must be read through the mir.cache_write that updates it, not by func.return}}
  %c = mir.state "k_cache" : tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// -----

// mir.state C2: the one use is a mir.cache_write, but as its update
// (operand 1), not its cache.
func.func @state_c2_update_operand(%p: tensor<1xi32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'mir.state' op state 'v_new' must be read through the mir.cache_write that updates it, not by mir.cache_write}}
  %u = mir.state "v_new" : tensor<1x4xf32>
  %c = mir.state "v_cache" : tensor<8x4xf32>
  %k = mir.cache_write %c, %u, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.state: ODS rejects a scalar result (generic form; the custom form cannot parse it).
func.func @state_scalar() {
  // expected-error @+1 {{result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'f32'}}
  %0 = "mir.state"() <{name = "k_cache"}> : () -> f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// mir.cache_write
//===----------------------------------------------------------------------===//

// mir.cache_write C1: the cache is a function argument.
func.func @cache_write_c1_argument(%c: tensor<8x4xf32>, %new: tensor<1x4xf32>, %p: tensor<1xi32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'mir.cache_write' op the cache must be a mir.state (the write updates its memory in place)}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C1: the cache is a mir.param (read-only weights).
func.func @cache_write_c1_param(%new: tensor<1x4xf32>, %p: tensor<1xi32>) -> tensor<8x4xf32> {
  %c = mir.param "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op the cache must be a mir.state (the write updates its memory in place)}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C2: an update of another rank.
func.func @cache_write_c2_rank(%new: tensor<4xf32>, %p: tensor<1xi32>) -> tensor<8x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op update 'tensor<4xf32>' must have the rank and element type of the cache 'tensor<8x4xf32>'}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C2: an update of another element type.
func.func @cache_write_c2_element(%new: tensor<1x4xf16>, %p: tensor<1xi32>) -> tensor<8x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op update 'tensor<1x4xf16>' must have the rank and element type of the cache 'tensor<8x4xf32>'}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf16>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C2: a dim other than the axis differs from the cache's.
func.func @cache_write_c2_dim(%new: tensor<1x2x3xf32>, %p: tensor<1xi32>) -> tensor<8x2x4xf32> {
  %c = mir.state "k_cache" : tensor<8x2x4xf32>
  // expected-error @+1 {{'mir.cache_write' op update 1x2x3 must match the cache 8x2x4 in every dim but the axis 0, and not exceed it there}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x2x4xf32>, tensor<1x2x3xf32>, tensor<1xi32>) -> tensor<8x2x4xf32>
  return %k : tensor<8x2x4xf32>
}

// -----

// mir.cache_write C2: more rows along the axis than the cache holds.
func.func @cache_write_c2_larger(%new: tensor<1x9x4xf32>, %p: tensor<1xi32>) -> tensor<1x8x4xf32> {
  %c = mir.state "k_cache" : tensor<1x8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op update 1x9x4 must match the cache 1x8x4 in every dim but the axis 1, and not exceed it there}}
  %k = mir.cache_write %c, %new, %p axis = 1 : (tensor<1x8x4xf32>, tensor<1x9x4xf32>, tensor<1xi32>) -> tensor<1x8x4xf32>
  return %k : tensor<1x8x4xf32>
}

// -----

// mir.cache_write C3: a position of two elements.
func.func @cache_write_c3_two_elements(%new: tensor<1x4xf32>, %p: tensor<2xi32>) -> tensor<8x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op position must have one element, got 2}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<2xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C3: ODS rejects a float position.
func.func @cache_write_c3_float(%new: tensor<1x4xf32>, %p: tensor<1xf32>) -> tensor<8x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{operand #2 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<1xf32>'}}
  %k = mir.cache_write %c, %new, %p axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xf32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C4: an axis past the rank.
func.func @cache_write_c4_axis(%new: tensor<1x4xf32>, %p: tensor<1xi32>) -> tensor<8x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op axis 2 is outside the cache's rank 2}}
  %k = mir.cache_write %c, %new, %p axis = 2 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C4: a negative axis (no counting from the end).
func.func @cache_write_c4_negative_axis(%new: tensor<8x1xf32>, %p: tensor<1xi32>) -> tensor<8x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+1 {{'mir.cache_write' op axis -1 is outside the cache's rank 2}}
  %k = mir.cache_write %c, %new, %p axis = -1 : (tensor<8x4xf32>, tensor<8x1xf32>, tensor<1xi32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}

// -----

// mir.cache_write C5: the declared result is not the cache's type (the
// generic form, which declares it).
func.func @cache_write_c5(%new: tensor<1x4xf32>, %p: tensor<1xi32>) -> tensor<16x4xf32> {
  %c = mir.state "k_cache" : tensor<8x4xf32>
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'mir.cache_write' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<16x4xf32>'}}
  %k = "mir.cache_write"(%c, %new, %p) <{axis = 0 : i64}> : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<1xi32>) -> tensor<16x4xf32>
  return %k : tensor<16x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.unary
//===----------------------------------------------------------------------===//

// mir.unary C1: operand and result types differ (generic form).
func.func @unary_c1_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "mir.unary"(%x) <{kind = 3 : i32}> : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// mir.unary C2: a float-only kind on an integer tensor.
func.func @unary_c2_int_tensor(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'exp' needs a float operand, got 'tensor<4xi32>'}}
  %0 = mir.unary exp %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// mir.unary C2: a float-only kind on an integer scalar in an elementwise body.
func.func @unary_c2_int_scalar(%x: tensor<4xi8>) -> tensor<4xi8> {
  %0 = mir.elementwise %x : (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%e: i8):
    // expected-error @+1 {{'gelu' needs a float operand, got 'i8'}}
    %r = mir.unary gelu %e : i8
    mir.yield %r : i8
  }
  return %0 : tensor<4xi8>
}

// -----

// mir.unary: ODS rejects an i16 tensor.
func.func @unary_i16(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer values or 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer, but got 'tensor<4xi16>'}}
  %0 = mir.unary relu %x : tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// mir.unary: ODS rejects an i1 tensor (not numeric).
func.func @unary_i1(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{but got 'tensor<4xi1>'}}
  %0 = mir.unary neg %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// mir.unary: ODS rejects an unranked tensor.
func.func @unary_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{but got 'tensor<*xf32>'}}
  %0 = mir.unary relu %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// mir.unary: an unknown kind keyword is a parse error.
func.func @unary_unknown_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [gelu, gelu_tanh, silu, relu, sigmoid, tanh, exp, log, sqrt, rsqrt, neg, abs, sin, cos, tan, atan, round, erf, floor, ceil]}}
  %0 = mir.unary softplus %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.binary
//===----------------------------------------------------------------------===//

// mir.binary C1: the operands have different element types.
func.func @binary_c1_operands(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+2 {{operands must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary add %x, %y : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary C1: the result has another element type than the operands.
func.func @binary_c1_result(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<4xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary mul %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// mir.binary C2: a tensor operand with a scalar operand.
func.func @binary_c2_mixed(%x: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  // expected-error @+2 {{mixes tensors and scalars; all operands must be tensors, or all scalars}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary add %x, %s : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary C2: scalar operands with a tensor result.
func.func @binary_c2_scalar_operands_tensor_result(%a: f32, %b: f32) -> tensor<f32> {
  // expected-error @+2 {{inferred type(s) 'f32' are incompatible with return type(s) of operation 'tensor<f32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary add %a, %b : (f32, f32) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// mir.binary C2: tensor operands with a scalar result.
func.func @binary_c2_tensor_operands_scalar_result(%x: tensor<f32>, %y: tensor<f32>) -> f32 {
  // expected-error @+2 {{inferred type(s) 'tensor<f32>' are incompatible with return type(s) of operation 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary add %x, %y : (tensor<f32>, tensor<f32>) -> f32
  return %0 : f32
}

// -----

// mir.binary C2: the operand shapes do not broadcast.
func.func @binary_c2_no_broadcast(%x: tensor<2x4xf32>, %y: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{operand shapes do not broadcast: dims 4 and 3 at result dim 1 are neither equal nor 1 (shapes 2x4 and 3)}}
  %0 = mir.binary add %x, %y : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// mir.binary C2: the result shape is not the broadcast shape.
func.func @binary_c2_result_shape(%x: tensor<4x1xf32>, %y: tensor<8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary add %x, %y : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// mir.binary C2: the result rank is not the broadcast rank.
func.func @binary_c2_result_rank(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<1x4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<1x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary sub %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// mir.binary C2: a dynamic dim cannot stand for a static result dim other than the broadcast one.
func.func @binary_c2_dynamic(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.binary add %x, %y : (tensor<?xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// mir.binary C3: pow on integers.
func.func @binary_c3_pow_int(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'pow' needs float operands, got 'tensor<4xi32>'}}
  %0 = mir.binary pow %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// mir.binary C3: pow on integer scalars in an elementwise body.
func.func @binary_c3_pow_int_scalar(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = mir.elementwise %x : (tensor<4xi64>) -> tensor<4xi64> {
  ^bb0(%e: i64):
    // expected-error @+1 {{'pow' needs float operands, got 'i64'}}
    %r = mir.binary pow %e, %e : (i64, i64) -> i64
    mir.yield %r : i64
  }
  return %0 : tensor<4xi64>
}

// -----

// mir.binary (generic form): one operand instead of two.
func.func @binary_operand_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 operands, but found 1}}
  %0 = "mir.binary"(%x) <{kind = 0 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): the required kind attribute is missing.
func.func @binary_missing_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires attribute 'kind'}}
  %0 = "mir.binary"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): the kind attribute is a string (attribute dictionary).
func.func @binary_kind_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'kind' failed to satisfy constraint: elementwise binary function}}
  %0 = "mir.binary"(%x, %x) {kind = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): the kind attribute is a string (properties).
func.func @binary_kind_type_properties(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{invalid properties {kind = "add"} for op mir.binary: Invalid attribute `kind` in property conversion: "add"}}
  %0 = "mir.binary"(%x, %x) <{kind = "add"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): the kind attribute is out of the enum's range.
func.func @binary_kind_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'kind' failed to satisfy constraint: elementwise binary function}}
  %0 = "mir.binary"(%x, %x) {kind = 7 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): the kind attribute has the wrong integer width.
func.func @binary_kind_width(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'kind' failed to satisfy constraint: elementwise binary function}}
  %0 = "mir.binary"(%x, %x) {kind = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): two results.
func.func @binary_two_results(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires one result}}
  %0:2 = "mir.binary"(%x, %x) <{kind = 0 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

// mir.binary (generic form): no result.
func.func @binary_no_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires one result}}
  "mir.binary"(%x, %x) <{kind = 0 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

// mir.binary (generic form): an unexpected region.
func.func @binary_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires zero regions}}
  %0 = "mir.binary"(%x, %x) <{kind = 0 : i32}> ({
  ^bb0:
    "foo.term"() : () -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.compare
//===----------------------------------------------------------------------===//

// mir.compare C1: the operands have different element types.
func.func @compare_c1(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<4xi1> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{operands must have the same element type, got 'f32' and 'f16'}}
  %0 = mir.compare lt %x, %y : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// mir.compare C2: tensor operands with a scalar result.
func.func @compare_c2_mixed(%x: tensor<4xf32>, %y: tensor<4xf32>) -> i1 {
  // expected-error @+2 {{inferred type(s) 'tensor<4xi1>' are incompatible with return type(s) of operation 'i1'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.compare lt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> i1
  return %0 : i1
}

// -----

// mir.compare C2: the operand shapes do not broadcast.
func.func @compare_c2_no_broadcast(%x: tensor<4xi32>, %y: tensor<5xi32>) -> tensor<4xi1> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{operand shapes do not broadcast: dims 4 and 5 at result dim 0}}
  %0 = mir.compare eq %x, %y : (tensor<4xi32>, tensor<5xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// mir.compare C2: the result shape is not the broadcast shape.
func.func @compare_c2_result_shape(%x: tensor<2x1xf32>, %y: tensor<3xf32>) -> tensor<2x1xi1> {
  // expected-error @+2 {{inferred type(s) 'tensor<2x3xi1>' are incompatible with return type(s) of operation 'tensor<2x1xi1>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.compare ge %x, %y : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x1xi1>
  return %0 : tensor<2x1xi1>
}

// -----

// mir.compare: ODS rejects a non-i1 result.
func.func @compare_result_dtype(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result #0 must be ranked tensor of 1-bit signless integer values or 1-bit signless integer, but got 'tensor<4xf32>'}}
  %0 = mir.compare lt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.compare: ODS rejects i1 operands (not numeric).
func.func @compare_i1_operands(%x: tensor<4xi1>, %y: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = mir.compare eq %x, %y : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// mir.select
//===----------------------------------------------------------------------===//

// mir.select C1: the two choices have different element types.
func.func @select_c1_choices(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+2 {{choices must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.select %c, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.select C1: the result has another element type than the choices.
func.func @select_c1_result(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xbf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.select %c, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// mir.select C2: a scalar condition with tensor choices.
func.func @select_c2_mixed(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{mixes tensors and scalars}}
  %0 = mir.select %c, %a, %b : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.select C2: the condition does not broadcast with the choices.
func.func @select_c2_condition(%c: tensor<3xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{operand shapes do not broadcast: dims 3 and 4 at result dim 0}}
  %0 = mir.select %c, %a, %b : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.select C2: the result shape is not the broadcast of all three operands.
func.func @select_c2_result_shape(%c: tensor<2x1xi1>, %a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<2x4xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.select %c, %a, %b : (tensor<2x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.select: ODS rejects a non-i1 condition.
func.func @select_condition_dtype(%c: tensor<4xi8>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 1-bit signless integer values or 1-bit signless integer, but got 'tensor<4xi8>'}}
  %0 = mir.select %c, %a, %a : (tensor<4xi8>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.cast
//===----------------------------------------------------------------------===//

// mir.cast C1: a tensor cast to a scalar.
func.func @cast_c1_tensor_to_scalar(%x: tensor<f32>) -> f16 {
  // expected-error @+1 {{operand and result must both be tensors or both scalars}}
  %0 = mir.cast %x : tensor<f32> to f16
  return %0 : f16
}

// -----

// mir.cast C1: a scalar cast to a tensor.
func.func @cast_c1_scalar_to_tensor(%x: f32) -> tensor<f16> {
  // expected-error @+1 {{operand and result must both be tensors or both scalars}}
  %0 = mir.cast %x : f32 to tensor<f16>
  return %0 : tensor<f16>
}

// -----

// mir.cast C1: the shapes differ.
func.func @cast_c1_shape(%x: tensor<4xf32>) -> tensor<8xf16> {
  // expected-error @+1 {{result shape 8 differs from operand shape 4}}
  %0 = mir.cast %x : tensor<4xf32> to tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

// mir.cast C1: the ranks differ.
func.func @cast_c1_rank(%x: tensor<4xf32>) -> tensor<1x4xi32> {
  // expected-error @+1 {{result shape 1x4 differs from operand shape 4}}
  %0 = mir.cast %x : tensor<4xf32> to tensor<1x4xi32>
  return %0 : tensor<1x4xi32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.matmul
//===----------------------------------------------------------------------===//

// mir.matmul C1: the operands have different element types.
func.func @matmul_c1_operands(%a: tensor<4x8xf32>, %b: tensor<8x5xf16>) -> tensor<4x5xf32> {
  // expected-error @+2 {{operands must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf16>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.matmul C1: the result has another element type.
func.func @matmul_c1_result(%a: tensor<4x8xi8>, %b: tensor<8x5xi8>) -> tensor<4x5xi32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x5xi8>' are incompatible with return type(s) of operation 'tensor<4x5xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.matmul %a, %b : (tensor<4x8xi8>, tensor<8x5xi8>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// -----

// mir.matmul C2: an operand of rank 1.
func.func @matmul_c2_rank(%a: tensor<8xf32>, %b: tensor<8x5xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{operands must have rank >= 2, got ranks 1 and 2}}
  %0 = mir.matmul %a, %b : (tensor<8xf32>, tensor<8x5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// mir.matmul C2: the contraction dims differ.
func.func @matmul_c2_k(%a: tensor<4x8xf32>, %b: tensor<7x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{contraction dims differ: lhs has K = 8, rhs has K = 7}}
  %0 = mir.matmul %a, %b : (tensor<4x8xf32>, tensor<7x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.matmul C3: the batch dims do not broadcast.
func.func @matmul_c3_batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x4x5xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{batch dims do not broadcast: dims 2 and 3 at result dim 0 are neither equal nor 1 (shapes 2 and 3)}}
  %0 = mir.matmul %a, %b : (tensor<2x4x8xf32>, tensor<3x8x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// mir.matmul C4: the result shape is not [batch..., M, N].
func.func @matmul_c4_result(%a: tensor<2x4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<2x4x5xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.matmul %a, %b : (tensor<2x4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.matmul: ODS rejects i1 operands.
func.func @matmul_i1(%a: tensor<4x8xi1>, %b: tensor<8x5xi1>) -> tensor<4x5xi1> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4x8xi1>'}}
  %0 = mir.matmul %a, %b : (tensor<4x8xi1>, tensor<8x5xi1>) -> tensor<4x5xi1>
  return %0 : tensor<4x5xi1>
}

// -----

//===----------------------------------------------------------------------===//
// mir.reduce
//===----------------------------------------------------------------------===//

// mir.reduce C1: no axes.
func.func @reduce_c1_empty(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axes must not be empty}}
  %0 = mir.reduce sum %x axes = [] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.reduce C1: an axis >= rank.
func.func @reduce_c1_axis_high(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = mir.reduce sum %x axes = [2] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.reduce C1: an axis < -rank.
func.func @reduce_c1_axis_low(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axis -3 is out of range for rank 2}}
  %0 = mir.reduce sum %x axes = [-3] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.reduce C1: the same axis twice, once negative.
func.func @reduce_c1_duplicate(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axis -1 appears more than once}}
  %0 = mir.reduce max %x axes = [1, -1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.reduce C2: without keep_dim the reduced dim must be removed.
func.func @reduce_c2_removed(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.reduce sum %x axes = [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// mir.reduce C2: with keep_dim the reduced dim must be 1.
func.func @reduce_c2_keep_dim(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x1xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.reduce sum %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.reduce C2: a kept dim has the wrong size.
func.func @reduce_c2_kept_size(%x: tensor<4x8xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.reduce min %x axes = [1] : tensor<4x8xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// mir.reduce C3: the result has another element type.
func.func @reduce_c3(%x: tensor<4x8xi32>) -> tensor<4xi64> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<4xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.reduce sum %x axes = [1] : tensor<4x8xi32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// mir.reduce C4: mean on integers.
func.func @reduce_c4_mean_int(%x: tensor<4x8xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'mean' needs a float operand, got 'tensor<4x8xi32>'}}
  %0 = mir.reduce mean %x axes = [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// mir.reduce (generic form): axes as an array attribute instead of a dense i64 array.
func.func @reduce_axes_type(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'axes' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "mir.reduce"(%x) {kind = 0 : i32, axes = [1]} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.reduce (generic form): the required axes attribute is missing.
func.func @reduce_missing_axes(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires attribute 'axes'}}
  %0 = "mir.reduce"(%x) <{kind = 0 : i32}> : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.softmax
//===----------------------------------------------------------------------===//

// mir.softmax C1: operand and result types differ (generic form).
func.func @softmax_c1(%x: tensor<4x8xf32>) -> tensor<4x8xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "mir.softmax"(%x) <{axis = 1 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// mir.softmax C2: axis >= rank.
func.func @softmax_c2_high(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = mir.softmax %x axis = 2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.softmax C2: axis < -rank.
func.func @softmax_c2_low(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{axis -3 is out of range for rank 2}}
  %0 = mir.softmax %x axis = -3 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.softmax C2: the default axis -1 on a rank-0 tensor.
func.func @softmax_c2_rank0(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{axis -1 is out of range for rank 0}}
  %0 = "mir.softmax"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// mir.softmax: ODS rejects an integer tensor.
func.func @softmax_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xi32>'}}
  %0 = mir.softmax %x axis = 0 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// mir.softmax (generic form): a float axis attribute.
func.func @softmax_axis_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "mir.softmax"(%x) {axis = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.layer_norm
//===----------------------------------------------------------------------===//

// mir.layer_norm C1: input and result types differ.
func.func @layer_norm_c1(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// mir.layer_norm C2: gamma has rank 2.
func.func @layer_norm_c2_gamma_rank(%x: tensor<4x8xf32>, %g: tensor<1x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{gamma must have shape 8 (the last input dim), got 1x8}}
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C2: gamma has the wrong size.
func.func @layer_norm_c2_gamma_size(%x: tensor<4x8xf32>, %g: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{gamma must have shape 8 (the last input dim), got 4}}
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C2: gamma has another element type.
func.func @layer_norm_c2_gamma_dtype(%x: tensor<4x8xf32>, %g: tensor<8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{gamma must have the input's element type 'f32', got 'f16'}}
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C2: beta has the wrong size.
func.func @layer_norm_c2_beta_size(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<3xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{beta must have shape 8 (the last input dim), got 3}}
  %0 = mir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<3xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C2: beta has another element type.
func.func @layer_norm_c2_beta_dtype(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xbf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{beta must have the input's element type 'f32', got 'bf16'}}
  %0 = mir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xbf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C2: a rank-0 input has no last dim.
func.func @layer_norm_c2_rank0(%x: tensor<f32>, %g: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{input must have rank >= 1}}
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// mir.layer_norm C3: eps is zero.
func.func @layer_norm_c3_zero(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{eps must be positive, got 0}}
  %0 = mir.layer_norm %x, %g eps = 0.0 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C3: eps is negative.
func.func @layer_norm_c3_negative(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{eps must be positive, got -5.000000e-01}}
  %0 = mir.layer_norm %x, %g eps = -0.5 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm C3: eps is NaN.
func.func @layer_norm_c3_nan(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{eps must be positive, got nan}}
  %0 = mir.layer_norm %x, %g eps = 0x7FC00000 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm (generic form): the required eps attribute is missing.
func.func @layer_norm_missing_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{requires attribute 'eps'}}
  %0 = "mir.layer_norm"(%x, %g) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.layer_norm: ODS rejects an integer input.
func.func @layer_norm_int(%x: tensor<4x8xi32>, %g: tensor<8xi32>) -> tensor<4x8xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4x8xi32>'}}
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xi32>, tensor<8xi32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.rms_norm
//===----------------------------------------------------------------------===//

// mir.rms_norm C1: input and result types differ.
func.func @rms_norm_c1(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// mir.rms_norm C2: gamma has the wrong size.
func.func @rms_norm_c2_size(%x: tensor<4x8xf32>, %g: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{gamma must have shape 8 (the last input dim), got 4}}
  %0 = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.rms_norm C2: gamma has another element type.
func.func @rms_norm_c2_dtype(%x: tensor<4x8xf16>, %g: tensor<8xf32>) -> tensor<4x8xf16> {
  // expected-error @+1 {{gamma must have the input's element type 'f16', got 'f32'}}
  %0 = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf16>, tensor<8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// mir.rms_norm C2: a rank-0 input has no last dim.
func.func @rms_norm_c2_rank0(%x: tensor<f32>, %g: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{input must have rank >= 1}}
  %0 = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// mir.rms_norm C3: eps is not positive.
func.func @rms_norm_c3(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{eps must be positive, got -1}}
  %0 = mir.rms_norm %x, %g eps = -1.0 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.cumsum
//===----------------------------------------------------------------------===//

// mir.cumsum C1: operand and result types differ (generic form).
func.func @cumsum_c1(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+2 {{inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<4xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "mir.cumsum"(%x) <{axis = 0 : i64}> : (tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// mir.cumsum C2: axis out of range.
func.func @cumsum_c2(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{axis 5 is out of range for rank 2}}
  %0 = mir.cumsum %x axis = 5 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.cumsum (generic form): the required axis attribute is missing.
func.func @cumsum_missing_axis(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires attribute 'axis'}}
  %0 = "mir.cumsum"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.transpose
//===----------------------------------------------------------------------===//

// mir.transpose C1: the permutation has the wrong length.
func.func @transpose_c1_length(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{permutation has 1 entries but the input has rank 2}}
  %0 = mir.transpose %x permutation = [0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.transpose C1: a repeated entry.
func.func @transpose_c1_repeated(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{permutation is not a permutation of [0, rank)}}
  %0 = mir.transpose %x permutation = [0, 0] : tensor<4x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// mir.transpose C1: an entry >= rank.
func.func @transpose_c1_high(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{permutation is not a permutation of [0, rank)}}
  %0 = mir.transpose %x permutation = [2, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// mir.transpose C1: a negative entry.
func.func @transpose_c1_negative(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{permutation is not a permutation of [0, rank)}}
  %0 = mir.transpose %x permutation = [-1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// mir.transpose C2: the result is not the permuted shape.
func.func @transpose_c2_shape(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.transpose C2: the result has another element type.
func.func @transpose_c2_dtype(%x: tensor<4x8xf32>) -> tensor<8x4xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<8x4xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf16>
  return %0 : tensor<8x4xf16>
}

// -----

//===----------------------------------------------------------------------===//
// mir.reshape
//===----------------------------------------------------------------------===//

// mir.reshape C1: the result has another element type.
func.func @reshape_c1(%x: tensor<4x8xf32>) -> tensor<32xi32> {
  // expected-error @+1 {{operand and result must have the same element type, got 'f32' and 'i32'}}
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<32xi32>
  return %0 : tensor<32xi32>
}

// -----

// mir.reshape C2: the element count changes.
func.func @reshape_c2(%x: tensor<4x8xf32>) -> tensor<30xf32> {
  // expected-error @+1 {{element count changes from 32 to 30}}
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<30xf32>
  return %0 : tensor<30xf32>
}

// -----

// mir.reshape C2: to rank 0 from more than one element.
func.func @reshape_c2_rank0(%x: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{element count changes from 2 to 1}}
  %0 = mir.reshape %x : tensor<2xf32> to tensor<f32>
  return %0 : tensor<f32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.slice
//===----------------------------------------------------------------------===//

// mir.slice C1: offsets has the wrong length.
func.func @slice_c1_offsets(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{offsets, sizes and strides must each have 2 entries (the input rank)}}
  %0 = mir.slice %x offsets = [0] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mir.slice C1: sizes has the wrong length.
func.func @slice_c1_sizes(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{offsets, sizes and strides must each have 2 entries (the input rank)}}
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3, 1] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mir.slice C1: strides has the wrong length.
func.func @slice_c1_strides(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{offsets, sizes and strides must each have 2 entries (the input rank)}}
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [] : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mir.slice C2: a negative offset.
func.func @slice_c2_offset(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 0: offset -1, size 2, stride 1 (need offset >= 0, size >= 0, stride >= 1)}}
  %0 = mir.slice %x offsets = [-1, 0] sizes = [2, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// mir.slice C2: a negative size (the result dim is left dynamic).
func.func @slice_c2_size(%x: tensor<4x8xf32>) -> tensor<4x?xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 1: offset 0, size -2, stride 1 (need offset >= 0, size >= 0, stride >= 1)}}
  %0 = mir.slice %x offsets = [0, 0] sizes = [4, -2] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// mir.slice C2: a zero stride.
func.func @slice_c2_stride(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 1: offset 0, size 2, stride 0 (need offset >= 0, size >= 0, stride >= 1)}}
  %0 = mir.slice %x offsets = [0, 0] sizes = [4, 2] strides = [1, 0] : tensor<4x8xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// mir.slice C3: window outside the input dim.
func.func @slice_c3_window(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 1: window [6, 8] is outside the input dim of size 8}}
  %0 = mir.slice %x offsets = [0, 6] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mir.slice C3: a strided window outside the input dim.
func.func @slice_c3_strided(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 0: window [1, 4] is outside the input dim of size 4}}
  %0 = mir.slice %x offsets = [1, 0] sizes = [2, 8] strides = [3, 1] : tensor<4x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// mir.slice C3: a window whose end overflows int64 (offset + (size - 1) * stride).
func.func @slice_c3_offset_overflow(%x: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 0: the window end offset + (size - 1) * stride overflows int64 and is outside the input dim of size 8}}
  %0 = mir.slice %x offsets = [9223372036854775807] sizes = [2] strides = [1] : tensor<8xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// mir.slice C3: a window whose stride overflows int64.
func.func @slice_c3_stride_overflow(%x: tensor<8xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dim 0: the window end offset + (size - 1) * stride overflows int64}}
  %0 = mir.slice %x offsets = [0] sizes = [3] strides = [4611686018427387904] : tensor<8xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// mir.slice C4: the result shape is not `sizes`.
func.func @slice_c4_shape(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// mir.slice C4: the result has another element type.
func.func @slice_c4_dtype(%x: tensor<4x8xf32>) -> tensor<4x3xf64> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}

// -----

//===----------------------------------------------------------------------===//
// mir.concat
//===----------------------------------------------------------------------===//

// mir.concat C1: no inputs (generic form).
func.func @concat_c1() -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{needs at least one input}}
  %0 = "mir.concat"() <{axis = 0 : i64}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.concat C2: an input of another rank.
func.func @concat_c2_rank(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x16xf32> {
  // expected-error @+2 {{input 1 ('tensor<8xf32>') must have the rank and element type of input 0 ('tensor<4x8xf32>')}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.concat %a, %b axis = 1 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// mir.concat C2: an input of another element type.
func.func @concat_c2_dtype(%a: tensor<4x8xf32>, %b: tensor<4x8xf16>) -> tensor<4x16xf32> {
  // expected-error @+2 {{input 1 ('tensor<4x8xf16>') must have the rank and element type of input 0 ('tensor<4x8xf32>')}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.concat %a, %b axis = 1 : (tensor<4x8xf32>, tensor<4x8xf16>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// mir.concat C3: axis out of range.
func.func @concat_c3(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x16xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = mir.concat %a, %b axis = 2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// mir.concat C4: a non-axis dim disagrees.
func.func @concat_c4_other_dim(%a: tensor<4x8xf32>, %b: tensor<3x8xf32>) -> tensor<4x16xf32> {
  // expected-error @+2 {{input 1 dim 0 is 3 but an earlier input's is 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.concat %a, %b axis = 1 : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// mir.concat C4: the result's axis dim is not the sum.
func.func @concat_c4_sum(%a: tensor<4x8xf32>, %b: tensor<4x2xf32>) -> tensor<4x9xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x10xf32>' are incompatible with return type(s) of operation 'tensor<4x9xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.concat %a, %b axis = -1 : (tensor<4x8xf32>, tensor<4x2xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

// mir.concat C4: the axis dims add up to more than int64 holds.
func.func @concat_c4_overflow(%a: tensor<4611686018427387904xi8>) -> tensor<1xi8> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{the inputs' dim 0 sizes add up to more than int64 can hold}}
  %0 = mir.concat %a, %a axis = 0 : (tensor<4611686018427387904xi8>, tensor<4611686018427387904xi8>) -> tensor<1xi8>
  return %0 : tensor<1xi8>
}

// -----

//===----------------------------------------------------------------------===//
// mir.broadcast
//===----------------------------------------------------------------------===//

// mir.broadcast C1: the result has another element type.
func.func @broadcast_c1(%x: tensor<8xf32>) -> tensor<4x8xf16> {
  // expected-error @+1 {{operand and result must have the same element type, got 'f32' and 'f16'}}
  %0 = mir.broadcast %x : tensor<8xf32> to tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// mir.broadcast C2: a dim that is neither equal nor 1.
func.func @broadcast_c2_dim(%x: tensor<3xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{operand shape 3 does not broadcast to 4x8}}
  %0 = mir.broadcast %x : tensor<3xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// mir.broadcast C2: the operand has a higher rank than the result.
func.func @broadcast_c2_rank(%x: tensor<1x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{operand shape 1x8 does not broadcast to 8}}
  %0 = mir.broadcast %x : tensor<1x8xf32> to tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.gather
//===----------------------------------------------------------------------===//

// mir.gather C1: axis out of range of the table.
func.func @gather_c1(%t: tensor<100x16xf32>, %i: tensor<4xi32>) -> tensor<100x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = mir.gather %t[%i] axis = 2 : (tensor<100x16xf32>, tensor<4xi32>) -> tensor<100x4xf32>
  return %0 : tensor<100x4xf32>
}

// -----

// mir.gather C2: the result shape is not table[:axis] ++ indices ++ table[axis+1:].
func.func @gather_c2_shape(%t: tensor<100x16xf32>, %i: tensor<4x7xi32>) -> tensor<4x16xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x7x16xf32>' are incompatible with return type(s) of operation 'tensor<4x16xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.gather %t[%i] axis = 0 : (tensor<100x16xf32>, tensor<4x7xi32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// mir.gather C2: the result has another element type than the table.
func.func @gather_c2_dtype(%t: tensor<100x16xf32>, %i: tensor<4xi64>) -> tensor<4x16xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x16xf32>' are incompatible with return type(s) of operation 'tensor<4x16xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.gather %t[%i] axis = 0 : (tensor<100x16xf32>, tensor<4xi64>) -> tensor<4x16xf16>
  return %0 : tensor<4x16xf16>
}

// -----

// mir.gather: ODS rejects i8 indices.
func.func @gather_index_dtype(%t: tensor<100x16xf32>, %i: tensor<4xi8>) -> tensor<4x16xf32> {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = mir.gather %t[%i] axis = 0 : (tensor<100x16xf32>, tensor<4xi8>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.conv2d
//===----------------------------------------------------------------------===//

// mir.conv2d C1: the input does not have rank 4.
func.func @conv2d_c1_input(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{input and filter must have rank 4 (NCHW, OIHW)}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C1: the filter does not have rank 4.
func.func @conv2d_c1_filter(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{input and filter must have rank 4 (NCHW, OIHW)}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: strides with one entry.
func.func @conv2d_c2_strides_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{strides must have 2 entries >= 1}}
  %0 = mir.conv2d %x, %w strides = [1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: a zero stride.
func.func @conv2d_c2_strides_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{strides must have 2 entries >= 1}}
  %0 = mir.conv2d %x, %w strides = [1, 0] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: a zero dilation.
func.func @conv2d_c2_dilations(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dilations must have 2 entries >= 1}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [0, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: padding with two entries.
func.func @conv2d_c2_padding_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{padding must have 4 entries >= 0 [top, left, bottom, right]}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: a negative padding.
func.func @conv2d_c2_padding_negative(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{padding must have 4 entries >= 0 [top, left, bottom, right]}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, -1, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: zero groups.
func.func @conv2d_c2_groups_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{groups must be >= 1}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 0 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C2: negative groups, with dynamic channels (was accepted, and crashed with SIGFPE on a dynamic filter).
func.func @conv2d_c2_groups_negative(%x: tensor<1x?x8x8xf32>, %w: tensor<?x3x3x3xf32>) -> tensor<1x?x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{groups must be >= 1}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = -1 : (tensor<1x?x8x8xf32>, tensor<?x3x3x3xf32>) -> tensor<1x?x6x6xf32>
  return %0 : tensor<1x?x6x6xf32>
}

// -----

// mir.conv2d C3: groups does not divide the input channels.
func.func @conv2d_c3_input_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{filter dim 1 must be input channels / groups = 3 / 2}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : (tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C3: filter dim 1 is not input channels / groups.
func.func @conv2d_c3_filter_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{filter dim 1 must be input channels / groups = 4 / 2}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C3: groups does not divide the filter's output channels.
func.func @conv2d_c3_output_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{groups (2) must divide the filter's output channels (3)}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32>
  return %0 : tensor<1x3x6x6xf32>
}

// -----

// mir.conv2d C4: the bias has the wrong size.
func.func @conv2d_c4_size(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{bias must have shape 4, got 3}}
  %0 = mir.conv2d %x, %w, %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C4: the bias has rank 2.
func.func @conv2d_c4_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<1x4xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{bias must have shape 4, got 1x4}}
  %0 = mir.conv2d %x, %w, %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C5: the result shape is not [N, O, Ho, Wo].
func.func @conv2d_c5_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4x6x6xf32>' are incompatible with return type(s) of operation 'tensor<1x4x8x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// mir.conv2d C5: strides, padding and dilation enter Ho and Wo.
func.func @conv2d_c5_strided(%x: tensor<1x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4x3x5xf32>' are incompatible with return type(s) of operation 'tensor<1x4x4x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.conv2d %x, %w strides = [2, 2] padding = [0, 1, 0, 1] dilations = [2, 1] groups = 1 : (tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.conv2d C5: the dilated filter is larger than the padded input (Ho < 1).
func.func @conv2d_c5_too_small(%x: tensor<1x3x4x4xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{the dilated filter is larger than the padded input}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] groups = 1 : (tensor<1x3x4x4xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}

// -----

// mir.conv2d C5: a dilation whose window size overflows int64 (was accepted).
func.func @conv2d_c5_dilation_overflow(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x5x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{the padded input or the dilated filter size overflows int64}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [4611686018427387908, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x6xf32>
  return %0 : tensor<1x4x5x6xf32>
}

// -----

// mir.conv2d C5: a padding whose padded input overflows int64.
func.func @conv2d_c5_padding_overflow(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{the padded input or the dilated filter size overflows int64}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 9223372036854775807, 0, 1] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C6: the filter has another element type.
func.func @conv2d_c6_filter(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{operands must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.conv2d C6: the bias has another element type.
func.func @conv2d_c6_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xbf16>) -> tensor<1x4x6x6xf32> {
  // expected-error @+2 {{operands must have the same element type, got 'f32' and 'bf16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.conv2d %x, %w, %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xbf16>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.pool
//===----------------------------------------------------------------------===//

// mir.pool C1: the input does not have rank 4.
func.func @pool_c1(%x: tensor<4x8x8xf32>) -> tensor<4x4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{input must have rank 4 (NCHW)}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<4x8x8xf32> -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}

// -----

// mir.pool C2: kernel with three entries.
func.func @pool_c2_kernel_count(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{kernel must have 2 entries >= 1}}
  %0 = mir.pool max %x kernel = [2, 2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.pool C2: a zero kernel entry.
func.func @pool_c2_kernel_zero(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{kernel must have 2 entries >= 1}}
  %0 = mir.pool avg %x kernel = [0, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.pool C2: a negative stride.
func.func @pool_c2_strides(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{strides must have 2 entries >= 1}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, -2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.pool C2: padding with the wrong count.
func.func @pool_c2_padding(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{padding must have 4 entries >= 0 [top, left, bottom, right]}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.pool C3: the result shape is not [N, C, Ho, Wo].
func.func @pool_c3_shape(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x4x3x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

// mir.pool C3: the kernel is larger than the padded input (Ho < 1).
func.func @pool_c3_too_small(%x: tensor<1x4x2x2xf32>) -> tensor<1x4x1x1xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{the kernel is larger than the padded input}}
  %0 = mir.pool max %x kernel = [3, 3] strides = [1, 1] padding = [0, 0, 0, 0] : tensor<1x4x2x2xf32> -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}

// -----

// mir.pool C3: a padding whose padded input overflows int64.
func.func @pool_c3_padding_overflow(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @+2 {{the padded input or the kernel size overflows int64 in dim 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [9223372036854775807, 9223372036854775807] padding = [9223372036854775807, 9223372036854775807, 9223372036854775807, 9223372036854775807] : tensor<1x4x8x8xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

// mir.pool C2: a dilation below 1.
func.func @pool_c2_dilations(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{dilations must have 2 entries >= 1}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] dilations = [1, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.pool C3: with ceil_mode the size rounds up (8 - 3 = 5 over stride 2:
// 4 windows, not 3).
func.func @pool_c3_ceil(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x4x3x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.pool max %x kernel = [3, 3] strides = [2, 2] padding = [0, 0, 0, 0] ceil_mode : tensor<1x4x8x8xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

// mir.pool C3: a ceil_mode window that would start past the input and the
// leading padding is dropped (5 - 1 = 4 over stride 4: 2 windows rounded,
// but the second would start at 4, not below 4).
func.func @pool_c3_ceil_drop(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4x1x1xf32>' are incompatible with return type(s) of operation 'tensor<1x4x2x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [4, 4] padding = [0, 0, 1, 1] ceil_mode : tensor<1x4x4x4xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

// mir.pool C4: count_include_pad on max pooling.
func.func @pool_c4(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{count_include_pad applies to avg pooling only}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] count_include_pad : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// mir.pool C3: the result has another element type.
func.func @pool_c3_dtype(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x4x4x4xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.pool avg %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf16>
  return %0 : tensor<1x4x4x4xf16>
}

// -----

// mir.pool: ODS rejects an integer input.
func.func @pool_int(%x: tensor<1x4x8x8xi32>) -> tensor<1x4x4x4xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<1x4x8x8xi32>'}}
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xi32> -> tensor<1x4x4x4xi32>
  return %0 : tensor<1x4x4x4xi32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.topk
//===----------------------------------------------------------------------===//

// mir.topk C1: axis out of range.
func.func @topk_c1(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi64>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %v, %i = mir.topk %x k = 2 axis = 2 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
  return %v, %i : tensor<4x2xf32>, tensor<4x2xi64>
}

// -----

// mir.topk C2: k = 0.
func.func @topk_c2_zero(%x: tensor<4x8xf32>) -> (tensor<4x0xf32>, tensor<4x0xi64>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{k = 0 must be in [1, 8] (the axis dim)}}
  %v, %i = mir.topk %x k = 0 axis = -1 : tensor<4x8xf32> -> tensor<4x0xf32>, tensor<4x0xi64>
  return %v, %i : tensor<4x0xf32>, tensor<4x0xi64>
}

// -----

// mir.topk C2: k larger than the axis dim.
func.func @topk_c2_large(%x: tensor<4x8xf32>) -> (tensor<4x9xf32>, tensor<4x9xi64>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{k = 9 must be in [1, 8] (the axis dim)}}
  %v, %i = mir.topk %x k = 9 axis = 1 : tensor<4x8xf32> -> tensor<4x9xf32>, tensor<4x9xi64>
  return %v, %i : tensor<4x9xf32>, tensor<4x9xi64>
}

// -----

// mir.topk C2: a negative k on a dynamic axis dim (was accepted).
func.func @topk_c2_negative(%x: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x?xi64>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{k = -1 must be in [1, ?] (the axis dim)}}
  %v, %i = mir.topk %x k = -1 axis = 1 : tensor<4x?xf32> -> tensor<4x?xf32>, tensor<4x?xi64>
  return %v, %i : tensor<4x?xf32>, tensor<4x?xi64>
}

// -----

// mir.topk C3: the values shape is wrong.
func.func @topk_c3_values(%x: tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x2xi64>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4x2xf32>', 'tensor<4x2xi64>' are incompatible with return type(s) of operation 'tensor<4x3xf32>', 'tensor<4x2xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = mir.topk %x k = 2 axis = 1 : tensor<4x8xf32> -> tensor<4x3xf32>, tensor<4x2xi64>
  return %v, %i : tensor<4x3xf32>, tensor<4x2xi64>
}

// -----

// mir.topk C3: the indices shape is wrong.
func.func @topk_c3_indices(%x: tensor<4x8xf32>) -> (tensor<2x8xf32>, tensor<4x2xi32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<2x8xf32>', 'tensor<2x8xi64>' are incompatible with return type(s) of operation 'tensor<2x8xf32>', 'tensor<4x2xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = mir.topk %x k = 2 axis = 0 : tensor<4x8xf32> -> tensor<2x8xf32>, tensor<4x2xi32>
  return %v, %i : tensor<2x8xf32>, tensor<4x2xi32>
}

// -----

// mir.topk C3: the values have another element type.
func.func @topk_c3_dtype(%x: tensor<4x8xf32>) -> (tensor<4x2xf16>, tensor<4x2xi64>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4x2xf32>', 'tensor<4x2xi64>' are incompatible with return type(s) of operation 'tensor<4x2xf16>', 'tensor<4x2xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = mir.topk %x k = 2 axis = 1 : tensor<4x8xf32> -> tensor<4x2xf16>, tensor<4x2xi64>
  return %v, %i : tensor<4x2xf16>, tensor<4x2xi64>
}

// -----

// mir.topk: ODS rejects float indices.
func.func @topk_index_dtype(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  // expected-error @+1 {{result #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4x2xf32>'}}
  %v, %i = mir.topk %x k = 2 axis = 1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xf32>
  return %v, %i : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.causal_mask
//===----------------------------------------------------------------------===//

// mir.causal_mask C1: rank-1 scores have no [S, T].
func.func @causal_mask_c1(%s: tensor<4xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{scores must have rank >= 2, got rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %m = mir.causal_mask causal %s : tensor<4xf32> -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// mir.causal_mask C2: a mask kind that is not causal.
func.func @causal_mask_c2(%s: tensor<1x2x4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'mir.causal_mask' op kind must be 'causal' or 'sliding_window', got 'custom'}}
  %m = mir.causal_mask custom %s : tensor<1x2x4x4xf32> -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// mir.causal_mask C3: sliding_window without a window.
func.func @causal_mask_c3_missing(%s: tensor<1x2x4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'mir.causal_mask' op window must be given exactly for 'sliding_window' masks}}
  %m = mir.causal_mask sliding_window %s : tensor<1x2x4x4xf32> -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// mir.causal_mask C3: a window on a causal mask.
func.func @causal_mask_c3_extra(%s: tensor<1x2x4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'mir.causal_mask' op window must be given exactly for 'sliding_window' masks}}
  %m = mir.causal_mask causal %s window = 2 : tensor<1x2x4x4xf32> -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// mir.causal_mask C3: a window of 0.
func.func @causal_mask_c3_zero(%s: tensor<1x2x4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'mir.causal_mask' op window must be >= 1}}
  %m = mir.causal_mask sliding_window %s window = 0 : tensor<1x2x4x4xf32> -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// mir.causal_mask C4: the result is not [S, T].
func.func @causal_mask_c4_shape(%s: tensor<1x2x2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %m = mir.causal_mask causal %s : tensor<1x2x2x3xf32> -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

// -----

// mir.causal_mask C4: the result has another element type.
func.func @causal_mask_c4_dtype(%s: tensor<2x3xf32>) -> tensor<2x3xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %m = mir.causal_mask causal %s : tensor<2x3xf32> -> tensor<2x3xf16>
  return %m : tensor<2x3xf16>
}

// -----

// mir.causal_mask C5: 16384 x 16384 is past the constant-size limit.
func.func @causal_mask_c5(%s: tensor<1x1x16384x16384xf16>) -> tensor<16384x16384xf16> {
  // expected-error @+1 {{'mir.causal_mask' op a causal mask of 16384x16384 elements exceeds the limit of 67108864 constant elements}}
  %m = mir.causal_mask causal %s : tensor<1x1x16384x16384xf16> -> tensor<16384x16384xf16>
  return %m : tensor<16384x16384xf16>
}

// -----

// mir.causal_mask: ODS rejects integer scores.
func.func @causal_mask_int(%s: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %m = mir.causal_mask causal %s : tensor<2x3xi32> -> tensor<2x3xi32>
  return %m : tensor<2x3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.fused_matmul
//===----------------------------------------------------------------------===//

// mir.fused_matmul C1: the operands have different element types.
func.func @fused_matmul_c1(%a: tensor<4x8xf32>, %b: tensor<8x5xf16>) -> tensor<4x5xf32> {
  // expected-error @+2 {{operands must have the same element type, got 'f32' and 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.fused_matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf16>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.fused_matmul C2: an operand of rank 1.
func.func @fused_matmul_c2_rank(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{operands must have rank >= 2, got ranks 2 and 1}}
  %0 = mir.fused_matmul %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.fused_matmul C2: the contraction dims differ.
func.func @fused_matmul_c2_k(%a: tensor<4x8xf32>, %b: tensor<6x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{contraction dims differ: lhs has K = 8, rhs has K = 6}}
  %0 = mir.fused_matmul %a, %b act = relu : (tensor<4x8xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.fused_matmul C3: the batch dims do not broadcast.
func.func @fused_matmul_c3(%a: tensor<2x4x8xf32>, %b: tensor<5x8x5xf32>) -> tensor<2x4x5xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{batch dims do not broadcast}}
  %0 = mir.fused_matmul %a, %b : (tensor<2x4x8xf32>, tensor<5x8x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// mir.fused_matmul C4: the result shape is not [batch..., M, N].
func.func @fused_matmul_c4(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<5x4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x5xf32>' are incompatible with return type(s) of operation 'tensor<5x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.fused_matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// mir.fused_matmul C5: the bias has another element type.
func.func @fused_matmul_c5_dtype(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<5xf16>) -> tensor<4x5xf32> {
  // expected-error @+1 {{bias must have the result's element type}}
  %0 = mir.fused_matmul %a, %b, %c act = gelu : (tensor<4x8xf32>, tensor<8x5xf32>, tensor<5xf16>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.fused_matmul C5: the bias does not broadcast to the result.
func.func @fused_matmul_c5_shape(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{bias shape 4 does not broadcast to 4x5}}
  %0 = mir.fused_matmul %a, %b, %c : (tensor<4x8xf32>, tensor<8x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.fused_matmul: an activation that is not an epilogue is a parse error.
func.func @fused_matmul_act(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'act' [none, relu, gelu, gelu_tanh, silu, sigmoid, tanh, relu6]}}
  %0 = mir.fused_matmul %a, %b act = exp : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// mir.fused_matmul: ODS rejects integer operands.
func.func @fused_matmul_int(%a: tensor<4x8xi32>, %b: tensor<8x5xi32>) -> tensor<4x5xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4x8xi32>'}}
  %0 = mir.fused_matmul %a, %b : (tensor<4x8xi32>, tensor<8x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.residual_norm
//===----------------------------------------------------------------------===//

// mir.residual_norm C1: the residual has another type.
func.func @residual_norm_c1_residual(%x: tensor<4x8xf32>, %r: tensor<1x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{input and residual must have the same type, got 'tensor<4x8xf32>' and 'tensor<1x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %n, %s = mir.residual_norm layer %x, %r gamma(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<1x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm C1: the normed result has another type.
func.func @residual_norm_c1_normed(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf16> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf16>', 'tensor<4x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %n, %s = mir.residual_norm rms %x, %x gamma(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf16>, tensor<4x8xf32>)
  return %n : tensor<4x8xf16>
}

// -----

// mir.residual_norm C1: the sum result has another type.
func.func @residual_norm_c1_sum(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x1xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>', 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>', 'tensor<4x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %n, %s = mir.residual_norm rms %x, %x gamma(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>)
  return %s : tensor<4x1xf32>
}

// -----

// mir.residual_norm C2: the bias has the wrong size.
func.func @residual_norm_c2_bias(%x: tensor<4x8xf32>, %b: tensor<4xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{bias must have shape 8 (the last input dim), got 4}}
  %n, %s = mir.residual_norm layer %x, %x bias(%b) gamma(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm C2: gamma has another element type.
func.func @residual_norm_c2_gamma(%x: tensor<4x8xf32>, %g: tensor<8xf64>) -> tensor<4x8xf32> {
  // expected-error @+1 {{gamma must have the input's element type 'f32', got 'f64'}}
  %n, %s = mir.residual_norm layer %x, %x gamma(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf64>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm C2: beta has rank 2.
func.func @residual_norm_c2_beta(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %be: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{beta must have shape 8 (the last input dim), got 4x8}}
  %n, %s = mir.residual_norm layer %x, %x gamma(%g) beta(%be) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm C2: a rank-0 input has no last dim.
func.func @residual_norm_c2_rank0(%x: tensor<f32>, %g: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{input must have rank >= 1}}
  %n, %s = mir.residual_norm rms %x, %x gamma(%g) eps = 1.0e-05 : (tensor<f32>, tensor<f32>, tensor<1xf32>) -> (tensor<f32>, tensor<f32>)
  return %n : tensor<f32>
}

// -----

// mir.residual_norm C3: beta with rms norm.
func.func @residual_norm_c3(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{beta is only allowed with 'layer' norm}}
  %n, %s = mir.residual_norm rms %x, %x gamma(%g) beta(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm C4: eps is not positive.
func.func @residual_norm_c4(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{eps must be positive, got 0}}
  %n, %s = mir.residual_norm layer %x, %x gamma(%g) eps = 0.0 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm (generic form): operandSegmentSizes with the wrong number of segments.
func.func @residual_norm_segments_count(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{size mismatch in attribute conversion: 3 vs 5}}
  %n, %s = "mir.residual_norm"(%x, %x, %g) <{kind = 0 : i32, eps = 1.0e-05 : f32, operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm (generic form): operandSegmentSizes that do not add up to the operand count.
func.func @residual_norm_segments_total(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  %n, %s = "mir.residual_norm"(%x, %x, %g) <{kind = 0 : i32, eps = 1.0e-05 : f32, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.residual_norm (generic form): operandSegmentSizes is missing.
func.func @residual_norm_segments_missing(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{operand count (3) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %n, %s = "mir.residual_norm"(%x, %x, %g) <{kind = 0 : i32, eps = 1.0e-05 : f32}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.attention
//===----------------------------------------------------------------------===//

// mir.attention C1: the declared result is not q's type (the generic form,
// which declares it).
func.func @attention_c1(%q: tensor<1x4x2x8xf32>) -> tensor<1x4x2x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'mir.attention' op inferred type(s) 'tensor<1x4x2x8xf32>' are incompatible with return type(s) of operation 'tensor<1x4x2x4xf32>'}}
  %0 = "mir.attention"(%q, %q, %q) {scale = 1.0 : f64} : (tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>) -> tensor<1x4x2x4xf32>
  return %0 : tensor<1x4x2x4xf32>
}

// -----

// mir.attention C2: operands of rank 3.
func.func @attention_c2_rank(%q: tensor<4x2x8xf32>) -> tensor<4x2x8xf32> {
  // expected-error @+1 {{query, key and value must have rank 4 [batch, seq, heads, head_dim], got 4x2x8, 4x2x8, 4x2x8}}
  %0 = mir.attention %q, %q, %q scale = 1.0 : tensor<4x2x8xf32>, tensor<4x2x8xf32>, tensor<4x2x8xf32>
  return %0 : tensor<4x2x8xf32>
}

// -----

// mir.attention C2: q and k of different element types.
func.func @attention_c2_element(%q: tensor<1x4x2x8xf32>, %k: tensor<1x4x2x8xf16>) -> tensor<1x4x2x8xf32> {
  // expected-error @+1 {{query and key must have one element type, got 'f32' and 'f16'}}
  %0 = mir.attention %q, %k, %k scale = 1.0 : tensor<1x4x2x8xf32>, tensor<1x4x2x8xf16>, tensor<1x4x2x8xf16>
  return %0 : tensor<1x4x2x8xf32>
}

// -----

// mir.attention C2: k and v of different types.
func.func @attention_c2_kv(%q: tensor<1x4x2x8xf32>, %v: tensor<1x5x2x8xf32>) -> tensor<1x4x2x8xf32> {
  // expected-error @+1 {{key and value must have one type, got 'tensor<1x4x2x8xf32>' and 'tensor<1x5x2x8xf32>'}}
  %0 = mir.attention %q, %q, %v scale = 1.0 : tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x5x2x8xf32>
  return %0 : tensor<1x4x2x8xf32>
}

// -----

// mir.attention C3: q and k disagree on head_dim.
func.func @attention_c3_dim(%q: tensor<1x4x2x8xf32>, %k: tensor<1x4x2x4xf32>) -> tensor<1x4x2x8xf32> {
  // expected-error @+1 {{query 1x4x2x8 and key 1x4x2x4 must agree on batch and head_dim (dims 0, 3)}}
  %0 = mir.attention %q, %k, %k scale = 1.0 : tensor<1x4x2x8xf32>, tensor<1x4x2x4xf32>, tensor<1x4x2x4xf32>
  return %0 : tensor<1x4x2x8xf32>
}

// -----

// mir.attention C3: k's 3 heads do not divide q's 2.
func.func @attention_c3_heads(%q: tensor<1x4x2x8xf32>, %k: tensor<1x4x3x8xf32>) -> tensor<1x4x2x8xf32> {
  // expected-error @+1 {{key's 3 heads must divide query's 2 (grouped-query attention)}}
  %0 = mir.attention %q, %k, %k scale = 1.0 : tensor<1x4x2x8xf32>, tensor<1x4x3x8xf32>, tensor<1x4x3x8xf32>
  return %0 : tensor<1x4x2x8xf32>
}

// -----

// mir.attention C4: a scale of zero.
func.func @attention_c4_zero(%q: tensor<1x4x2x8xf32>) -> tensor<1x4x2x8xf32> {
  // expected-error @+1 {{scale must be finite and positive, got 0}}
  %0 = mir.attention %q, %q, %q scale = 0.0 : tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>
  return %0 : tensor<1x4x2x8xf32>
}

// -----

// mir.attention C4: an infinite scale.
func.func @attention_c4_inf(%q: tensor<1x4x2x8xf32>) -> tensor<1x4x2x8xf32> {
  // expected-error @+1 {{scale must be finite and positive, got INF}}
  %0 = mir.attention %q, %q, %q scale = 0x7FF0000000000000 : tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>
  return %0 : tensor<1x4x2x8xf32>
}

// -----

// mir.attention C5: causal with more queries than keys.
func.func @attention_c5(%q: tensor<1x6x2x8xf32>, %k: tensor<1x4x2x8xf32>) -> tensor<1x6x2x8xf32> {
  // expected-error @+1 {{a causal attention needs S <= T (every query sees a key), got S = 6, T = 4}}
  %0 = mir.attention %q, %k, %k scale = 1.0 causal : tensor<1x6x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>
  return %0 : tensor<1x6x2x8xf32>
}

// -----

// mir.attention C6: a position of two elements.
func.func @attention_c6(%q: tensor<1x1x2x8xf32>, %k: tensor<1x8x2x8xf32>, %p: tensor<2xi32>) -> tensor<1x1x2x8xf32> {
  // expected-error @+1 {{'mir.attention' op position must have one element, got 2}}
  %0 = mir.attention %q, %k, %k position(%p : tensor<2xi32>) scale = 1.0 causal : tensor<1x1x2x8xf32>, tensor<1x8x2x8xf32>, tensor<1x8x2x8xf32>
  return %0 : tensor<1x1x2x8xf32>
}

// -----

// mir.attention C6: ODS rejects a float position.
func.func @attention_c6_float(%q: tensor<1x1x2x8xf32>, %k: tensor<1x8x2x8xf32>, %p: tensor<1xf32>) -> tensor<1x1x2x8xf32> {
  // expected-error @+1 {{operand #3 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<1xf32>'}}
  %0 = mir.attention %q, %k, %k position(%p : tensor<1xf32>) scale = 1.0 : tensor<1x1x2x8xf32>, tensor<1x8x2x8xf32>, tensor<1x8x2x8xf32>
  return %0 : tensor<1x1x2x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.swiglu
//===----------------------------------------------------------------------===//

// mir.swiglu C1: the two weights have different types.
func.func @swiglu_c1_types(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x128xf32>) -> tensor<16x256xf32> {
  // expected-error @+1 {{w_gate and w_up must have the same type, got 'tensor<64x256xf32>' and 'tensor<64x128xf32>'}}
  %0 = mir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x128xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// mir.swiglu C1: the weights do not have rank 2.
func.func @swiglu_c1_rank(%x: tensor<16x64xf32>, %w: tensor<1x64x256xf32>) -> tensor<16x256xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{w_gate must have rank 2 [K, N], got 1x64x256}}
  %0 = mir.swiglu %x, %w, %w : (tensor<16x64xf32>, tensor<1x64x256xf32>, tensor<1x64x256xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// mir.swiglu C2: the input's last dim is not K.
func.func @swiglu_c2(%x: tensor<16x32xf32>, %w: tensor<64x256xf32>) -> tensor<16x256xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{input's last dim must equal w_gate's K = 64, input shape is 16x32}}
  %0 = mir.swiglu %x, %w, %w : (tensor<16x32xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}

// -----

// mir.swiglu C3: the result's last dim is not F.
func.func @swiglu_c3_shape(%x: tensor<16x64xf32>, %w: tensor<64x256xf32>) -> tensor<16x128xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<16x256xf32>' are incompatible with return type(s) of operation 'tensor<16x128xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.swiglu %x, %w, %w : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x128xf32>
  return %0 : tensor<16x128xf32>
}

// -----

// mir.swiglu C3: the element types disagree.
func.func @swiglu_c3_dtype(%x: tensor<16x64xf16>, %w: tensor<64x256xf32>) -> tensor<16x256xf16> {
  // expected-error @+2 {{w_gate must have the input's element type 'f16', got 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.swiglu %x, %w, %w : (tensor<16x64xf16>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf16>
  return %0 : tensor<16x256xf16>
}

// -----

//===----------------------------------------------------------------------===//
// mir.shared_matmul
//===----------------------------------------------------------------------===//

// mir.shared_matmul C1: one weight.
func.func @shared_matmul_c1_one_weight(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{needs at least two weights}}
  %0 = mir.shared_matmul %x, %w : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C1: fewer results than weights.
func.func @shared_matmul_c1_results(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<16x32xf32>', 'tensor<16x32xf32>' are incompatible with return type(s) of operation 'tensor<16x32xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = mir.shared_matmul %x, %w, %w : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C2: a weight of rank 1.
func.func @shared_matmul_c2_rank(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %v: tensor<64xf32>) -> tensor<16x32xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{weight 1 must have rank 2 [K, N], got 64}}
  %0:2 = mir.shared_matmul %x, %w, %v : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C2: a weight with another K.
func.func @shared_matmul_c2_k(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %v: tensor<32x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{input's last dim must equal weight 1's K = 32, input shape is 16x64}}
  %0:2 = mir.shared_matmul %x, %w, %v : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C3: a result with the wrong last dim.
func.func @shared_matmul_c3_shape(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %v: tensor<64x8xf32>) -> tensor<16x32xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<16x32xf32>', 'tensor<16x8xf32>' are incompatible with return type(s) of operation 'tensor<16x32xf32>', 'tensor<16x32xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = mir.shared_matmul %x, %w, %v : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x8xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C3: the element types disagree.
func.func @shared_matmul_c3_dtype(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %v: tensor<64x32xf16>) -> tensor<16x32xf32> {
  // expected-error @+2 {{weight 1 must have the input's element type 'f32', got 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = mir.shared_matmul %x, %w, %v : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf16>) -> (tensor<16x32xf32>, tensor<16x32xf16>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C4: a bias for only one of two weights.
func.func @shared_matmul_c4_too_few(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{has 1 biases for 2 weights; give none or one per weight}}
  %0:2 = mir.shared_matmul %x, %w, %w bias(%b) : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C4: more biases than weights.
func.func @shared_matmul_c4_too_many(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{has 3 biases for 2 weights; give none or one per weight}}
  %0:2 = mir.shared_matmul %x, %w, %w bias(%b, %b, %b) : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C5: a bias of rank 2 (the full result row block).
func.func @shared_matmul_c5_rank(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{bias 1 must have shape 32 (weight 1's N), got 16x32}}
  %0:2 = mir.shared_matmul %x, %w, %w bias(%b, %c) : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<16x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C5: a bias of another weight's width.
func.func @shared_matmul_c5_width(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %b: tensor<64xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{bias 1 must have shape 32 (weight 1's N), got 64}}
  %0:2 = mir.shared_matmul %x, %wq, %wk bias(%b, %b) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
  return %0#1 : tensor<16x32xf32>
}

// -----

// mir.shared_matmul C5: a bias of another element type.
func.func @shared_matmul_c5_dtype(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>, %h: tensor<32xf16>) -> tensor<16x32xf32> {
  // expected-error @+1 {{bias 0 must have the input's element type 'f32', got 'f16'}}
  %0:2 = mir.shared_matmul %x, %w, %w bias(%h, %b) : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf16>, tensor<32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0 : tensor<16x32xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mir.elementwise and mir.yield
//===----------------------------------------------------------------------===//

// mir.elementwise C1: no inputs.
func.func @elementwise_c1() -> tensor<4xf32> {
  // expected-error @+1 {{needs at least one input}}
  %0 = "mir.elementwise"() ({
  ^bb0:
    %c = mir.constant 1.0 : f32
    mir.yield %c : f32
  }) : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C2: one body argument per input.
func.func @elementwise_c2_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{body has 2 arguments but there are 1 inputs}}
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32, %f: f32):
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C2: a body argument of another type than the input's element type.
func.func @elementwise_c2_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{body argument 0 has type 'f16' but input 0 has element type 'f32'}}
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%e: f16):
    mir.yield %e : f16
  }
  return %0 : tensor<4xf16>
}

// -----

// mir.elementwise C2: a tensor body argument.
func.func @elementwise_c2_tensor_arg(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{body argument 0 has type 'tensor<4xf32>' but input 0 has element type 'f32'}}
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: tensor<4xf32>):
    %c = mir.constant 1.0 : f32
    mir.yield %c : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C3: an input that does not broadcast to the result.
func.func @elementwise_c3(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{input 1 shape 3 does not broadcast to the result shape 4}}
  %0 = mir.elementwise %x, %y : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32, %f: f32):
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C3: an input of higher rank than the result.
func.func @elementwise_c3_rank(%x: tensor<2x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{input 0 shape 2x4 does not broadcast to the result shape 4}}
  %0 = mir.elementwise %x : (tensor<2x4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C4: mir.matmul is not a scalar step (its operands come from a disallowed mir.param, reported first).
func.func @elementwise_c4_matmul(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{'mir.param' op is not allowed in a mir.elementwise body; steps are scalar mir.unary, binary, compare, select, cast and constant}}
    %a = mir.param "a" : tensor<2x2xf32>
    %m = mir.matmul %a, %a : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

func.func private @f(f32) -> f32

// mir.elementwise C4: func.call is not a scalar step.
func.func @elementwise_c4_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{'func.call' op is not allowed in a mir.elementwise body}}
    %r = func.call @f(%e) : (f32) -> f32
    mir.yield %r : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C4: mir.param is not a scalar step.
func.func @elementwise_c4_param(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{'mir.param' op is not allowed in a mir.elementwise body}}
    %p = mir.param "w" : tensor<4xf32>
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C4: a tensor constant step.
func.func @elementwise_c4_tensor_constant(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{'mir.constant' op in a mir.elementwise body must be scalar, got 'tensor<f32>'}}
    %c = mir.constant dense<1.0> : tensor<f32>
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C4: an op of an unknown dialect is not a scalar step, even with scalar types.
func.func @elementwise_c4_unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{'foo.op' op is not allowed in a mir.elementwise body}}
    %r = "foo.op"(%e) : (f32) -> f32
    mir.yield %r : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C5: the body does not end with mir.yield.
func.func @elementwise_c5_no_yield(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{body must end with mir.yield}}
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    "foo.terminator"(%e) : (f32) -> ()
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise C5: the yielded type is not the result's element type.
func.func @elementwise_c5_type(%x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xi1> {
  ^bb0(%e: f32):
    // expected-error @+1 {{'mir.yield' op yields 'f32' but the result element type is 'i1'}}
    mir.yield %e : f32
  }
  return %0 : tensor<4xi1>
}

// -----

// mir.elementwise (generic form): two regions.
func.func @elementwise_two_regions(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires one region}}
  %0 = "mir.elementwise"(%x) ({
  ^bb0(%e: f32):
    mir.yield %e : f32
  }, {
  ^bb0(%e: f32):
    mir.yield %e : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise (generic form): no region.
func.func @elementwise_no_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires one region}}
  %0 = "mir.elementwise"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise (generic form): two blocks.
func.func @elementwise_two_blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expects region #0 to have 0 or 1 blocks}}
  %0 = "mir.elementwise"(%x) ({
  ^bb0(%e: f32):
    "mir.yield"(%e) : (f32) -> ()
  ^bb1(%f: f32):
    "mir.yield"(%f) : (f32) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise (generic form): an empty region.
func.func @elementwise_empty_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "mir.elementwise"(%x) ({
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise (generic form): an empty block.
func.func @elementwise_empty_block(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expects a non-empty block}}
  %0 = "mir.elementwise"(%x) ({
  ^bb0(%e: f32):
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.elementwise (generic form): a block without a terminator.
func.func @elementwise_no_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "mir.elementwise"(%x) ({
  ^bb0(%e: f32):
    // expected-error @+1 {{block with no terminator}}
    %n = "mir.unary"(%e) <{kind = 10 : i32}> : (f32) -> f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// mir.yield C1: outside a mir.elementwise body.
func.func @yield_outside(%x: f32) {
  // expected-error @+1 {{expects parent op 'mir.elementwise'}}
  mir.yield %x : f32
}

// -----

// mir.yield C1: not the last op of the body.
func.func @yield_not_last(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    // expected-error @+1 {{must be the last operation in the parent block}}
    mir.yield %e : f32
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// mir.yield: ODS rejects a tensor operand.
func.func @yield_tensor(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    %c = mir.constant dense<1.0> : tensor<f32>
    // expected-error @+1 {{operand #0 must be 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer, but got 'tensor<f32>'}}
    mir.yield %c : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Type inference on generic-form ops: what ODS checks (operand counts,
// segment sizes, required attributes) fails before the inference runs; the
// rest the inference reports, with attributes given as properties or in the
// attribute dictionary alike.
//===----------------------------------------------------------------------===//

// mir.topk C1 (generic form): the axis is out of range.
func.func @generic_topk_axis(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{axis 7 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %v, %i = "mir.topk"(%x) <{axis = 7 : i64, k = 2 : i64}> : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi64>)
  return %v : tensor<4x2xf32>
}

// -----

// mir.shared_matmul C1 (generic form): no weights and no results.
func.func @generic_shared_matmul_no_weights(%x: tensor<16x64xf32>) {
  // expected-error @+2 {{needs at least two weights}}
  // expected-error @+1 {{failed to infer returned types}}
  "mir.shared_matmul"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<16x64xf32>) -> ()
  return
}

// -----

// mir.shared_matmul (generic form): segment sizes that do not fit the
// operands, which the inference indexes by; ODS reports them first.
func.func @generic_shared_matmul_segments(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>) {
  // expected-error @+1 {{operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  "mir.shared_matmul"(%x, %w, %w) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
  return
}

// -----

// mir.transpose C1 (generic form): an empty permutation.
func.func @generic_transpose_empty(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{permutation has 0 entries but the input has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "mir.transpose"(%x) <{permutation = array<i64>}> : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// mir.slice C3 (generic form, attribute dictionary): a window outside the input.
func.func @generic_slice_window(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{dim 1: window [7, 9] is outside the input dim of size 8}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "mir.slice"(%x) {offsets = array<i64: 0, 7>, sizes = array<i64: 4, 3>, strides = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mir.conv2d C2 (generic form): an attribute the inference reads is missing;
// ODS reports it first.
func.func @generic_conv2d_no_groups(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{requires attribute 'groups'}}
  %0 = "mir.conv2d"(%x, %w) <{dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>}> : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// mir.residual_norm (generic form): segment sizes that do not fit the
// operands, which the inference indexes by; ODS reports them first.
func.func @generic_residual_norm_segments(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  %n, %s = "mir.residual_norm"(%x, %x, %g) <{eps = 1.0e-05 : f32, kind = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// -----

// mir.matmul (generic form): one operand; ODS reports it before the
// inference could index a missing rhs.
func.func @generic_matmul_one_operand(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected 2 operands, but found 1}}
  %0 = "mir.matmul"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// BoundedShapes (every mir op): rank <= 16, element count and byte size fit in int64
//===----------------------------------------------------------------------===//

// BoundedShapes: an element count that overflows int64.
func.func @bounded_element_count(%x: tensor<9223372036854775807x4xf32>) -> tensor<9223372036854775807x4xf32> {
  // expected-error @+1 {{type 'tensor<9223372036854775807x4xf32>' has an element count that overflows int64}}
  %0 = mir.unary relu %x : tensor<9223372036854775807x4xf32>
  return %0 : tensor<9223372036854775807x4xf32>
}

// -----

// BoundedShapes: an element count that fits but a byte size that overflows int64.
func.func @bounded_byte_size(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  // expected-error @+1 {{type 'tensor<4611686018427387904xf32>' has a byte size that overflows int64}}
  %0 = mir.unary relu %x : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}

// -----

// BoundedShapes: rank 17.
func.func @bounded_rank(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error @+1 {{type 'tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>' has rank 17, more than the limit of 16}}
  %0 = mir.unary relu %x : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}

// -----

// BoundedShapes: an oversized result only (a broadcast into it).
func.func @bounded_result(%x: tensor<1xf32>) -> tensor<3037000500x3037000500xf32> {
  // expected-error @+1 {{type 'tensor<3037000500x3037000500xf32>' has an element count that overflows int64}}
  %0 = mir.broadcast %x : tensor<1xf32> to tensor<3037000500x3037000500xf32>
  return %0 : tensor<3037000500x3037000500xf32>
}

// -----

// BoundedShapes: an oversized parameter.
func.func @bounded_param() -> tensor<3037000500x3037000500xi8> {
  // expected-error @+1 {{has an element count that overflows int64}}
  %0 = mir.param "huge" : tensor<3037000500x3037000500xi8>
  return %0 : tensor<3037000500x3037000500xi8>
}

// -----

// BoundedShapes: dynamic dims count as 1 (an i64 byte size of 2^63 overflows).
func.func @bounded_dynamic(%x: tensor<?x1152921504606846976xi64>) -> tensor<?x1152921504606846976xi64> {
  // expected-error @+1 {{has a byte size that overflows int64}}
  %0 = mir.unary neg %x : tensor<?x1152921504606846976xi64>
  return %0 : tensor<?x1152921504606846976xi64>
}

// -----

//===----------------------------------------------------------------------===//
// mir.name / mir.dims function annotations
//===----------------------------------------------------------------------===//

// mir.name on an argument: an empty string.
// expected-error @+1 {{'func.func' op argument 0 attribute 'mir.name': must be a non-empty string}}
func.func @name_empty(%x: tensor<4xf32> {mir.name = ""}) {
  return
}

// -----

// mir.name on an argument: not a string.
// expected-error @+1 {{'func.func' op argument 1 attribute 'mir.name': must be a non-empty string}}
func.func @name_not_string(%x: tensor<4xf32>, %y: tensor<4xf32> {mir.name = 7 : i64}) {
  return
}

// -----

// An unknown mir.* argument attribute.
// expected-error @+1 {{'func.func' op argument 0 attribute 'mir.shape': unknown argument attribute; known: mir.name, mir.dims}}
func.func @arg_unknown(%x: tensor<4xf32> {mir.shape = [4]}) {
  return
}

// -----

// mir.dims: not an array.
// expected-error @+1 {{argument 0 attribute 'mir.dims': dims annotation must be an array, got "batch"}}
func.func @dims_not_array(%x: tensor<?xf32> {mir.dims = "batch"}) {
  return
}

// -----

// mir.dims: on a scalar argument.
// expected-error @+1 {{argument 0 attribute 'mir.dims': dims annotation needs a ranked tensor argument, got 'f32'}}
func.func @dims_scalar(%x: f32 {mir.dims = []}) {
  return
}

// -----

// mir.dims: on an unranked tensor argument.
// expected-error @+1 {{dims annotation needs a ranked tensor argument, got 'tensor<*xf32>'}}
func.func @dims_unranked(%x: tensor<*xf32> {mir.dims = ["n"]}) {
  return
}

// -----

// mir.dims: one entry per dim.
// expected-error @+1 {{argument 0 attribute 'mir.dims': dims annotation has 1 entries but the argument has rank 2}}
func.func @dims_count(%x: tensor<?x4xf32> {mir.dims = ["batch"]}) {
  return
}

// -----

// mir.dims: an empty symbol name.
// expected-error @+1 {{dims annotation entry 0 is an empty symbol name}}
func.func @dims_empty_symbol(%x: tensor<?x4xf32> {mir.dims = ["", 4]}) {
  return
}

// -----

// mir.dims: a symbol for a static dim.
// expected-error @+1 {{dims annotation names symbol 'n' for static dim 1 (size 4); use '?' in the type}}
func.func @dims_symbol_static(%x: tensor<?x4xf32> {mir.dims = ["batch", "n"]}) {
  return
}

// -----

// mir.dims: an entry that is neither a symbol nor an integer.
// expected-error @+1 {{dims annotation entry 0 must be a symbol name or an integer size}}
func.func @dims_float_entry(%x: tensor<4xf32> {mir.dims = [4.0]}) {
  return
}

// -----

// mir.dims: an integer that is not the static dim.
// expected-error @+1 {{dims annotation entry 1 is 8 but the argument's dim is 4}}
func.func @dims_size_mismatch(%x: tensor<?x4xf32> {mir.dims = ["batch", 8]}) {
  return
}

// -----

// mir.dims: an integer for a dynamic dim.
// expected-error @+1 {{dims annotation entry 0 is 4 but the argument's dim is ?}}
func.func @dims_size_for_dynamic(%x: tensor<?xf32> {mir.dims = [4]}) {
  return
}

// -----

// mir.dims: an integer wider than int64 is not truncated into a match (2^64 + 4 is not 4).
// expected-error @+1 {{dims annotation entry 0 is 18446744073709551620 but the argument's dim is 4}}
func.func @dims_size_i128(%x: tensor<4xf32> {mir.dims = [18446744073709551620 : i128]}) {
  return
}

// -----

// mir.dims: the integer that encodes a dynamic dim in memory (INT64_MIN) is not a size for `?`.
// expected-error @+1 {{dims annotation entry 0 is -9223372036854775808 but the argument's dim is ?}}
func.func @dims_size_kdynamic(%x: tensor<?xf32> {mir.dims = [-9223372036854775808]}) {
  return
}

// -----

// mir.dims on a bodiless declaration is checked against its argument types.
// expected-error @+1 {{argument 0 attribute 'mir.dims': dims annotation has 2 entries but the argument has rank 1}}
func.func private @dims_declaration(tensor<?xf32> {mir.dims = ["a", "b"]})

// -----

// Results: only mir.name is allowed.
// expected-error @+1 {{'func.func' op result 0 attribute 'mir.dims': only mir.name (a non-empty string) is allowed}}
func.func @result_dims(%x: tensor<4xf32>) -> (tensor<4xf32> {mir.dims = [4]}) {
  return %x : tensor<4xf32>
}

// -----

// Results: mir.name must not be empty.
// expected-error @+1 {{'func.func' op result 1 attribute 'mir.name': only mir.name (a non-empty string) is allowed}}
func.func @result_name_empty(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32> {mir.name = ""}) {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// Results: mir.name must be a string.
// expected-error @+1 {{result 0 attribute 'mir.name': only mir.name (a non-empty string) is allowed}}
func.func @result_name_not_string(%x: tensor<4xf32>) -> (tensor<4xf32> {mir.name = ["out"]}) {
  return %x : tensor<4xf32>
}
