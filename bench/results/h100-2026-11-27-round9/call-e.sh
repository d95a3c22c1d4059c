# Round nine, call E: the one-sweep kernel's z stores with their address made once (volume_sep.cuh): sep3m built from
# HEAD's kernels (old) and the working tree's (new), check of the new one, then timed alternately twice.
set -uo pipefail
c=.carry/tc
timeout 90 $c/sep3m-new check > $OUT/check-new.txt 2>&1; echo "check exit $?" >> $OUT/check-new.txt; grep -E "BAD|check" $OUT/check-new.txt | head
for i in 1 2; do for b in old new; do
  SEP3_ONLY=new SEP3_RADII=1,2,3,7 SEP3_ZCH=12,26,128 timeout 60 $c/sep3m-$b time > $OUT/time-$b-$i.txt 2>&1
done; done
for f in $OUT/time-*.txt; do echo "== $(basename $f)"; grep -E " zch " $f | sed -E 's/ +/ /g' | cut -d' ' -f1,3,11-15 | cut -c1-80; done
