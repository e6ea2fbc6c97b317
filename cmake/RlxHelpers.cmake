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

# rlx_add_shared_library(name OUTPUT_NAME file EXPORT_NAME export
#                        OBJECTS_OF static-libs... [PUBLIC shared-libs...])
# A shared library of the installed rlx (docs/Development.md, "Install"):
# the objects of the given static libraries and of every rlx static library
# they link, except those already in a shared library of PUBLIC. What those
# libraries link besides (MLIR, LLVM, OpenBLAS, Vulkan, SPIRV-Tools) is
# linked privately, so a consumer needs none of it to build. Only namespace
# rlx is exported (cmake/rlx-exports.map); the static libraries the tests
# link are unchanged.
function(rlx_add_shared_library name)
  cmake_parse_arguments(ARG "" "OUTPUT_NAME;EXPORT_NAME" "OBJECTS_OF;PUBLIC"
                        ${ARGN})
  # Static libraries inside the PUBLIC shared libraries stay out.
  set(provided)
  foreach(lib ${ARG_PUBLIC})
    get_target_property(libs ${lib} RLX_STATIC_LIBRARIES)
    list(APPEND provided ${libs})
  endforeach()
  set(ours)
  set(others)
  set(queue ${ARG_OBJECTS_OF})
  while(queue)
    list(POP_FRONT queue lib)
    if(lib IN_LIST ours OR lib IN_LIST provided)
      continue()
    endif()
    if(TARGET ${lib})
      get_target_property(type ${lib} TYPE)
      get_target_property(imported ${lib} IMPORTED)
      if(type STREQUAL "STATIC_LIBRARY" AND NOT imported)
        list(APPEND ours ${lib})
        get_target_property(deps ${lib} LINK_LIBRARIES)
        if(deps)
          list(APPEND queue ${deps})
        endif()
        continue()
      endif()
    endif()
    list(APPEND others ${lib})
  endwhile()
  list(REMOVE_DUPLICATES others)

  set(objects)
  foreach(lib ${ours})
    list(APPEND objects $<TARGET_OBJECTS:${lib}>)
  endforeach()
  add_library(${name} SHARED ${objects})
  add_library(rlx::${ARG_EXPORT_NAME} ALIAS ${name})
  target_link_libraries(${name} PRIVATE ${others} PUBLIC ${ARG_PUBLIC})
  target_include_directories(${name} INTERFACE
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${CMAKE_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${name} INTERFACE cxx_std_17)
  set(exports ${CMAKE_SOURCE_DIR}/cmake/rlx-exports.map)
  target_link_options(${name} PRIVATE -Wl,--version-script=${exports})
  # Sanitized libraries leave the sanitizer runtime to the executable.
  if(NOT RLX_SANITIZE)
    target_link_options(${name} PRIVATE -Wl,--no-undefined)
  endif()
  # 0.x: a minor version may change the ABI, so the soname carries it.
  set_target_properties(${name} PROPERTIES
    OUTPUT_NAME ${ARG_OUTPUT_NAME}
    EXPORT_NAME ${ARG_EXPORT_NAME}
    VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib
    LINK_DEPENDS ${exports}
    INSTALL_RPATH "$ORIGIN"
    INSTALL_RPATH_USE_LINK_PATH ON
    RLX_STATIC_LIBRARIES "${ours}")
endfunction()

# rlx_enable_sanitizers(<value of RLX_SANITIZE> <RLX_FUZZ>)
# Sanitizer and fuzzer builds (docs/Testing.md, "Sanitizers and fuzzers").
# Adds the flags to every target defined after the call (compile and link):
# RLX_SANITIZE=address,undefined (ASan + UBSan, a UBSan finding aborts so the
# test fails) or thread (TSan). RLX_FUZZ=ON also gives every rlx object
# libFuzzer's coverage instrumentation (-fsanitize=fuzzer-no-link) and needs
# address,undefined; test/Fuzz links its targets with -fsanitize=fuzzer.
# Debian's libLLVM / libMLIR and the JIT-compiled kernels stay uninstrumented.
function(rlx_enable_sanitizers sanitize fuzz)
  set(valid "address,undefined" "thread")
  if(sanitize STREQUAL "")
    if(fuzz)
      message(FATAL_ERROR "RLX_FUZZ=ON needs -DRLX_SANITIZE=address,undefined "
                          "(the fuzz targets run under ASan + UBSan)")
    endif()
    return()
  endif()
  if(NOT sanitize IN_LIST valid)
    message(FATAL_ERROR "RLX_SANITIZE='${sanitize}' is not one of: "
                        "address,undefined; thread")
  endif()
  if(fuzz AND NOT sanitize STREQUAL "address,undefined")
    message(FATAL_ERROR "RLX_FUZZ=ON needs -DRLX_SANITIZE=address,undefined, "
                        "not '${sanitize}'")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "RLX_SANITIZE needs clang (CMAKE_CXX_COMPILER)")
  endif()
  set(flags -fsanitize=${sanitize} -fno-omit-frame-pointer -gline-tables-only)
  if(sanitize STREQUAL "address,undefined")
    list(APPEND flags -fno-sanitize-recover=undefined)
    # LLVM's inline allocator must not poison memory the uninstrumented
    # libraries allocate from (the header says why).
    add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:SHELL:-include ${CMAKE_SOURCE_DIR}/cmake/rlx-asan-llvm.h>")
  endif()
  add_compile_options(${flags})
  add_link_options(${flags})
  if(fuzz)
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
  # A sanitized shared library leaves the runtime's symbols (__asan_*,
  # __tsan_*) to the executable, so -z defs (HandleLLVMOptions) cannot hold.
  string(REPLACE "-Wl,-z,defs" "" shared "${CMAKE_SHARED_LINKER_FLAGS}")
  set(CMAKE_SHARED_LINKER_FLAGS "${shared}" PARENT_SCOPE)
  if(fuzz)
    message(STATUS "rlx: sanitizers ${sanitize}, fuzz targets (test/Fuzz)")
  else()
    message(STATUS "rlx: sanitizers ${sanitize}")
  endif()
endfunction()
