#!/usr/bin/env bash
# Runs cuda-kernels/volume_sep.cuh's one-sweep rank-1 kernel on the CPU (emulate_sep3.cpp: a std::thread per CUDA
# thread) against a double separable reference: radii 1, 2, 3 and 7, six shapes (the app's S, M and L among them; z unroll ZU 1, 2 and 4), every policy, odd volumes,
# z chunks 3, 8 and 64. Index logic only (no GPU here; bench/volumelab/sep3d.cu check runs it on one).
#   bash bench/volumelab/emulate_sep3.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kernels=$(cd "$here/../../cuda-kernels" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the kernel's extern __shared__ array becomes the harness's global
sed -e 's/extern __shared__ float4 vol_sep3_smem\[\];//' "$kernels/volume_sep.cuh" > "$work/volume_sep_host.h"
g++ -std=c++20 -O1 -w -fopenmp -I"$kernels" -I"$work" -I"$here" -o "$work/emulate" "$here/emulate_sep3.cpp" -lpthread
"$work/emulate"
