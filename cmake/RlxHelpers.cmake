# RlxHelpers.cmake — the one place rlx links MLIR.
#
# Every rlx library and tool links the single shared libMLIR.so (imported
# target `MLIR`, with libLLVM.so for the LLVM support code it uses); never the static libMLIR*.a archives (MLIR19.md: 1 s links
# instead of 4-8 s and 0.8 GB each, and no mixing of the two in one binary).

# rlx_add_library(name SOURCES... [DEPENDS tablegen-targets...] [LINK libs...])
function(rlx_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK} MLIR LLVM)
endfunction()

# rlx_add_tool(name SOURCES... [LINK libs...])
function(rlx_add_tool name)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
  target_link_libraries(${name} PRIVATE ${ARG_LINK} MLIR LLVM)
endfunction()

# rlx_add_dialect_tablegen(Dialect dialect-namespace)
# Generates ops, dialect, enums and the op reference page from <D>Ops.td.
function(rlx_add_dialect_tablegen dialect ns)
  set(LLVM_TARGET_DEFINITIONS ${dialect}Ops.td)
  mlir_tablegen(${dialect}Ops.h.inc -gen-op-decls)
  mlir_tablegen(${dialect}Ops.cpp.inc -gen-op-defs)
  mlir_tablegen(${dialect}Dialect.h.inc -gen-dialect-decls -dialect=${ns})
  mlir_tablegen(${dialect}Dialect.cpp.inc -gen-dialect-defs -dialect=${ns})
  add_public_tablegen_target(RLX${dialect}IncGen)
  add_mlir_doc(${dialect}Ops ${dialect}Ops Dialects/ -gen-dialect-doc -dialect=${ns})
endfunction()
