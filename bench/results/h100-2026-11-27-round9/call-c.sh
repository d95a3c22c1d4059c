# Round nine, call C: per-instruction executed counts (Nsight Compute SourceCounters, SASS view) of the app's r 3 (M,
# chunk 26) and r 7 (L, chunk 128) one-sweep kernels and of the tensor-core r 7 kernel, in bench/volumelab/sep3t.cu.
set -uo pipefail
c=.carry/tc
src() {  # $1 name, $2 radius, $3 chunk, $4 SEP3_ONLY
  NCU=1 SEP3_RADII=$2 SEP3_ZCH=$3 SEP3_ONLY="$4" timeout 150 ncu --clock-control none --section SourceCounters \
     --page source --print-source sass --csv $c/sep3t time > $OUT/src-$1.csv 2> $OUT/src-$1.err
  echo "$1: $(wc -l < $OUT/src-$1.csv) lines"; tail -2 $OUT/src-$1.err
  gzip $OUT/src-$1.csv
}
src r3 3 26 "new tx64"
src r7 7 128 "new tx32"
src t7 7 128 "tc tx32 ty32 nw8 ng2 st3 mb2 zu2"
