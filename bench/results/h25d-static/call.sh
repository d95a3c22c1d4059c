#!/usr/bin/env bash
# One device call for h25d's change (volume_sep.cuh: z loop unrolled by ZU = 4 for shapes M and L), modelled on
# bench/results/h100-2026-11-27-h25c/call2.sh: sep3d check (every variant x policy, ZU 2 and 4), sep3d time of the
# app's shapes before (ZU 2) and after (ZU 4) in the same run, ncu of r 3 and r 7 before/after, SASS counts of every
# sep3 kernel (bench/volumelab/sass_count.py on cuobjdump -sass), then the bundle's CudaVolumeFilterGpuTest.
# Prepare in a clone at this branch (x86-64 host, nvcc 13):
#   mkdir -p /work/main/.carry/h25d
#   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab \
#        bench/volumelab/sep3d.cu -o /work/main/.carry/h25d/sep3d                       # ~1.5 min
#   CONVOLAB_BUNDLE_XZ=1 mvn -q -Pbundle -DskipTests -Dconvolab.cuda.archs=90 package     # ~5 min
#   cp target/convolab-linux-x64.tar.xz bench/results/h25d-static/call.sh \
#      bench/results/h100-2026-11-27-h25c/best.py bench/volumelab/sass_count.py /work/main/.carry/h25d/
# Run: carry [".carry/h25d"], command `bash .carry/h25d/call.sh`, timeout_s 420 (about 6 minutes of device time).
set -uo pipefail
c=.carry/h25d
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/smi.txt
cuobjdump -sass $c/sep3d | python3 $c/sass_count.py sass > $OUT/sass-counts.txt 2>&1
head -40 $OUT/sass-counts.txt
timeout 100 $c/sep3d check > $OUT/sep3d-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3d-check.txt
tail -2 $OUT/sep3d-check.txt
SEP3_RADII=1,2,3,4,5,6,7 timeout 170 $c/sep3d time > $OUT/sep3d-time.txt 2>&1; echo "time exit $?" >> $OUT/sep3d-time.txt
grep -E "launch failed|exit" $OUT/sep3d-time.txt
python3 $c/best.py $OUT/sep3d-time.txt > $OUT/best.txt
NCU=1 SEP3_RADII=3,7 SEP3_ZCH=64 SEP3_ONLY="new tx64 by4 py4 st3 mb3 xp4 zu2,new tx64 by4 py4 st3 mb3 xp4 zu4,new tx32 by8 py4 st3 mb2 xp4 zu2,new tx32 by8 py4 st3 mb2 xp4 zu4" \
  timeout 90 $(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu | head -1) --clock-control none --launch-skip 0 \
  --section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy \
  --page raw --csv $c/sep3d time > $OUT/ncu.csv 2>$OUT/ncu.err
echo "ncu exit $? ($(wc -l < $OUT/ncu.csv) lines)"; tail -3 $OUT/ncu.err
python3 -c 'import tarfile;tarfile.open(".carry/h25d/convolab-linux-x64.tar.xz").extractall("/tmp")' || exit 1
CONVOLAB_TEST_DETAILS=verbose timeout 150 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*VolumeFilterGpuTest' > $OUT/volume-gpu-tests.txt 2>&1
echo "gpu tests exit $?" >> $OUT/volume-gpu-tests.txt
grep -E "tests (successful|failed|skipped)|exit" $OUT/volume-gpu-tests.txt
grep -B2 -A10 "✘" $OUT/volume-gpu-tests.txt | head -40
cat $OUT/best.txt
