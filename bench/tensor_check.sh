#!/usr/bin/env bash
# Builds and runs bench/tensor_check.cu on the first GPU: the tensor strategy's kernels alone (no Java),
# max 8-bit difference from a double reference and kernel ms (median of 20) at 4096x4096 ARGB.
# Usage: bench/tensor_check.sh [WIDTH HEIGHT] ; ARCH=sm_80 to build for another GPU (default: this GPU's);
# NVFLAGS=... adds nvcc flags (a lab variant, e.g. NVFLAGS=-DTENSOR_MINB=3: the ARGB kernels bounded to 3 blocks an SM).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
arch=${ARCH:-native}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
nvcc -O3 -std=c++17 -arch="$arch" ${NVFLAGS:-} -I"$here/../cuda-kernels" -Xptxas -v -o "$out/tensor_check" "$here/tensor_check.cu" 2> "$out/ptxas.txt" || { cat "$out/ptxas.txt"; exit 2; }
grep -A2 "tensor_argb_d[0-9]'" "$out/ptxas.txt" | grep -E "spill|registers" | sed 's/^/ptxas: /' | head -10 || true
"$out/tensor_check" "$@"
