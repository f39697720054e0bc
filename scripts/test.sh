#!/usr/bin/env bash
# Second command of the README: installs what is missing, then builds and runs the whole test suite (ctest)
# twice, both times under the Vulkan validation layers, with warnings as errors. Any failure exits non-zero.
#   0. lint: clang-format (.clang-format) and clang-tidy (.clang-tidy, tests/.clang-tidy) find nothing.
#   1. build-test: a Debug build, as users build it.
#   1b. build-release-clang: a Release build with clang and -Wconversion, warnings as errors (built, not run:
#      the other two runs test the code; this one keeps the tree clean for another compiler and optimizer).
#   2. build-sanitize: a Debug build with AddressSanitizer, UndefinedBehaviorSanitizer and LeakSanitizer
#      (MGPU_SANITIZE), every entry also under the layers' synchronization validation; tests/robustness.cmake
#      gives each entry these settings, so ctest in that directory alone does the same. It leaves out the
#      entries labelled static and kernel_variant, which the first run covers (see robustness.cmake); every
#      test family runs in both.
#   3. scripts/fuzz.sh: the libFuzzer harnesses (.npy reader, write/read round trip, C API argument checks)
#      replay their regression inputs and then fuzz for MGPU_FUZZ_SECONDS each (30 here; 0 skips this step).
# Arguments go to both ctest runs (e.g. -R scan). MGPU_TEST_BUILD and MGPU_TEST_SANITIZE_BUILD name other
# build directories.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --clang
jobs="$(nproc)"
plain="${MGPU_TEST_BUILD:-build-test}"
sanitize="${MGPU_TEST_SANITIZE_BUILD:-build-sanitize}"

# 0. Lint: the tree is as .clang-format writes it, and clang-tidy (.clang-tidy) finds nothing in the library,
#    the tool, the tests, the benchmark and the examples (checked after the build, which generates headers).
git ls-files '*.c' '*.h' | xargs clang-format --dry-run --Werror
cmake -S . -B "$plain" -DCMAKE_BUILD_TYPE=Debug -DMGPU_WERROR=ON -DMGPU_BUILD_TESTS=ON \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build "$plain" -j"$jobs"
run-clang-tidy -p "$plain" -j"$jobs" -quiet 'src/|tools/|tests/|bench/|examples/' >"$plain/clang-tidy.log" 2>&1 ||
  { grep -E 'error:|warning:' "$plain/clang-tidy.log" >&2; echo "clang-tidy: findings (above)" >&2; exit 1; }
ctest --test-dir "$plain" --output-on-failure -j"$jobs" "$@"

release="${MGPU_TEST_RELEASE_BUILD:-build-release-clang}"
CC=clang CXX=clang++ cmake -S . -B "$release" -DCMAKE_BUILD_TYPE=Release -DMGPU_WERROR=ON -DMGPU_BUILD_TESTS=ON \
  -DCMAKE_C_FLAGS=-Wconversion >/dev/null
cmake --build "$release" -j"$jobs"

# The benchmark and the examples are built (with -Werror) by the first build and run by no test.
cmake -S . -B "$sanitize" -DCMAKE_BUILD_TYPE=Debug -DMGPU_WERROR=ON -DMGPU_SANITIZE=ON -DMGPU_BUILD_TESTS=ON \
  -DMGPU_BUILD_BENCH=OFF -DMGPU_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$sanitize" -j"$jobs"
ctest --test-dir "$sanitize" --output-on-failure -j"$jobs" -LE 'static|kernel_variant' "$@"

fuzz_seconds="${MGPU_FUZZ_SECONDS:-30}"
if [ "$fuzz_seconds" != 0 ]; then MGPU_FUZZ_SECONDS="$fuzz_seconds" scripts/fuzz.sh; fi
