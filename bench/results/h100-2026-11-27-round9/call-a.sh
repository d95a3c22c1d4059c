# Round nine, call A: the tensor-core 3D separable kernel (volume_sep_tc.cuh) in bench/volumelab/sep3t.cu, checked
# and timed beside the app's shapes (carry .carry/tc: sep3t built here with nvcc 13.0 for sm_90).
set -uo pipefail
c=.carry/tc
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $OUT/host.txt 2>&1
timeout 150 $c/sep3t check > $OUT/sep3t-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3t-check.txt
grep -E "BAD|check" $OUT/sep3t-check.txt | head -30
SEP3_RADII=3,7 SEP3_ZCH=16,26,32,64,128,256 timeout 300 $c/sep3t time > $OUT/sep3t-time.txt 2>&1
python3 bench/volumelab/sep3_best.py $OUT/sep3t-time.txt 3
grep -E "^#" $OUT/sep3t-time.txt
