# Round nine, call D: the tensor-core kernel after its first profile (split by truncation, the z stores' addresses
# made once, whole slab rows by cp.async.bulk where the tile is inside the volume along x): check and time.
set -uo pipefail
c=.carry/tc
timeout 150 $c/sep3t check > $OUT/sep3t-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3t-check.txt
grep -E "BAD|check" $OUT/sep3t-check.txt | head -30
SEP3_RADII=3,7 SEP3_ZCH=26,32,64,128,256 timeout 300 $c/sep3t time > $OUT/sep3t-time.txt 2>&1
python3 bench/volumelab/sep3_best.py $OUT/sep3t-time.txt 3
grep -E "regs" $OUT/sep3t-time.txt | grep "zch  64" | sed -E 's/.*\(/(/'
