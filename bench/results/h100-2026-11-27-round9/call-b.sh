# Round nine, call B: Nsight Compute on the tensor-core kernel (r 7, 32x32, mb2 zu2; r 3 32x32 mb3 zu2) and the
# app's r 7 shape, and the SASS of the tensor-core kernels (cuobjdump).
set -uo pipefail
c=.carry/tc
sec="--section SpeedOfLight --section WarpStateStats --section Occupancy --section InstructionStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis"
NCU=1 SEP3_RADII=7 SEP3_ZCH=128 SEP3_ONLY="tc tx32 ty32 nw8 ng2 st3 mb2 zu2,new tx32" timeout 200 ncu --clock-control none $sec --csv $c/sep3t time > $OUT/ncu-r7.csv 2>&1
NCU=1 SEP3_RADII=3 SEP3_ZCH=64 SEP3_ONLY="tc tx32 ty32 nw8 ng2 st3 mb3 zu2" timeout 100 ncu --clock-control none $sec --csv $c/sep3t time > $OUT/ncu-r3.csv 2>&1
cuobjdump -sass -fun _Z23sep3t_7_32_32_8_2_3_2_2PKfPfiiiiif $c/sep3t | gzip > $OUT/tc-r7.sass.gz
ls -la $OUT
