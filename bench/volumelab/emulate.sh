#!/usr/bin/env bash
# Runs cuda-kernels/volume.cu's direct kernels (naive, constant, tiled, the separable line passes, fast: compiled
# cubes, the run-time-size kernel and the fused rank-1 pass) on the CPU, with no GPU: one std::thread per CUDA
# thread and a std::barrier for __syncthreads, against a double-precision reference (border.cuh's own index rule),
# every policy (constant 77 too), volumes 1x1x1 to 70 deep and masks larger than the volume. It checks the index
# logic (halos, z windows, passes, ghost cells), not speed or float rounding. About 9 minutes on 2 cores.
#   bash bench/volumelab/emulate.sh [rank1]    (rank1: only the rank-1 masks, a minute)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kernels=$(cd "$here/../../cuda-kernels" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# __shared__ arrays become statics (one block runs at a time), extern ones the harness's globals
sed -e 's/extern __shared__/extern/' -e 's/__shared__/static/' "$kernels/volume.cu" > "$work/volume_host.cu.h"
g++ -std=c++20 -O1 -w -I"$kernels" -I"$work" -o "$work/emulate" "$here/emulate.cpp" -lpthread
"$work/emulate" "$@"
