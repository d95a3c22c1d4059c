# Round nine, call I: shape L at r 4-7 with 3, 4 and 5 slabs in flight over z chunks 64-128 (bench/volumelab/sep3s.cu).
set -uo pipefail
c=.carry/tc
timeout 120 $c/sep3s check > $OUT/sep3s-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3s-check.txt; grep -E "BAD|check" $OUT/sep3s-check.txt | head
SEP3_RADII=4,5,6,7 SEP3_ZCH=64,72,80,86,96,104,112,128 timeout 300 $c/sep3s time > $OUT/sep3s-time.txt 2>&1
python3 bench/volumelab/sep3_best.py $OUT/sep3s-time.txt 4
