#!/usr/bin/env bash
# One call's worth of the ARGB kernel lab on a CUDA host: times, the odd-size check and an Nsight
# Compute profile of the shipped and shared-memory kernels. Logs to $OUT (or ./argblab-out).
#   bash bench/fastlab/argblab.sh            (builds target/argblab with nvcc unless it is there)
set -uo pipefail
out=${OUT:-argblab-out}; mkdir -p "$out"
[[ -x target/argblab ]] || nvcc -O3 -std=c++17 -arch=sm_90 -I cuda-kernels bench/fastlab/argblab.cu -o target/argblab
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader > "$out/argblab-time.txt"
target/argblab time >> "$out/argblab-time.txt" 2>&1
target/argblab odd > "$out/argblab-odd.txt" 2>&1
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [[ -n "$ncu" ]]; then
  "$ncu" --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section Occupancy \
    --section LaunchStats --section WarpStateStats --section InstructionStats -k "regex:argb" target/argblab ncu > "$out/argblab-ncu.txt" 2>&1
fi
cat "$out/argblab-time.txt"; echo "odd: $(grep -c 'mismatches 0$' "$out/argblab-odd.txt") lines without, $(grep -vc 'mismatches 0$' "$out/argblab-odd.txt") with mismatches"
# Instruction mix of the kernels (static SASS counts by opcode), for reading the profile.
if command -v cuobjdump > /dev/null; then
  for f in convolab_argb2d_r1 _Z5argbsILi2ELi2ELi6ELi1EEvPKjPjiiifffi _Z5argbsILi3ELi2ELi6ELi1EEvPKjPjiiifffi; do
    echo "== $f"; cuobjdump -sass -fun "$f" target/argblab | grep -oE '^\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P[0-9T] )?[A-Z0-9]+' | awk '{print $NF}' | sort | uniq -c | sort -rn | head -25
  done > "$out/argblab-sass.txt" 2>&1
fi
