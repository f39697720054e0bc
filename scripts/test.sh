#!/usr/bin/env bash
# Second command of the README: installs what is missing, builds with warnings as errors, and runs the whole
# test suite (ctest) under the Vulkan validation layers. Any failure exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DMGPU_WERROR=ON -DMGPU_BUILD_TESTS=ON >/dev/null
cmake --build build-test -j"$(nproc)"
ctest --test-dir build-test --output-on-failure -j"$(nproc)" "$@"
