#!/usr/bin/env bash
# Installs the Debian 12 packages libmgpuvk builds and tests with (docs/ARCHITECTURE.md lists them).
# Idempotent: packages already present are left alone and nothing is downloaded from outside Debian's
# registry. Installing needs root: run it as root, or as a user with sudo. `--plot` adds matplotlib for
# bench/plot.py; `--clang` adds clang, clang-format and clang-tidy for scripts/test.sh's Release build with -Wconversion and its lint; `--fuzz` adds clang
# and its libFuzzer runtime for scripts/fuzz.sh.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libvulkan-dev libvulkan1 libvulkan-volk-dev glslang-tools
      mesa-vulkan-drivers vulkan-validationlayers spirv-tools)
for arg in "$@"; do
  case "$arg" in
    --plot) pkgs+=(python3-matplotlib) ;;
    --clang) pkgs+=(clang clang-format clang-tidy) ;;
    --fuzz) pkgs+=(clang libclang-rt-14-dev) ;;
    *) echo "install-deps: unknown option $arg (--plot, --clang, --fuzz)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: missing ${missing[*]}; run this script as root (no sudo here), or: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  sudo=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
