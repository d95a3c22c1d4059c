# Round nine, call H: 4 and 5 slabs in flight beside the app's 3 (bench/volumelab/sep3s.cu, built into .carry/tc),
# over z chunks 26-128: do long chunks lose because loads are not far enough ahead?
set -uo pipefail
c=.carry/tc
timeout 90 $c/sep3s check > $OUT/sep3s-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3s-check.txt; grep -E "BAD|check" $OUT/sep3s-check.txt | head
SEP3_RADII=3,7 SEP3_ZCH=26,32,48,64,96,128 timeout 200 $c/sep3s time > $OUT/sep3s-time.txt 2>&1
grep -E " zch " $OUT/sep3s-time.txt | sed -E 's/ +/ /g' | cut -d' ' -f1,3-10,12-14 | cut -c1-90
