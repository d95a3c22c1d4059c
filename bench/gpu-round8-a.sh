#!/usr/bin/env bash
# Round eight, first GPU-host call (about 8 minutes): issue 25's z-chunk sweep by wave arithmetic and h25d's z unroll
# (bench/volumelab/sep3d.cu built with NEW_LIST of r 1-3 and 7 shapes, carried in .carry/h25e), the SASS of the
# r 3 and r 7 kernels, then bench/gpu-round8-next.sh (issue 28's last counters, 8192² planes and Gaussians, 3D board).
#   carry [".carry/lead", ".carry/h25e"]; command: bash bench/gpu-round8-a.sh
set -uo pipefail
out=${OUT:-round8-a-out}; mkdir -p "$out"
c=.carry/h25e
cuobjdump -sass $c/sep3d > "$out/sep3d.sass" 2>&1; echo "sass $(wc -l < "$out/sep3d.sass") lines"
timeout 40 $c/sep3d check > "$out/sep3d-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3d-check.txt"; tail -2 "$out/sep3d-check.txt"
SEP3_RADII=1,2,3,7 SEP3_ZCH=16,26,31,32,57,64,86,128,171,256 timeout 90 $c/sep3d time > "$out/sep3d-time.txt" 2>&1
echo "time exit $?" >> "$out/sep3d-time.txt"; grep -E "zch|exit" "$out/sep3d-time.txt" | sed -E "s/ +/ /g" | cut -c1-90
sh bench/unpack-bundle.sh .carry/lead || exit 1
OUT="$out" bash bench/gpu-round8-next.sh
