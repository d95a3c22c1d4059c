#!/usr/bin/env bash
# h25c's second device call: the sep3d harness (check; time of the app's shapes and others beside h25b's kernel;
# ncu of the app's r 3 and r 7 kernels and h25b's, every counter of their sections, as CSV; SASS opcode counts),
# then the bundle's CudaVolumeFilterGpuTest (the app's separable/fast/auto 3D path through VolumeKernels).
# .carry/h25c/sep3d was built on the x86-64 host with
#   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3d.cu -o sep3d
# and the bundle with CONVOLAB_BUNDLE_XZ=1 mvn -Pbundle -DskipTests -Dconvolab.cuda.archs=90 package.
set -uo pipefail
c=.carry/h25c
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/smi.txt
timeout 100 $c/sep3d check > $OUT/sep3d-check-2.txt 2>&1; echo "check exit $?" >> $OUT/sep3d-check-2.txt
tail -2 $OUT/sep3d-check-2.txt
timeout 150 $c/sep3d time > $OUT/sep3d-time-2.txt 2>&1; echo "time exit $?" >> $OUT/sep3d-time-2.txt
grep -E "launch failed|exit" $OUT/sep3d-time-2.txt
python3 $c/best.py $OUT/sep3d-time-2.txt > $OUT/best-2.txt
NCU=1 SEP3_RADII=3,7 SEP3_ZCH=64 SEP3_ONLY="old py4 by8 st3 mb1,new tx64 by8 py4 st3 mb2 xp4 zu2,new tx32 by16 py4 st3 mb1 xp4 zu2" \
  timeout 100 $(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu | head -1) --clock-control none --launch-skip 0 \
  --section SpeedOfLight --section WarpStateStats --section InstructionStats --section Occupancy --section MemoryWorkloadAnalysis \
  --page raw --csv $c/sep3d time > $OUT/ncu-2.csv 2>$OUT/ncu-2.err
echo "ncu exit $? ($(wc -l < $OUT/ncu-2.csv) lines)"; tail -3 $OUT/ncu-2.err
{ for f in convolab_vol_sep3_r1 convolab_vol_sep3_r3 convolab_vol_sep3_r7 _Z16old3_7_4_8_3_1_4PKfPfiiiiif; do
    cuobjdump -sass -fun $f $c/sep3d | python3 $c/sass.py $f; done; } > $OUT/sass-2.txt 2>&1
head -c 1500 $OUT/sass-2.txt
python3 -c 'import tarfile;tarfile.open(".carry/h25c/convolab-linux-x64.tar.xz").extractall("/tmp")' || exit 1
CONVOLAB_TEST_DETAILS=verbose timeout 170 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*VolumeFilterGpuTest' > $OUT/volume-gpu-tests.txt 2>&1
echo "gpu tests exit $?" >> $OUT/volume-gpu-tests.txt
grep -E "tests (successful|failed|skipped)|exit" $OUT/volume-gpu-tests.txt
grep -B2 -A10 "✘" $OUT/volume-gpu-tests.txt | head -40
cat $OUT/best-2.txt
