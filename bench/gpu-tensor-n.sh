#!/usr/bin/env bash
# Issue 28, the argbn tensor kernels (8-column band cut, one load) in ONE GPU-host call of about 5 minutes:
#   1. bench/tensor_check.cu built with nvcc for this GPU: the lab sweep (TC_SWEEP=1: argbn at 1, 2, 3 blocks an SM
#      and 1, 4, 8 word pairs in flight) on the random masks r = 4, 7, 10, 15 beside the shipped per-channel and argb3
#      kernels (the baseline, same process), then every ARGB mask of the check (worst cases included; max diff <= 1);
#   2. from the unpacked bundle (/tmp/convolab): `convolab bench` r = 4, 7, 10, 15 at 4096², zero and mirror, fast and
#      tensor (argb_ms: the app's ARGB path, as bench/board.py reads it);
#   3. the gpu-tagged TensorGpuTest and PlanLaunchGpuTest (bench/gpu-quick.sh; log tests.txt).
# Everything goes to $OUT. Unpack first:
#   python3 -c 'import tarfile;tarfile.open("DIR/convolab-linux-x64.tar.xz").extractall("/tmp")' && bash bench/gpu-tensor-n.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-tensor-n-out}
mkdir -p "$out"
t0=$(date +%s)
el() { echo "[$(($(date +%s) - t0)) s] $*"; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee "$out/host.txt"

# a tensor_check built beforehand (x86-64, nvcc -arch=sm_90) may travel beside this script: about a minute saved
tc=$here/tensor_check
if ! TC_MASKS=none "$tc" 64 64 > /dev/null 2>&1; then
  el "tensor_check: build"
  tc=$(mktemp -d)/tensor_check
  nvcc -O3 -std=c++17 -arch=native -I"$here/../cuda-kernels" -o "$tc" "$here/tensor_check.cu" || exit 2
fi
el "tensor_check: sweep r = 4, 7, 10, 15"
TC_SWEEP=1 TC_MASKS="r=4 random,r=7 random,r=10 random,r=15 random" timeout 120 "$tc" 2>&1 | tee "$out/tc-sweep.txt"
el "tensor_check: every ARGB mask"
TC_MASKS="r=,63x,5x63,9x31,41x,3x45,1x63" timeout 150 "$tc" 2>&1 | tee "$out/tc-full.txt"

c=/tmp/convolab/bin/convolab
if [[ -x $c ]]; then
  for b in zero mirror; do
    el "bench $b"
    timeout 90 "$c" bench --backend cuda --size 4096x4096 --radius 4,7,10,15 --strategy fast,tensor --border "$b" \
      --mask random --repeat 10 --warmup 3 --format json > "$out/bench-$b.json" 2> "$out/bench-$b.err"
    echo "exit $?" >> "$out/bench-$b.err"
  done
  el "gpu tests"
  OUT="$out" CLASSES="org.convolab.cuda.TensorGpuTest org.convolab.cuda.PlanLaunchGpuTest" SCIENCE=0 JPEG=0 \
    TESTS_LIMIT="${T_TESTS:-200}" bash "$here/gpu-quick.sh"
fi
el "done"
