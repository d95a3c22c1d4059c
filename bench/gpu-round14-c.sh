#!/bin/sh
# Round fourteen, call C (H100): call B's time runs again at r 7 with the device input compared with the host's after
# every timed row (calls A and B saw outputs that differ from the first one after the app's timed rows).
set -x
SEP3_RADII=7 SEP3_REF=1 .carry/k/sep3k time > $OUT/k-time.txt 2>&1
grep -v "app+pf.*pf[1-9]" $OUT/k-time.txt
