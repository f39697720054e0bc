#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/) with clang into build-fuzz and runs each for a bounded time over its
# corpus: MGPU_FUZZ_SECONDS per harness (60 by default), one harness at a time, after replaying the inputs
# of fuzz/regressions/. Exits non-zero on any crash, leak or sanitizer report, leaving the input under
# build-fuzz/crashes/ with a note to copy it into fuzz/regressions/.
# Installs clang and libclang-rt-14-dev when missing (scripts/install-deps.sh --fuzz; root or sudo).
#   MGPU_FUZZ_SECONDS=300 scripts/fuzz.sh        longer runs
#   MGPU_FUZZ_BUILD=/tmp/f scripts/fuzz.sh       another build directory
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MGPU_FUZZ_BUILD:-$root/build-fuzz}"
seconds="${MGPU_FUZZ_SECONDS:-60}"
jobs="${MGPU_FUZZ_JOBS:-2}"

"$root/scripts/install-deps.sh" --fuzz

# Sanitizers on for the library too (MGPU_SANITIZE), which fuzz_api calls into; no other programs, so the
# library can carry libFuzzer's coverage instrumentation (fuzz/CMakeLists.txt).
mkdir -p "$build"
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMGPU_BUILD_FUZZ=ON -DMGPU_SANITIZE=ON -DMGPU_BUILD_TESTS=OFF -DMGPU_BUILD_TOOLS=OFF -DMGPU_BUILD_BENCH=OFF \
  -DMGPU_BUILD_EXAMPLES=OFF >"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }
targets=(fuzz_npy_read fuzz_npy_roundtrip)
[ -f "$root/fuzz/fuzz_api.c" ] && targets+=(fuzz_api)
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

mkdir -p "$build/crashes"
touch "$build/crashes/.start"
failed=()

# A harness given files runs each once: the regressions must pass before any new fuzzing. fuzz_npy_read's
# inputs lie in fuzz/regressions/ itself, every harness's (that one's too) in fuzz/regressions/<name>/.
for target in "${targets[@]}"; do
  name="${target#fuzz_}"
  inputs=()
  if [ "$name" = npy_read ]; then
    for f in "$root"/fuzz/regressions/*; do [ -f "$f" ] && inputs+=("$f"); done
  fi
  for f in "$root/fuzz/regressions/$name"/*; do [ -f "$f" ] && inputs+=("$f"); done
  [ ${#inputs[@]} -eq 0 ] && continue
  echo "fuzz: $target: replaying ${#inputs[@]} regression inputs"
  if ! "$build/fuzz/$target" "${inputs[@]}" >"$build/$target.replay.log" 2>&1; then
    tail -n 30 "$build/$target.replay.log" >&2
    failed+=("$target (regressions)")
  fi
done

for target in "${targets[@]}"; do
  name="${target#fuzz_}"
  corpus="$build/corpus/$name"   # grows with what the fuzzer finds; the seeds in fuzz/corpus stay untouched
  mkdir -p "$corpus"
  args=(-max_total_time="$seconds" -timeout=30 -print_final_stats=1 -artifact_prefix="$build/crashes/$name-")
  # The npy harnesses never need much memory: a large allocation is itself the bug (a short file claiming a
  # huge shape must be refused before allocating).
  case "$name" in npy_*) args+=(-malloc_limit_mb=64 -rss_limit_mb=1024) ;; esac
  [ -f "$root/fuzz/$name.dict" ] && args+=(-dict="$root/fuzz/$name.dict")
  seeds=()
  [ -d "$root/fuzz/corpus/$name" ] && seeds+=("$root/fuzz/corpus/$name")
  echo "fuzz: $target for ${seconds}s"
  log="$build/$target.log"
  if "$build/fuzz/$target" "${args[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | sed "s/^/fuzz: $target: /"
  else
    tail -n 40 "$log" >&2
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}" >&2
  find "$build/crashes" -type f -newer "$build/crashes/.start" | sed 's/^/fuzz: crash input: /' >&2
  echo "fuzz: reproduce with $build/fuzz/fuzz_<harness> <input>; with the fix, copy the input into" \
       "fuzz/regressions/<harness>/ (fuzz_npy_read's may go into fuzz/regressions/ itself): this script and the" \
       "npy test family replay them" >&2
  exit 1
fi
echo "fuzz: no crashes (logs in $build/*.log)"
