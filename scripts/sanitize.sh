#!/usr/bin/env bash
# sanitize.sh — build rlx with sanitizers in a build directory of its own and
# run tests under them (docs/Testing.md, "Sanitizers and fuzzers").
#
#   scripts/sanitize.sh asan [lit args]  build-asan: ASan + UBSan (+ libFuzzer
#                                        coverage); the whole lit suite, with
#                                        each fuzz target's seeded short run
#   scripts/sanitize.sh tsan             build-tsan: TSan; the gtest binaries
#                                        with the concurrency tests
#   scripts/sanitize.sh fuzz [seconds | runs=N] [target...]
#                                        build-asan: each fuzz target (or the
#                                        ones named) mutates its corpus for
#                                        `seconds` (default 60) or N runs
#
# Ends with "sanitize <mode>: clean" or exits non-zero. RLX_SANITIZE_DIR
# overrides the build directory; RLX_SANITIZE_JOBS the ninja jobs (default 2).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-}"
[ $# -gt 0 ] && shift
lit=/usr/lib/llvm-19/build/utils/lit/lit.py
supp="$root/scripts/sanitizers"
jobs="${RLX_SANITIZE_JOBS:-2}"

case "$mode" in
  asan | fuzz)
    build="${RLX_SANITIZE_DIR:-$root/build-asan}"
    flags=(-DRLX_SANITIZE=address,undefined -DRLX_FUZZ=ON) ;;
  tsan)
    build="${RLX_SANITIZE_DIR:-$root/build-tsan}"
    flags=(-DRLX_SANITIZE=thread) ;;
  *)
    echo "usage: $0 asan [lit args] | tsan | fuzz [seconds]" >&2
    exit 2 ;;
esac

"$root/scripts/setup.sh"
# -O1: what the sanitizers' documentation recommends, and a third less
# compile time than -O3 on two cores.
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DMLIR_DIR=/usr/lib/llvm-19/lib/cmake/mlir \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DLLVM_USE_LINKER=lld "${flags[@]}" >/dev/null
fi

symbolizer="$(command -v llvm-symbolizer || true)"
export ASAN_SYMBOLIZER_PATH="$symbolizer" TSAN_SYMBOLIZER_PATH="$symbolizer"
# Leaks are findings (RELIABILITY.md contract 2); lsan.supp names the few
# allocations of uninstrumented libraries that are never freed by design.
# allocator_may_return_null: rlx reports a failed allocation as
# resource_exhausted (RELIABILITY.md contract 1; CpuExecutable.ArenaTooLarge
# asks for 2^62 bytes), where ASan and TSan would abort.
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:abort_on_error=1:strict_string_checks=1:check_initialization_order=1:strict_init_order=1"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0:abort_on_error=1"
# Mesa's lavapipe stays loaded after the Vulkan loader's dlclose, so what
# it allocated keeps a module name lsan.supp can match (lsan.supp says why).
lavapipe="$(sed -n 's/.*"library_path": *"\([^"]*\)".*/\1/p' \
  /usr/share/vulkan/icd.d/lvp_icd.*.json 2>/dev/null | head -n 1)"
if [ "$mode" = asan ] && [ -n "$lavapipe" ] && [ -f "$lavapipe" ]; then
  export LD_PRELOAD="$lavapipe${LD_PRELOAD:+ $LD_PRELOAD}"
fi
# A report ends the process with SIGABRT (abort_on_error), not exit code 1:
# a test that expects a tool to fail (`not rlx-opt ...`) still fails when
# the tool dies of a sanitizer report, since `not` counts a crash as one.
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:allocator_may_return_null=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp:print_suppressions=0"

case "$mode" in
  asan)
    ninja -C "$build" -j "$jobs"
    python3 "$lit" -sv "$build/test" "$build/test/Unit" "$@"
    ;;
  tsan)
    # The binaries with the concurrency tests (ThreadPool*, CpuExecutable's
    # threads, ModelThreads.*, SessionThreads.*, Threads.*,
    # GraphDevices.Concurrent*, VulkanTest.OneExecutablePerThread /
    # ConcurrentRunIsRefused), run whole: every CPU run in them uses the
    # thread pool too. About a minute.
    tests=(RuntimeTests ApiTests DevicesTests OpSuiteTests VulkanRuntimeTests
           CacheTests)
    ninja -C "$build" -j "$jobs" "${tests[@]}"
    export RLX_CACHE_DIR="$build/test/cache" RLX_VULKAN_VALIDATION=1
    for test in "${tests[@]}"; do
      "$build/test/Unit/$test" --gtest_brief=1
    done
    ;;
  fuzz)
    limit="-max_total_time=${1:-60}"
    case "${1:-}" in runs=*) limit="-runs=${1#runs=}" ;; esac
    [ $# -gt 0 ] && shift
    targets=(model artifact npy cache-entry onnx calibration spirv)
    [ $# -gt 0 ] && targets=("$@")
    ninja -C "$build" -j "$jobs" "${targets[@]/#/rlx-fuzz-}"
    for target in "${targets[@]}"; do
      out="$(mktemp -d)"
      dict=()
      [ -f "$root/test/Fuzz/$target.dict" ] && dict=(-dict="$root/test/Fuzz/$target.dict")
      # One process, niced, one target at a time. New inputs go to a
      # temporary directory, never into the corpus; a crash to the build
      # directory (fuzz-<target>-crash-<sha1>), named in the output.
      nice -n 19 "$build/bin/rlx-fuzz-$target" "$limit" \
        -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$build/fuzz-$target-" "${dict[@]}" \
        "$out" "$root/test/Fuzz/corpus/$target"
      rm -rf "$out"
    done
    ;;
esac
echo "sanitize $mode: clean"
