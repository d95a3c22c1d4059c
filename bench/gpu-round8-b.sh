#!/usr/bin/env bash
# Round eight, second GPU-host call (about 4 minutes): issue 25's r 3 and r 7 block-shape sweep (sep3d built from
# bench/volumelab/sep3f.cu on the h25d-diet branch, carried as .carry/h25e/sep3f), then issue 28's last Nsight Compute
# cases (separable rows at 8192², the float planes' FFT path at r = 31: bench/ncu_gaps.py).
#   carry [".carry/lead", ".carry/h25e"]; command: bash bench/gpu-round8-b.sh
set -uo pipefail
out=${OUT:-round8-b-out}; mkdir -p "$out"
c=.carry/h25e
timeout 40 $c/sep3f check > "$out/sep3f-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3f-check.txt"; tail -2 "$out/sep3f-check.txt"
SEP3_RADII=3,7 SEP3_ZCH=16,20,24,26,28,31,48,86,128 timeout 100 $c/sep3f time > "$out/sep3f-time.txt" 2>&1
echo "time exit $?" >> "$out/sep3f-time.txt"
python3 bench/volumelab/sep3_best.py "$out/sep3f-time.txt"
sh bench/unpack-bundle.sh .carry/lead || exit 1
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
timeout 200 env PYTHONUNBUFFERED=1 python3 bench/ncu_gaps.py --out "$out" --ncu "${ncu:-ncu}" \
  --cases separable-8192-r15,separable-8192-r10,planes-fft-r31 2>&1 | tee "$out/ncu-gaps-b.txt"
