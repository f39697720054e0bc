#!/usr/bin/env bash
# Installs the Debian 12 packages libmgpuvk builds and tests with (shared DESIGN.md). Idempotent: packages
# already present are left alone and nothing is downloaded from outside Debian's registry.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libvulkan-dev libvulkan1 libvulkan-volk-dev glslang-tools
      mesa-vulkan-drivers vulkan-validationlayers spirv-tools)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
