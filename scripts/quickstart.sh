#!/usr/bin/env bash
# First command of the README: installs what is missing, builds (Release) and runs the demo. Without a GPU
# the demo runs on lavapipe, Mesa's CPU Vulkan device.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
build/examples/mgpuvk-demo
