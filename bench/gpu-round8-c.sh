#!/usr/bin/env bash
# Round eight, third call (about 2 minutes): odd z chunks walking down z (volume_sep.cuh's VOL_SEP3_ALTERNATE) in the
# volumelab harness built from bench/volumelab/sep3g.cu (h25d-diet branch), carried as .carry/h25e/sep3g.
#   carry [".carry/h25e"]; command: bash bench/gpu-round8-c.sh
set -uo pipefail
out=${OUT:-round8-c-out}; mkdir -p "$out"
c=.carry/h25e
timeout 70 $c/sep3g check > "$out/sep3g-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3g-check.txt"; grep -E "BAD|check" "$out/sep3g-check.txt" | head -12
SEP3_RADII=1,2,3,7 SEP3_FLAGS=0,1,2,3 SEP3_ZCH=12,16,20,26,32,48,64,128 timeout 120 $c/sep3g time > "$out/sep3g-time.txt" 2>&1
echo "time exit $?" >> "$out/sep3g-time.txt"
python3 bench/volumelab/sep3_best.py "$out/sep3g-time.txt"
