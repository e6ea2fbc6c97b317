# lit.cfg.py — the rlx lit suite (test/Dialect, test/Limits, ...).
import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "rlx"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "Unit", "e2e", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.rlx_obj_root, "test")

# Tests of the Vulkan runtime need a build with it (RLX_ENABLE_VULKAN).
if config.rlx_have_vulkan:
    config.available_features.add("vulkan")
# Every Vulkan run in the suite is under the Khronos validation layer;
# rlx-run fails on any message it reports (a test may override).
config.environment["RLX_VULKAN_VALIDATION"] = "1"

# Captured SSA names must not leak between CHECK-LABEL sections.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["rlx-opt", "rlx-run", "rlx-import-onnx", "rlx-onnx-node-tests",
     "rlx-onnx-from-text",
     "rlx-embed-example", "rlx-fuzz-model",
     "rlx-fuzz-artifact", "rlx-fuzz-npy", "rlx-fuzz-onnx", "rlx-fuzz-calibration",
     "rlx-fuzz-spirv",
     "rlx-fuzz-cache-entry"], [config.rlx_tools_dir])

# A program built against a sanitized librlx needs the sanitizer runtime.
config.substitutions.append(
    ("%rlx_sanitize_flags",
     "-fsanitize=" + config.rlx_sanitize if config.rlx_sanitize else ""))
# test/Fuzz: with RLX_FUZZ the targets are libFuzzer binaries that also
# mutate their corpus for a fixed, seeded number of runs (lit --param
# fuzz_runs=N); without it they replay the corpus and ignore these flags.
if config.rlx_fuzz:
    fuzz_runs = lit_config.params.get("fuzz_runs", "2000")
    config.substitutions.append(
        ("%{fuzz_args}",
         "-runs=%s -seed=1 -timeout=60 -rss_limit_mb=4096" % fuzz_runs))
else:
    config.substitutions.append(("%{fuzz_args}", ""))
config.substitutions.append(("%python", sys.executable))
# Debian's python3, whose numpy, onnx and torch scripts/setup.sh installs
# (another python3 may come first on PATH).
config.substitutions.append(("%debian_python", "/usr/bin/python3"))
# test/Install: the build tree to install, and the CMake, compiler and
# Ninja it was configured with.
config.substitutions.append(("%rlx_obj_root", config.rlx_obj_root))
config.substitutions.append(("%rlx_version", config.rlx_version))
config.substitutions.append(("%cmake_cxx_compiler", config.cmake_cxx_compiler))
config.substitutions.append(("%cmake_make_program", config.cmake_make_program))
config.substitutions.append(("%cmake", config.cmake_command))
# The gtest binaries, for tests that run one in a special environment.
config.substitutions.append(
    ("%rlx_unit_dir", os.path.join(config.rlx_obj_root, "test", "Unit")))

# Device calibrations (rlx/CostModel.h) go to the build tree, not $HOME.
config.environment["RLX_CACHE_DIR"] = os.path.join(config.rlx_obj_root, "test", "cache")
